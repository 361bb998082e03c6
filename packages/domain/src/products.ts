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

/** Labour is billed by the hour: a rate, rounded time, and the time entries it counts (docs/decisions.md). */
export const laborProductTypes = [
  'LABOR_BILLED',
  'LABOR_TICKET_TIME_ENTRY',
] as const satisfies readonly ProductType[];
export const isLaborProductType = (type: ProductType): boolean =>
  laborProductTypes.some((labor) => labor === type);

/** Where a product's quantity is counted from when the type implies it (decided: docs/decisions.md). */
export const quantitySources = [
  'DEVICES',
  'END_USERS',
  'BACKUP_DEVICES',
  'BACKUP_STORAGE_GB',
  'TIME_ENTRIES',
] as const;
export const QuantitySource = /* @__PURE__ */ z.enum(quantitySources);
export type QuantitySource = z.infer<typeof QuantitySource>;

const quantitySourcesByType: Partial<Record<ProductType, readonly QuantitySource[]>> = {
  MANAGED_DEVICES: ['DEVICES'],
  MANAGED_END_USER: ['END_USERS'],
  MANAGED_DEVICE_BACKUP: ['BACKUP_STORAGE_GB', 'BACKUP_DEVICES'],
  LABOR_BILLED: ['TIME_ENTRIES'],
  LABOR_TICKET_TIME_ENTRY: ['TIME_ENTRIES'],
};

/** The quantity sources a type may use, the default first; none for typed quantities and groups. */
export const quantitySourcesOf = (type: ProductType): readonly QuantitySource[] =>
  quantitySourcesByType[type] ?? [];

export const defaultTimeEntrySourceOf = (type: ProductType): TimeEntrySource =>
  type === 'LABOR_TICKET_TIME_ENTRY' ? 'TICKET' : 'SELF';

/** Minutes of work as billed: every rounding option rounds up (`ROUND_UP_` applies to the whole list). */
const roundingMinutes: Record<TimeRoundingOption, number> = {
  OFF: 0,
  ROUND_UP_5_MIN: 5,
  '10_MIN': 10,
  '15_MIN': 15,
  '20_MIN': 20,
  '30_MIN': 30,
  ROUND_UP_1_HOUR: 60,
  ROUND_UP_1_DAY: 1440,
};
export const roundWorkedMinutes = (minutes: number, rounding: TimeRoundingOption): number => {
  const step = roundingMinutes[rounding];
  return step === 0 || minutes <= 0 ? minutes : Math.ceil(minutes / step) * step;
};

export const MAX_PRODUCT_NAME_LENGTH = 255;
export const MAX_PRODUCT_DESCRIPTION_LENGTH = 4000;
export const MAX_PRODUCT_GROUP_MEMBERS = 100;
export const MAX_PRODUCT_USER_ROLES = 100;

const limitedText = (limit: number) =>
  RequiredText.max(limit, formatMessage(messages.tags.maxLength, { limit }));

const mandatory = { error: messages.validation.mandatory };
const Ids = (max: number) => z.array(z.number().int().positive().max(2147483647)).max(max);
const RoleIds = /* @__PURE__ */ Ids(MAX_PRODUCT_USER_ROLES);
const MemberIds = /* @__PURE__ */ Ids(MAX_PRODUCT_GROUP_MEMBERS);

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

const ruleFields = new Set([
  'type',
  'billing',
  'quantity',
  'allowAllTechnicians',
  'userRoles',
  'quantitySource',
  'timeRounding',
  'timeEntrySource',
  'productIds',
]);

/** What the form holds: price, cost, rate and quantity as typed. */
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
    quantitySource: QuantitySource.nullable(),
    rate: optionalAmount(checkPrice),
    timeRounding: TimeRoundingOption.nullable(),
    timeEntrySource: TimeEntrySource.nullable(),
    productIds: MemberIds,
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
  quantitySource: QuantitySource | null;
  timeRounding: TimeRoundingOption | null;
  timeEntrySource: TimeEntrySource | null;
  productIds: readonly number[];
  allowAllTechnicians: boolean;
  userRoles: readonly number[];
};
type RuleIssue = { path: string[]; message: string };

const quantitySourceIssue = (product: RuleInput): RuleIssue | undefined => {
  const sources = quantitySourcesOf(product.type);
  if (sources.length === 0) return undefined;
  if (product.quantitySource === null) return { path: ['quantitySource'], message: mandatory.error };
  return sources.includes(product.quantitySource)
    ? undefined
    : { path: ['quantitySource'], message: messages.numeric.invalid };
};

/**
 * Billed variants need billing and quantity; a role list is needed unless all technicians are allowed; managed
 * and labour types need their quantity source, labour its rounding and time-entry source, a group its members.
 */
export const productRuleIssues = (product: RuleInput): RuleIssue[] => {
  const issues: RuleIssue[] = [];
  const isBilled = isBilledProductType(product.type);
  const isLabor = isLaborProductType(product.type);
  if (isBilled && product.billing === null) issues.push({ path: ['billing'], message: mandatory.error });
  if (isBilled && product.quantity === null) issues.push({ path: ['quantity'], message: mandatory.error });
  const sourceIssue = quantitySourceIssue(product);
  if (sourceIssue) issues.push(sourceIssue);
  if (isLabor && product.timeRounding === null) {
    issues.push({ path: ['timeRounding'], message: mandatory.error });
  }
  if (isLabor && product.timeEntrySource === null) {
    issues.push({ path: ['timeEntrySource'], message: mandatory.error });
  }
  if (product.type === 'PRODUCT_GROUP' && product.productIds.length === 0) {
    issues.push({ path: ['productIds'], message: mandatory.error });
  }
  if (!product.allowAllTechnicians && product.userRoles.length === 0) {
    issues.push({ path: ['userRoles'], message: mandatory.error });
  }
  return issues;
};

export const newProductDefaults = (type: ProductType): ProductFormInput => {
  const isLabor = isLaborProductType(type);
  return {
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
    quantitySource: quantitySourcesOf(type)[0] ?? null,
    rate: '',
    timeRounding: isLabor ? 'OFF' : null,
    timeEntrySource: isLabor ? defaultTimeEntrySourceOf(type) : null,
    productIds: [],
    allowAllTechnicians: true,
    userRoles: [],
  };
};

/** A missing or null choice gets the mandatory-value message, as the form shows it. */
const choiceError = {
  error: (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? messages.validation.mandatory : undefined,
};

/** Left out, an amount is empty (null) and a choice unmade: the rules then name what the type needs. */
export const ProductContent = /* @__PURE__ */ z.object({
  price: ProductPrice.nullable().default(null),
  cost: ProductCost.nullable().default(null),
  taxable: z.boolean().default(true),
  quantity: ProductQuantity.nullable().default(null),
  licensingType: requiredChoice(z.enum(licensingTypes, choiceError)),
  term: requiredChoice(z.enum(termOptions, choiceError)),
  billing: BillingOption.nullable().default(null),
  /** Decided additions (docs/decisions.md): left out, null. */
  quantitySource: QuantitySource.nullable().default(null),
  /** Labour: the price of an hour (the price rule). */
  rate: ProductPrice.nullable().default(null),
  timeRounding: TimeRoundingOption.nullable().default(null),
  timeEntrySource: TimeEntrySource.nullable().default(null),
});

export const ProductUserRole = /* @__PURE__ */ z.object({
  allowAllTechnicians: z.boolean(),
  userRoles: RoleIds,
});

const productPayloadShape = {
  name: limitedText(MAX_PRODUCT_NAME_LENGTH),
  description: limitedText(MAX_PRODUCT_DESCRIPTION_LENGTH),
  type: ProductType,
  content: ProductContent,
  productUserRole: ProductUserRole,
  /** A PRODUCT_GROUP's member products (decided); empty for every other type. */
  productIds: MemberIds.default([]),
};

type PayloadShape = z.output<z.ZodObject<typeof productPayloadShape>>;

const payloadIssueGroup = (field: string): string[] => {
  if (field === 'userRoles') return ['productUserRole'];
  return field === 'productIds' ? [] : ['content'];
};

const checkPayloadRules = (product: PayloadShape, ctx: z.core.$RefinementCtx<PayloadShape>) => {
  const issues = productRuleIssues({
    type: product.type,
    ...product.content,
    ...product.productUserRole,
    productIds: product.productIds,
  });
  for (const issue of issues) {
    ctx.addIssue({ code: 'custom', ...issue, path: [...payloadIssueGroup(issue.path[0]!), ...issue.path] });
  }
};

const distinct = (ids: readonly number[]) => [...new Set(ids)];

/**
 * What the type uses and nothing else: quantity only in billed variants, price or (labour) rate, the labour
 * settings, a quantity source and members only where the type has them; userRoles empty when all are allowed.
 */
export const normalizeProductPayload = <T extends PayloadShape>(product: T): T => {
  const isLabor = isLaborProductType(product.type);
  const { content, productUserRole } = product;
  return {
    ...product,
    content: {
      ...content,
      price: isLabor ? null : content.price,
      quantity: isBilledProductType(product.type) ? content.quantity : null,
      quantitySource: quantitySourcesOf(product.type).length > 0 ? content.quantitySource : null,
      rate: isLabor ? content.rate : null,
      timeRounding: isLabor ? content.timeRounding : null,
      timeEntrySource: isLabor ? content.timeEntrySource : null,
    },
    productUserRole: {
      allowAllTechnicians: productUserRole.allowAllTechnicians,
      userRoles: productUserRole.allowAllTechnicians ? [] : distinct(productUserRole.userRoles),
    },
    productIds: product.type === 'PRODUCT_GROUP' ? distinct(product.productIds) : [],
  };
};

/** What is sent to create a product (the server keeps only what the type uses). */
export const ProductPayload = /* @__PURE__ */ z
  .object(productPayloadShape)
  .superRefine(checkPayloadRules)
  .transform(normalizeProductPayload);
export type ProductPayloadInput = z.input<typeof ProductPayload>;
export type ProductPayload = z.output<typeof ProductPayload>;

/** An edit: the product as the dialog read it (`version`); the type cannot change. */
export const UpdateProductPayload = /* @__PURE__ */ z
  .object({ ...productPayloadShape, version: z.number().int().positive() })
  .superRefine(checkPayloadRules)
  .transform(normalizeProductPayload);
export type UpdateProductPayloadInput = z.input<typeof UpdateProductPayload>;
export type UpdateProductPayload = z.output<typeof UpdateProductPayload>;

/** An exact decimal as stored (numeric): "12.50". */
const DecimalAmount = /* @__PURE__ */ z.string().regex(/^-?\d+(\.\d+)?$/);

/** A product as answered (plain values: an answer is encoded, not parsed). */
export const Product = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: ProductType,
  content: z.object({
    price: DecimalAmount.nullable(),
    cost: DecimalAmount.nullable(),
    taxable: z.boolean(),
    quantity: z.number().int().nullable(),
    licensingType: LicensingType,
    term: TermOption,
    billing: BillingOption.nullable(),
    quantitySource: QuantitySource.nullable(),
    rate: DecimalAmount.nullable(),
    timeRounding: TimeRoundingOption.nullable(),
    timeEntrySource: TimeEntrySource.nullable(),
  }),
  productUserRole: z.object({ allowAllTechnicians: z.boolean(), userRoles: z.array(z.number().int()) }),
  productIds: z.array(z.number().int()),
  isActive: z.boolean(),
  /** Sent back with an edit; a stale one is answered 409 with the product as it is. */
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Product = z.infer<typeof Product>;

/** What one unit costs the customer: labour's hourly rate, any other type's price. */
export const unitPriceOf = (product: Pick<Product, 'type' | 'content'>): string | null =>
  isLaborProductType(product.type) ? product.content.rate : product.content.price;

/** Name and description trimmed; all technicians allowed sends userRoles empty; only the type's fields. */
export const toProductPayload = (form: ProductForm): ProductPayload =>
  normalizeProductPayload({
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
      quantitySource: form.quantitySource,
      rate: form.rate,
      timeRounding: form.timeRounding,
      timeEntrySource: form.timeEntrySource,
    },
    productUserRole: { allowAllTechnicians: form.allowAllTechnicians, userRoles: [...form.userRoles] },
    productIds: [...form.productIds],
  });

/** The edit dialog's starting values: the product as stored, with the type's defaults for what it leaves out. */
export const productFormOf = (product: Product): ProductFormInput => {
  const defaults = newProductDefaults(product.type);
  const { content } = product;
  return {
    ...defaults,
    name: product.name,
    description: product.description,
    price: content.price ?? '',
    cost: content.cost ?? '',
    taxable: content.taxable,
    quantity: content.quantity ?? defaults.quantity,
    licensingType: content.licensingType,
    term: content.term,
    billing: content.billing,
    quantitySource: content.quantitySource ?? defaults.quantitySource,
    rate: content.rate ?? '',
    timeRounding: content.timeRounding ?? defaults.timeRounding,
    timeEntrySource: content.timeEntrySource ?? defaults.timeEntrySource,
    productIds: [...product.productIds],
    allowAllTechnicians: product.productUserRole.allowAllTechnicians,
    userRoles: [...product.productUserRole.userRoles],
  };
};
