import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { products } from '../products/schema.ts';
import { ticketLog, tickets } from '../tickets/schema.ts';

/**
 * Billing (issue 21; docs/decisions.md "Billing"): agreement templates, agreements and their products,
 * ticket products, the billing state of ticket time entries, invoices and their lines. Money is numeric
 * (exact), written as the decimal strings `money.ts` computes.
 */

const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
const dateColumn = (name: string) => date(name, { mode: 'string' });

/** What a template and an agreement share: their terms. */
const terms = () => ({
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  billingInterval: text('billing_interval').notNull(),
  includedHours: numeric('included_hours', { precision: 8, scale: 2 }).notNull().default('0'),
  offHoursMultiplier: numeric('off_hours_multiplier', { precision: 4, scale: 2 }).notNull().default('1'),
  /** Percent; null: no tax. */
  taxRate: numeric('tax_rate', { precision: 7, scale: 4 }),
});

/**
 * A product of a template or an agreement: the catalogue's name, type, taxable, time rounding and time-entry
 * source as they were when it was last saved, its price (the catalogue's price or labour rate, or the
 * agreement's own) and its quantity: typed (FIXED) or counted when invoiced (COUNTED).
 */
const productColumns = () => ({
  id: serial('id').primaryKey(),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  type: text('type').notNull(),
  quantity: bigint('quantity', { mode: 'number' }).notNull(),
  price: money('price').notNull(),
  /** The price was the agreement's own, not the catalogue's. */
  isPriceOverridden: boolean('is_price_overridden').notNull().default(false),
  taxable: boolean('taxable').notNull(),
  timeRounding: text('time_rounding'),
  timeEntrySource: text('time_entry_source'),
  quantitySource: text('quantity_source'),
  /** COUNTED: billed at the organization's count of `quantity_source` when invoiced; FIXED: `quantity`. */
  quantityMode: text('quantity_mode').notNull().default('FIXED'),
  position: integer('position').notNull(),
});

export const agreementTemplates = pgTable('agreement_templates', {
  id: serial('id').primaryKey(),
  ...terms(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agreementTemplateProducts = pgTable(
  'agreement_template_products',
  {
    ...productColumns(),
    templateId: integer('template_id')
      .notNull()
      .references(() => agreementTemplates.id, { onDelete: 'cascade' }),
  },
  (t) => [index('agreement_template_products_template_idx').on(t.templateId, t.position)],
);

export const agreements = pgTable(
  'agreements',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => agreementTemplates.id, { onDelete: 'set null' }),
    ...terms(),
    startDate: dateColumn('start_date').notNull(),
    /** The start of the next period to invoice; null once a one-time agreement is billed. */
    nextBillDate: dateColumn('next_bill_date'),
    /** The index of that period (0 is the start date's). */
    nextPeriodIndex: integer('next_period_index').notNull().default(0),
    workHours: jsonb('work_hours').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agreements_organization_idx').on(t.organizationId, t.name),
    index('agreements_due_idx').on(t.nextBillDate).where(sql`${t.isActive}`),
  ],
);

export const agreementProducts = pgTable(
  'agreement_products',
  {
    ...productColumns(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('agreement_products_agreement_idx').on(t.agreementId, t.position),
    index('agreement_products_product_idx').on(t.productId),
  ],
);

/**
 * Invoices: one per agreement period (the unique index makes two generations at once give one; a VOID
 * invoice does not count, so its period can be invoiced again). Names are copied, so an invoice reads the
 * same after its organization or agreement is renamed.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    organizationName: text('organization_name').notNull(),
    agreementName: text('agreement_name').notNull(),
    periodIndex: integer('period_index').notNull(),
    periodStart: dateColumn('period_start').notNull(),
    periodEnd: dateColumn('period_end'),
    status: text('status').notNull().default('PENDING'),
    currency: text('currency').notNull(),
    subtotal: numeric('subtotal').notNull(),
    taxRate: numeric('tax_rate', { precision: 7, scale: 4 }),
    tax: numeric('tax').notNull(),
    total: numeric('total').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('invoices_agreement_period_unique')
      .on(t.agreementId, t.periodIndex)
      .where(sql`${t.status} <> 'VOID'`),
    index('invoices_organization_idx').on(t.organizationId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
  ],
);

/** An invoice's lines as billed (quantity, unit price and amount as computed then). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: numeric('quantity').notNull(),
    unitPrice: numeric('unit_price').notNull(),
    amount: numeric('amount').notNull(),
    taxable: boolean('taxable').notNull(),
    /** An agreement product with a counted quantity source: the source and whether it was counted (COUNTED). */
    quantitySource: text('quantity_source'),
    quantityMode: text('quantity_mode'),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/**
 * Products added to a ticket: from its agreement's products, the catalogue or ad hoc. Billed once on an
 * invoice (`invoice_id`); not billable when marked so.
 */
export const ticketProducts = pgTable(
  'ticket_products',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    agreementProductId: integer('agreement_product_id').references(() => agreementProducts.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 20, scale: 2 }).notNull(),
    price: money('price').notNull(),
    taxable: boolean('taxable').notNull(),
    isBillable: boolean('is_billable').notNull().default(true),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_products_ticket_idx').on(t.ticketId, t.id),
    index('ticket_products_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * The billing state of a ticket's time entry (a TIME_ENTRY row of `ticket_log`): a row only once it is
 * billed or its billable flag was changed here; otherwise the log entry's own `isBillable` applies.
 */
export const timeEntryBilling = pgTable(
  'time_entry_billing',
  {
    logId: bigint('log_id', { mode: 'number' })
      .primaryKey()
      .references(() => ticketLog.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    isBillable: boolean('is_billable'),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** As billed: the rounded duration and where it fell. */
    billedSeconds: integer('billed_seconds'),
    isOffHours: boolean('is_off_hours'),
  },
  (t) => [
    index('time_entry_billing_ticket_idx').on(t.ticketId),
    index('time_entry_billing_invoice_idx').on(t.invoiceId),
  ],
);
