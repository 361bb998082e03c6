import * as z from 'zod';
import { CountedQuantitySource, countedQuantitySources, QuantityMode } from './agreement-quantities.ts';
import { IsoDate } from './billing-periods.ts';
import { MAX_PRODUCT_QUANTITY } from './constants.ts';
import { ErrorBody, listOf, PageQuery } from './http.ts';
import { BillingInterval, ProductType, TimeEntrySource, TimeRoundingOption } from './products.ts';
import { WorkHours } from './time-billing.ts';
import { decimalTextSchema, ProductPrice, percentageRule, priceRule } from './validators.ts';

/**
 * Agreements (issue 21 item 4; docs/decisions.md "Billing"): what an organization is billed for, every
 * billing interval (spec §3) from a start date. An agreement lists its products (recurring items at a
 * quantity and price, and the labour product whose hourly price bills the time on its tickets), the hours
 * included in each period, its working hours (time outside them is "off hours", priced with a multiplier)
 * and an optional tax rate. Templates are agreements without an organization, copied into new ones.
 * Reading needs `billing.view`, changing `billing.manage`.
 */

const Id = z.number().int().positive().max(2147483647);
const name = z.string().trim().min(1).max(200);
const text = z.string().trim().max(2000);

export const AGREEMENT_MAX_PRODUCTS = 100;

/** Hours included in each period: 0 or more, 2 places. */
export const IncludedHours = /* @__PURE__ */ decimalTextSchema({ min: 0, max: 100_000, decimals: 2 });
/** Off-hours time costs the hourly price × this (1 to 10, 2 places). */
export const OffHoursMultiplier = /* @__PURE__ */ decimalTextSchema({ min: 1, max: 10, decimals: 2 });
/** Tax as a percentage (spec §5's percentage rule: above 0, below 100, 4 places); null: no tax. */
export const TaxRate = /* @__PURE__ */ decimalTextSchema(percentageRule);
/** An agreement product's quantity: a whole number from 0 (spec §9's 1e15 at most). */
export const AgreementQuantity = /* @__PURE__ */ z.number().int().min(0).max(MAX_PRODUCT_QUANTITY);

/** A product of an agreement or template as sent; `id` keeps an existing agreement product. */
export const AgreementProductInput = /* @__PURE__ */ z
  .object({
    id: Id.optional(),
    productId: Id,
    quantity: AgreementQuantity.default(1),
    /**
     * COUNTED (only a product counted from devices, end users or backup): the organization's count when each
     * invoice is made, `quantity` unused; FIXED: `quantity`. Left out: a kept line keeps its mode, a new one is
     * COUNTED when its product can be counted.
     */
    quantityMode: QuantityMode.optional(),
    /** Price per unit (labour: per hour); null takes the catalogue's price (labour: its rate). */
    price: ProductPrice.nullable().default(null),
  })
  .strict();
export type AgreementProductInput = z.input<typeof AgreementProductInput>;

/**
 * A product of an agreement or template: the catalogue's name, type, taxable, quantity source and (labour)
 * time rounding and time-entry source as of the last save, and the price it bills.
 */
export const AgreementProduct = /* @__PURE__ */ z.object({
  id: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  type: ProductType,
  quantity: z.number().int(),
  price: z.string(),
  /** The price is the agreement's own, not the catalogue's. */
  isPriceOverridden: z.boolean(),
  taxable: z.boolean(),
  quantitySource: z.string().nullable(),
  /** COUNTED: billed at the organization's count when invoiced (quantitySource is a counted one). */
  quantityMode: QuantityMode,
  timeRounding: TimeRoundingOption.nullable(),
  timeEntrySource: TimeEntrySource.nullable(),
});
export type AgreementProduct = z.infer<typeof AgreementProduct>;

/** The fields an agreement and a template share. */
const termsFields = {
  name,
  description: text.default(''),
  billingInterval: BillingInterval,
  includedHours: IncludedHours.default('0'),
  offHoursMultiplier: OffHoursMultiplier.default('1'),
  taxRate: TaxRate.nullable().default(null),
  products: z.array(AgreementProductInput).max(AGREEMENT_MAX_PRODUCTS).default([]),
};

// ---------------------------------------------------------------- templates

export const AgreementTemplate = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  billingInterval: BillingInterval,
  includedHours: z.string(),
  offHoursMultiplier: z.string(),
  taxRate: z.string().nullable(),
  products: z.array(AgreementProduct),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AgreementTemplate = z.infer<typeof AgreementTemplate>;

export const SaveAgreementTemplateRequest = /* @__PURE__ */ z.object(termsFields).strict();
export type SaveAgreementTemplateRequest = z.input<typeof SaveAgreementTemplateRequest>;
export const AgreementTemplateResponse = /* @__PURE__ */ z.object({ template: AgreementTemplate });
export const ListAgreementTemplatesResponse = /* @__PURE__ */ z.object({
  templates: z.array(AgreementTemplate),
});
export type ListAgreementTemplatesResponse = z.infer<typeof ListAgreementTemplatesResponse>;

// ---------------------------------------------------------------- agreements

export const Agreement = /* @__PURE__ */ z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  templateId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  billingInterval: BillingInterval,
  startDate: IsoDate,
  /** The start of the next period to invoice; null once a one-time agreement is billed. */
  nextBillDate: IsoDate.nullable(),
  includedHours: z.string(),
  offHoursMultiplier: z.string(),
  workHours: WorkHours,
  taxRate: z.string().nullable(),
  isActive: z.boolean(),
  products: z.array(AgreementProduct),
  /** Invoices made for it: its interval and start date can no longer change. */
  invoiceCount: z.number().int(),
  /** Raised by each change; a change must send the version it read (409 when stale). */
  version: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type Agreement = z.infer<typeof Agreement>;

/**
 * A new agreement. With `templateId`, the template's terms and products fill what the request leaves out;
 * without one, `name` and `billingInterval` are required.
 */
export const CreateAgreementRequest = /* @__PURE__ */ z
  .object({
    organizationId: Id,
    templateId: Id.nullable().default(null),
    startDate: IsoDate,
    workHours: WorkHours.optional(),
    name: termsFields.name.optional(),
    description: text.optional(),
    billingInterval: BillingInterval.optional(),
    includedHours: IncludedHours.optional(),
    offHoursMultiplier: OffHoursMultiplier.optional(),
    taxRate: TaxRate.nullable().optional(),
    products: termsFields.products.unwrap().optional(),
  })
  .strict()
  .superRefine((request, ctx) => {
    if (request.templateId !== null) return;
    for (const key of ['name', 'billingInterval'] as const) {
      if (request[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: 'Required' });
    }
  });
export type CreateAgreementRequest = z.input<typeof CreateAgreementRequest>;
export type CreateAgreementInput = z.output<typeof CreateAgreementRequest>;

/**
 * A change: the fields sent, and the version read. `products` is the whole new list (agreement products left
 * out are removed). Interval and start date change only while no invoice was made.
 */
export const UpdateAgreementRequest = /* @__PURE__ */ z
  .object({
    version: z.number().int().min(1),
    name: termsFields.name,
    description: text,
    billingInterval: BillingInterval,
    startDate: IsoDate,
    nextBillDate: IsoDate,
    includedHours: IncludedHours,
    offHoursMultiplier: OffHoursMultiplier,
    workHours: WorkHours,
    taxRate: TaxRate.nullable(),
    isActive: z.boolean(),
    products: termsFields.products.unwrap(),
  })
  .partial()
  .required({ version: true })
  .strict();
export type UpdateAgreementRequest = z.input<typeof UpdateAgreementRequest>;
export type UpdateAgreementInput = z.output<typeof UpdateAgreementRequest>;

export const AgreementResponse = /* @__PURE__ */ z.object({ agreement: Agreement });
export type AgreementResponse = z.infer<typeof AgreementResponse>;

/** 409: on a stale version (AGREEMENT_VERSION_CONFLICT) with the agreement as it is now; other conflicts without. */
export const AgreementConflictBody = /* @__PURE__ */ ErrorBody.extend({ agreement: Agreement.optional() });

export const ListAgreementsQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().pipe(Id).optional(),
  search: z.string().trim().max(200).optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListAgreementsQuery = z.output<typeof ListAgreementsQuery>;
export const ListAgreementsResponse = /* @__PURE__ */ listOf(Agreement);
export type ListAgreementsResponse = z.infer<typeof ListAgreementsResponse>;

// ---------------------------------------------------------------- ticket billing

/**
 * Where a ticket product or time entry stands: PENDING (billable, on a ticket with an agreement, not yet on an
 * invoice), BILLED (on an invoice), NOT_BILLABLE (marked so, or a product not billed), UNASSIGNED (billable,
 * but the ticket has no agreement, or, for time, its agreement has no labour product).
 */
export const billingStatuses = ['PENDING', 'BILLED', 'NOT_BILLABLE', 'UNASSIGNED'] as const;
export const BillingStatus = /* @__PURE__ */ z.enum(billingStatuses);
export type BillingStatus = z.infer<typeof BillingStatus>;

/** A ticket product's quantity: above 0, 2 places (1.5 hours of on-site labour). */
export const TicketProductQuantity = /* @__PURE__ */ decimalTextSchema({
  min: 0,
  minExclusive: true,
  max: MAX_PRODUCT_QUANTITY,
  decimals: 2,
});

export const TicketProduct = /* @__PURE__ */ z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  /** The catalogue's product; null for an ad hoc item. */
  productId: z.number().int().nullable(),
  /** The agreement product it was chosen from (its price), if any. */
  agreementProductId: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  quantity: z.string(),
  price: z.string(),
  /** quantity × price, rounded half-up to 2 places. */
  amount: z.string(),
  taxable: z.boolean(),
  billingStatus: BillingStatus,
  invoiceId: z.number().int().nullable(),
  createdBy: z.string(),
  createTime: z.string(),
});
export type TicketProduct = z.infer<typeof TicketProduct>;

/**
 * A product added to a ticket: from the agreement's products (`agreementProductId`, its price), from the
 * catalogue (`productId`, its price unless one is given) or ad hoc (`name` and `price`).
 */
export const AddTicketProductRequest = /* @__PURE__ */ z
  .object({
    agreementProductId: Id.optional(),
    productId: Id.optional(),
    name: name.optional(),
    description: text.default(''),
    quantity: TicketProductQuantity,
    price: decimalTextSchema(priceRule).optional(),
    taxable: z.boolean().optional(),
    isBillable: z.boolean().default(true),
  })
  .strict()
  .superRefine((request, ctx) => {
    const sources = [request.agreementProductId, request.productId].filter((id) => id !== undefined);
    if (sources.length > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['productId'],
        message: 'Choose an agreement product or a product',
      });
    }
    if (sources.length === 0 && (request.name === undefined || request.price === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'An ad hoc item needs a name and a price' });
    }
  });
export type AddTicketProductRequest = z.input<typeof AddTicketProductRequest>;
export type AddTicketProductInput = z.output<typeof AddTicketProductRequest>;

/** A ticket's time entry as billing sees it. */
export const TicketTimeEntryBilling = /* @__PURE__ */ z.object({
  /** The ticket log entry's id. */
  id: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  durationSeconds: z.number().int(),
  /** The duration after the labour product's rounding (the duration itself without one). */
  billedSeconds: z.number().int(),
  /** billedSeconds as hours, 4 places. */
  hours: z.string(),
  isOffHours: z.boolean(),
  technician: z.string(),
  note: z.string(),
  billingStatus: BillingStatus,
  invoiceId: z.number().int().nullable(),
});
export type TicketTimeEntryBilling = z.infer<typeof TicketTimeEntryBilling>;

/** The agreements a ticket may take: its organization's active ones. */
export const AgreementChoice = /* @__PURE__ */ z.object({
  id: z.number().int(),
  name: z.string(),
  billingInterval: BillingInterval,
  isActive: z.boolean(),
});
export type AgreementChoice = z.infer<typeof AgreementChoice>;

export const TicketBillingResponse = /* @__PURE__ */ z.object({
  ticketId: z.number().int(),
  agreementId: z.number().int().nullable(),
  /** The ticket's agreement (even inactive) and the organization's active ones. */
  agreements: z.array(AgreementChoice),
  /** The ticket's agreement's products, to choose from. */
  agreementProducts: z.array(AgreementProduct),
  /** The labour product that bills its time: the agreement's first labour product whose time-entry source is TICKET. */
  labour: z
    .object({
      name: z.string(),
      price: z.string(),
      offHoursPrice: z.string(),
      timeRounding: TimeRoundingOption,
    })
    .nullable(),
  products: z.array(TicketProduct),
  timeEntries: z.array(TicketTimeEntryBilling),
});
export type TicketBillingResponse = z.infer<typeof TicketBillingResponse>;

export const TicketProductResponse = /* @__PURE__ */ z.object({ product: TicketProduct });

export const SetTimeEntryBillableRequest = /* @__PURE__ */ z.object({ isBillable: z.boolean() }).strict();
export type SetTimeEntryBillableRequest = z.infer<typeof SetTimeEntryBillableRequest>;

export const TicketItemParams = /* @__PURE__ */ z.object({
  id: z.coerce.number().pipe(Id),
  itemId: z.coerce.number().pipe(Id),
});

// ---------------------------------------------------------------- license drift

/**
 * What is deployed that an agreement bills by count, by the products' quantity source: devices (agents), end
 * users, devices with backup data, and cloud backup storage in GB.
 */
export const driftSources = countedQuantitySources;
export const DriftSource = CountedQuantitySource;
export type DriftSource = CountedQuantitySource;

/** One source of an organization (agreement-quantities.ts `licenseDriftOf`). */
export const LicenseDriftLine = /* @__PURE__ */ z.object({
  source: DriftSource,
  /**
   * What the organization's active agreements bill from this source: their FIXED quantities, plus the count
   * for each COUNTED product.
   */
  billed: z.number(),
  /** Approved devices, enabled end users, devices with backup data, or cloud backup storage in GB (1024³, 2 places, half-up). */
  deployed: z.number(),
  /** The active agreements' COUNTED products of this source: billed at the count, so no drift of their own. */
  countedLines: z.number().int(),
  /** deployed − billed: above 0 is under-billed, below 0 over-billed. */
  difference: z.number(),
});
export type LicenseDriftLine = z.infer<typeof LicenseDriftLine>;

export const OrganizationLicenseDrift = /* @__PURE__ */ z.object({
  organizationId: z.number().int(),
  organizationName: z.string(),
  lines: z.array(LicenseDriftLine),
  hasDrift: z.boolean(),
});
export type OrganizationLicenseDrift = z.infer<typeof OrganizationLicenseDrift>;

export const ListLicenseDriftQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().pipe(Id).optional(),
  search: z.string().trim().max(200).optional(),
  onlyDrift: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListLicenseDriftQuery = z.output<typeof ListLicenseDriftQuery>;
export const ListLicenseDriftResponse = /* @__PURE__ */ listOf(OrganizationLicenseDrift);
export type ListLicenseDriftResponse = z.infer<typeof ListLicenseDriftResponse>;

// ---------------------------------------------------------------- errors

/** Billing's own texts (the ticket rules' are `messages.ticketRules`). */
export const billingMessages = {
  agreementNotFound: 'Agreement not found',
  templateNotFound: 'Agreement template not found',
  invoiceNotFound: 'Invoice not found',
  ticketProductNotFound: 'Ticket product not found',
  timeEntryNotFound: 'Time entry not found',
  versionConflict: 'This agreement was changed by someone else; review the current version and try again',
  agreementBilled: 'The billing interval and start date cannot change once the agreement has invoices',
  productsNotFound: 'One or more products are inactive or were not found',
  alreadyBilled: 'This item is on an invoice and cannot change',
  notDue: 'The agreement has no period due for billing',
  invoiceStatus: 'The invoice cannot move to this status',
  voidNotPending: 'Only a pending invoice can be voided',
  voidNotNewest: 'Only the newest invoice of an agreement can be voided; void its later invoices first',
  agreementInactive: 'The agreement is inactive',
  noAgreement: 'The ticket has no agreement',
  notCountable: 'Only a product counted from devices, end users or backup can be counted',
} as const;

export const billingErrorCodes = {
  AGREEMENT_NOT_FOUND: 404,
  AGREEMENT_TEMPLATE_NOT_FOUND: 404,
  INVOICE_NOT_FOUND: 404,
  TICKET_PRODUCT_NOT_FOUND: 404,
  TIME_ENTRY_NOT_FOUND: 404,
  AGREEMENT_VERSION_CONFLICT: 409,
  AGREEMENT_BILLED: 409,
  ITEM_BILLED: 409,
  NOT_DUE: 409,
  INVOICE_STATUS: 409,
  INVOICE_NOT_NEWEST: 409,
  BILLING_INVALID: 422,
} as const;
export type BillingErrorCode = keyof typeof billingErrorCodes;
