import * as z from 'zod';
import { formatMessage, messages } from './messages.ts';
import {
  type CheckResult,
  checkCost,
  checkMandatory,
  checkPrice,
  checkQuantity,
  fromCheck,
  ProductCost,
  ProductPrice,
  ProductQuantity,
  RequiredText,
} from './validators.ts';

/** Spec §3 Product and §5 product form rules. */

export const productTypes = [
  'USER_PRODUCT',
  'SOFTWARE',
  'HARDWARE',
  'PRODUCT_GROUP',
  'MANAGED_END_USER',
  'MANAGED_DEVICES',
  'MANAGED_DEVICE_BACKUP',
  'LABOR_BILLED',
  'LABOR_TICKET_TIME_ENTRY',
  'CUSTOM_PRODUCT',
] as const;
export const ProductType = /* @__PURE__ */ z.enum(productTypes);
export type ProductType = z.infer<typeof ProductType>;

/** Products billed per item the technician counts: these need billing and quantity. */
export const billedProductTypes = [
  'USER_PRODUCT',
  'SOFTWARE',
  'HARDWARE',
  'CUSTOM_PRODUCT',
] as const satisfies readonly ProductType[];
export const isBilledProductType = (type: ProductType): boolean =>
  billedProductTypes.some((billed) => billed === type);

export const licensingTypes = ['PERPETUAL', 'SUBSCRIPTION', 'SUPPORT', 'TERM'] as const;
export const LicensingType = /* @__PURE__ */ z.enum(licensingTypes);
export type LicensingType = z.infer<typeof LicensingType>;

export const billingOptions = ['BILLABLE', 'NOT_BILLABLE', 'NO_CHARGE'] as const;
export const BillingOption = /* @__PURE__ */ z.enum(billingOptions);
export type BillingOption = z.infer<typeof BillingOption>;

export const termOptions = ['ANNUAL', 'MONTHLY', 'QUARTERLY', 'SEMIANNUAL'] as const;
export const TermOption = /* @__PURE__ */ z.enum(termOptions);
export type TermOption = z.infer<typeof TermOption>;

export const billingIntervals = [
  'ANNUAL',
  'SEMIANNUAL',
  'QUARTERLY',
  'MONTHLY',
  'BIMONTHLY',
  'WEEKLY',
  'BIWEEKLY',
  'ONE_TIME',
] as const;
export const BillingInterval = /* @__PURE__ */ z.enum(billingIntervals);
export type BillingInterval = z.infer<typeof BillingInterval>;

/** Spelled as in the spec: the middle four have no ROUND_UP_ prefix. */
export const timeRoundingOptions = [
  'OFF',
  'ROUND_UP_5_MIN',
  '10_MIN',
  '15_MIN',
  '20_MIN',
  '30_MIN',
  'ROUND_UP_1_HOUR',
  'ROUND_UP_1_DAY',
] as const;
export const TimeRoundingOption = /* @__PURE__ */ z.enum(timeRoundingOptions);
export type TimeRoundingOption = z.infer<typeof TimeRoundingOption>;

export const timeEntrySources = ['SELF', 'TICKET', 'NONE'] as const;
export const TimeEntrySource = /* @__PURE__ */ z.enum(timeEntrySources);
export type TimeEntrySource = z.infer<typeof TimeEntrySource>;

export const productFormTabs = ['GENERAL', 'BILLING', 'ADVANCED', 'PERMISSIONS'] as const;
export const ProductFormTab = /* @__PURE__ */ z.enum(productFormTabs);
export type ProductFormTab = z.infer<typeof ProductFormTab>;

export const MAX_PRODUCT_NAME_LENGTH = 255;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 4000;

const limitedText = (limit: number) =>
  RequiredText.max(limit, formatMessage(messages.tags.maxLength, { limit }));

const mandatory = { error: messages.validation.mandatory };
const RoleIds = /* @__PURE__ */ z.array(z.number().int().positive());

/** An amount field that may be left empty ('' or null gives null). */
const optionalAmount = <T>(check: (input: string | number) => CheckResult<T>) =>
  z
    .union([z.string(), z.number(), z.null()])
    .transform(
      fromCheck(
        (input: string | number | null): CheckResult<T | null> =>
          input === null || input === '' ? { ok: true, value: null } : check(input),
      ),
    );

/** A select that starts empty (null) but must be chosen. */
const requiredChoice = <T extends string>(schema: z.ZodType<T>) =>
  schema.nullable().transform(fromCheck((value: T | null) => checkMandatory(value)));

const ruleFields = new Set(['type', 'billing', 'quantity', 'allowAllTechnicians', 'userRoles']);

/** What the form holds: price, cost and quantity as typed. */
export const ProductForm = z
  .object({
    type: ProductType,
    name: limitedText(MAX_PRODUCT_NAME_LENGTH),
    description: limitedText(MAX_PRODUCT_DESCRIPTION_LENGTH),
    price: optionalAmount(checkPrice),
    cost: optionalAmount(checkCost),
    taxable: z.boolean(),
    quantity: optionalAmount(checkQuantity),
    licensingType: requiredChoice(LicensingType),
    term: requiredChoice(TermOption),
    billing: BillingOption.nullable(),
    allowAllTechnicians: z.boolean(),
    userRoles: RoleIds,
  })
  .superRefine(
    (form, ctx) => {
      for (const issue of productRuleIssues(form)) ctx.addIssue({ code: 'custom', ...issue });
    },
    // Run beside other field errors (so the form shows them all), once the fields the rules read are valid.
    { when: (payload) => !payload.issues.some((issue) => ruleFields.has(String(issue.path?.[0]))) },
  );
export type ProductFormInput = z.input<typeof ProductForm>;
export type ProductForm = z.output<typeof ProductForm>;

type RuleInput = {
  type: ProductType;
  billing: BillingOption | null;
  quantity: number | null;
  allowAllTechnicians: boolean;
  userRoles: readonly number[];
};

/** Billed variants need billing and quantity; a role list is needed unless all technicians are allowed. */
export const productRuleIssues = (product: RuleInput): { path: string[]; message: string }[] => {
  const issues: { path: string[]; message: string }[] = [];
  const isBilled = isBilledProductType(product.type);
  if (isBilled && product.billing === null) issues.push({ path: ['billing'], message: mandatory.error });
  if (isBilled && product.quantity === null) issues.push({ path: ['quantity'], message: mandatory.error });
  if (!product.allowAllTechnicians && product.userRoles.length === 0) {
    issues.push({ path: ['userRoles'], message: mandatory.error });
  }
  return issues;
};

export const newProductDefaults = (type: ProductType): ProductFormInput => ({
  type,
  name: '',
  description: '',
  price: '',
  cost: '',
  taxable: true,
  quantity: 1,
  licensingType: null,
  term: null,
  billing: 'BILLABLE',
  allowAllTechnicians: true,
  userRoles: [],
});

export const ProductContent = /* @__PURE__ */ z.object({
  price: ProductPrice.nullable(),
  cost: ProductCost.nullable(),
  taxable: z.boolean(),
  quantity: ProductQuantity.nullable(),
  licensingType: LicensingType,
  term: TermOption,
  billing: BillingOption.nullable(),
});

export const ProductUserRole = /* @__PURE__ */ z.object({
  allowAllTechnicians: z.boolean(),
  userRoles: RoleIds,
});

/** What is sent to create or update a product. */
export const ProductPayload = z
  .object({
    name: limitedText(MAX_PRODUCT_NAME_LENGTH),
    description: limitedText(MAX_PRODUCT_DESCRIPTION_LENGTH),
    type: ProductType,
    content: ProductContent,
    productUserRole: ProductUserRole,
  })
  .superRefine((product, ctx) => {
    const issues = productRuleIssues({ type: product.type, ...product.content, ...product.productUserRole });
    for (const issue of issues) {
      const group = issue.path[0] === 'userRoles' ? 'productUserRole' : 'content';
      ctx.addIssue({ code: 'custom', ...issue, path: [group, ...issue.path] });
    }
  });
export type ProductPayload = z.infer<typeof ProductPayload>;

/** A product as listed. */
export const Product = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: ProductType,
  content: ProductContent,
  productUserRole: ProductUserRole,
  isActive: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Product = z.infer<typeof Product>;

/** Name and description trimmed; all technicians allowed sends userRoles empty. */
export const toProductPayload = (form: ProductForm): ProductPayload => ({
  name: form.name.trim(),
  description: form.description.trim(),
  type: form.type,
  content: {
    price: form.price,
    cost: form.cost,
    taxable: form.taxable,
    quantity: form.quantity,
    licensingType: form.licensingType,
    term: form.term,
    billing: form.billing,
  },
  productUserRole: {
    allowAllTechnicians: form.allowAllTechnicians,
    userRoles: form.allowAllTechnicians ? [] : [...form.userRoles],
  },
});
