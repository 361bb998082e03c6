import * as z from 'zod';
import { CountedQuantitySource, QuantityMode } from './agreement-quantities.ts';
import { IsoDate } from './billing-periods.ts';
import { listOf, PageQuery } from './http.ts';
import { formatUnits, MONEY_SCALE, multiplyDecimals, rescale, sumDecimals, toUnits } from './money.ts';

/**
 * Invoices (issue 21 item 5; docs/decisions.md "Billing"): one per agreement period, made from the
 * agreement's products for the period and its tickets' pending products and time. PENDING → APPROVED →
 * ARCHIVED; the newest PENDING invoice of an agreement may instead be VOID (made by mistake: its items are
 * pending again and its period is due again; the row and number stay for the audit trail). Money is exact: each line is quantity × unit price rounded half-up to 2 places; tax is charged
 * once per invoice on the sum of its taxable lines, rounded half-up to 2 places.
 */

const Id = z.number().int().positive().max(2147483647);

export const invoiceStatuses = ['PENDING', 'APPROVED', 'ARCHIVED', 'VOID'] as const;
export const InvoiceStatus = /* @__PURE__ */ z.enum(invoiceStatuses);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;

/** The one forward move each status allows (voiding a PENDING invoice is its own action). */
export const nextInvoiceStatus: Readonly<Record<InvoiceStatus, InvoiceStatus | null>> = {
  PENDING: 'APPROVED',
  APPROVED: 'ARCHIVED',
  ARCHIVED: null,
  VOID: null,
};

export const invoiceLineKinds = ['AGREEMENT_PRODUCT', 'TICKET_PRODUCT', 'TIME_ENTRY'] as const;
export const InvoiceLineKind = /* @__PURE__ */ z.enum(invoiceLineKinds);
export type InvoiceLineKind = z.infer<typeof InvoiceLineKind>;

export const InvoiceLine = /* @__PURE__ */ z.object({
  position: z.number().int(),
  kind: InvoiceLineKind,
  ticketId: z.number().int().nullable(),
  description: z.string(),
  /** Up to 4 places (hours of time). */
  quantity: z.string(),
  unitPrice: z.string(),
  /** quantity × unitPrice, half-up to 2 places. */
  amount: z.string(),
  taxable: z.boolean(),
  /** An agreement product counted from devices, end users or backup: where its quantity comes from. */
  quantitySource: CountedQuantitySource.nullable(),
  /** COUNTED: `quantity` is the organization's count when the invoice was made; FIXED: the agreement's. */
  quantityMode: QuantityMode.nullable(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceSummary = /* @__PURE__ */ z.object({
  id: z.number().int(),
  /** `INV-000042`. */
  number: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  agreementId: z.number().int(),
  agreementName: z.string(),
  periodStart: IsoDate,
  /** Null for a one-time agreement's invoice. */
  periodEnd: IsoDate.nullable(),
  status: InvoiceStatus,
  currency: z.string(),
  subtotal: z.string(),
  /** Percent, or null when the agreement charges no tax. */
  taxRate: z.string().nullable(),
  tax: z.string(),
  total: z.string(),
  createTime: z.string(),
  approveTime: z.string().nullable(),
  archiveTime: z.string().nullable(),
  voidTime: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const Invoice = /* @__PURE__ */ InvoiceSummary.extend({ lines: z.array(InvoiceLine) });
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceResponse = /* @__PURE__ */ z.object({ invoice: Invoice });
export type InvoiceResponse = z.infer<typeof InvoiceResponse>;

export const ListInvoicesQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().pipe(Id).optional(),
  agreementId: z.coerce.number().pipe(Id).optional(),
  status: InvoiceStatus.optional(),
  /** An invoice number, organization or agreement name. */
  search: z.string().trim().max(200).optional(),
});
export type ListInvoicesQuery = z.output<typeof ListInvoicesQuery>;
export const ListInvoicesResponse = /* @__PURE__ */ listOf(InvoiceSummary);
export type ListInvoicesResponse = z.infer<typeof ListInvoicesResponse>;

/**
 * Makes the invoices of every period due by `asOf` (default today in UTC): of one agreement, of one
 * organization's active agreements, or of all in the caller's scope.
 */
export const GenerateInvoicesRequest = /* @__PURE__ */ z
  .object({
    agreementId: Id.optional(),
    organizationId: Id.optional(),
    asOf: IsoDate.optional(),
  })
  .strict();
export type GenerateInvoicesRequest = z.input<typeof GenerateInvoicesRequest>;
export const GenerateInvoicesResponse = /* @__PURE__ */ z.object({ invoices: z.array(InvoiceSummary) });
export type GenerateInvoicesResponse = z.infer<typeof GenerateInvoicesResponse>;

/** At most this many periods of one agreement are invoiced by one call (a start date far in the past). */
export const INVOICE_PERIODS_PER_CALL = 36;

export const invoiceNumber = (id: number): string => `INV-${String(id).padStart(6, '0')}`;

// ---------------------------------------------------------------- totals

export type LineInput = { quantity: string; unitPrice: string; taxable: boolean };

/** Tax on an amount at a percentage rate, half-up to 2 places: 10.05 at 7.5% is 0.75 (0.75375). */
export const taxOf = (amount: string, ratePercent: string): string => {
  const rateScale = ratePercent.split('.')[1]?.length ?? 0;
  const product = toUnits(amount, MONEY_SCALE) * toUnits(ratePercent, rateScale);
  // amount × rate / 100: two more places than the product's own.
  return formatUnits(rescale(product, MONEY_SCALE + rateScale + 2, MONEY_SCALE), MONEY_SCALE);
};

export type InvoiceTotals = {
  amounts: string[];
  subtotal: string;
  taxableSubtotal: string;
  tax: string;
  total: string;
};

/** Each line's amount, the subtotal, the tax on the taxable lines (once, per invoice) and the total. */
export const invoiceTotals = (lines: readonly LineInput[], taxRate: string | null): InvoiceTotals => {
  const amounts = lines.map((line) => multiplyDecimals(line.quantity, line.unitPrice, MONEY_SCALE));
  const subtotal = sumDecimals(amounts);
  const taxableSubtotal = sumDecimals(amounts.filter((_, index) => lines[index]!.taxable));
  const tax = taxRate === null ? '0.00' : taxOf(taxableSubtotal, taxRate);
  return { amounts, subtotal, taxableSubtotal, tax, total: sumDecimals([subtotal, tax]) };
};

// ---------------------------------------------------------------- CSV

/** A spreadsheet would run a cell starting with these as a formula: such text gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: string | number | boolean | null, isText = false): string => {
  const raw = value === null ? '' : String(value);
  const safe = isText && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const INVOICE_CSV_HEADER = [
  'invoice',
  'organization',
  'agreement',
  'periodStart',
  'periodEnd',
  'line',
  'kind',
  'ticketId',
  'description',
  'quantity',
  'unitPrice',
  'amount',
  'taxable',
  'currency',
  'quantitySource',
  'quantityMode',
] as const;

/**
 * The invoice as CSV (RFC 4180, CRLF): a row per line, then SUBTOTAL, TAX and TOTAL rows carrying their
 * amount in the `amount` column. `quantitySource` and `quantityMode` (last, so earlier columns keep their
 * place) say where a counted product's quantity came from.
 */
export const invoiceCsv = (invoice: Invoice): string => {
  const head = [invoice.number, invoice.organizationName, invoice.agreementName, invoice.periodStart];
  const row = (values: (string | number | boolean | null)[], textColumns: number[]) =>
    values.map((value, index) => cell(value, textColumns.includes(index))).join(',');
  const text = [1, 2, 8];
  const lines = invoice.lines.map((line) =>
    row(
      [
        ...head,
        invoice.periodEnd,
        line.position,
        line.kind,
        line.ticketId,
        line.description,
        line.quantity,
        line.unitPrice,
        line.amount,
        line.taxable,
        invoice.currency,
        line.quantitySource,
        line.quantityMode,
      ],
      text,
    ),
  );
  const summary = (kind: string, amount: string, description = '') =>
    row(
      [
        ...head,
        invoice.periodEnd,
        null,
        kind,
        null,
        description,
        null,
        null,
        amount,
        null,
        invoice.currency,
        null,
        null,
      ],
      text,
    );
  return `${[
    INVOICE_CSV_HEADER.join(','),
    ...lines,
    summary('SUBTOTAL', invoice.subtotal),
    summary('TAX', invoice.tax, invoice.taxRate === null ? '' : `${invoice.taxRate}%`),
    summary('TOTAL', invoice.total),
  ].join('\r\n')}\r\n`;
};

export const invoiceFileName = (invoice: Pick<Invoice, 'number'>, extension: 'csv' | 'pdf') =>
  `${invoice.number}.${extension}`;
