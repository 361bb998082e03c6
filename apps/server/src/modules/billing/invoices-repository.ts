import type {
  CountedQuantitySource,
  Invoice,
  InvoiceLine,
  InvoiceLineKind,
  InvoiceStatus,
  InvoiceSummary,
  ListInvoicesQuery,
  OrganizationScope,
  QuantityMode,
} from '@rmm/domain';
import { invoiceNumber } from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, lte, max, ne, or, type SQL } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { agreements, invoiceLines, invoices } from './schema.ts';

/** Invoices and their lines: SQL only. */

type InvoiceRecord = typeof invoices.$inferSelect;
export type NewInvoiceRecord = typeof invoices.$inferInsert;
export type NewInvoiceLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'id'>;

const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

export const toInvoiceSummary = (row: InvoiceRecord): InvoiceSummary => ({
  id: row.id,
  number: invoiceNumber(row.id),
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  agreementId: row.agreementId,
  agreementName: row.agreementName,
  periodStart: row.periodStart,
  periodEnd: row.periodEnd,
  status: row.status as InvoiceStatus,
  currency: row.currency,
  subtotal: row.subtotal,
  taxRate: row.taxRate,
  tax: row.tax,
  total: row.total,
  createTime: row.createdAt.toISOString(),
  approveTime: isoOrNull(row.approvedAt),
  archiveTime: isoOrNull(row.archivedAt),
  voidTime: isoOrNull(row.voidedAt),
});

const toLine = (row: typeof invoiceLines.$inferSelect): InvoiceLine => ({
  position: row.position,
  kind: row.kind as InvoiceLineKind,
  ticketId: row.ticketId,
  description: row.description,
  quantity: row.quantity,
  unitPrice: row.unitPrice,
  amount: row.amount,
  taxable: row.taxable,
  quantitySource: row.quantitySource as CountedQuantitySource | null,
  quantityMode: row.quantityMode as QuantityMode | null,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** `INV-000042`, `42` or part of an organization's or agreement's name. */
const searchCondition = (search: string): SQL | undefined => {
  const id = /^(?:inv-?)?0*(\d{1,9})$/i.exec(search)?.[1];
  const pattern = `%${escapeLike(search)}%`;
  return or(
    id === undefined ? undefined : eq(invoices.id, Number(id)),
    ilike(invoices.organizationName, pattern),
    ilike(invoices.agreementName, pattern),
  );
};

export const listInvoices = async (db: DbOrTx, scope: OrganizationScope, query: ListInvoicesQuery) => {
  const where = and(
    inScope(invoices.organizationId, scope),
    query.organizationId === undefined ? undefined : eq(invoices.organizationId, query.organizationId),
    query.agreementId === undefined ? undefined : eq(invoices.agreementId, query.agreementId),
    query.status === undefined ? undefined : eq(invoices.status, query.status),
    query.search ? searchCondition(query.search) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(desc(invoices.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(invoices).where(where),
  ]);
  return {
    data: rows.map(toInvoiceSummary),
    count: toNumber(total?.value),
    page: query.page,
    pageSize: query.pageSize,
  };
};

export const findInvoice = async (
  db: DbOrTx,
  id: number,
  scope: OrganizationScope,
): Promise<Invoice | undefined> => {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), inScope(invoices.organizationId, scope)));
  if (!row) return undefined;
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position));
  return { ...toInvoiceSummary(row), lines: lines.map(toLine) };
};

export const findInvoiceRecord = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
};

export const insertInvoice = async (
  db: DbOrTx,
  values: NewInvoiceRecord,
  lines: readonly NewInvoiceLine[],
) => {
  const [row] = await db.insert(invoices).values(values).returning();
  if (lines.length > 0)
    await db.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId: row!.id })));
  return row!;
};

/** Moves an invoice from one status to the next; false when it was not in `from` (or not in scope). */
export const moveInvoice = async (
  db: DbOrTx,
  id: number,
  scope: OrganizationScope,
  from: InvoiceStatus,
  to: InvoiceStatus,
  now: Date,
) => {
  const rows = await db
    .update(invoices)
    .set({ status: to, ...(to === 'APPROVED' ? { approvedAt: now } : { archivedAt: now }) })
    .where(and(eq(invoices.id, id), eq(invoices.status, from), inScope(invoices.organizationId, scope)))
    .returning({ id: invoices.id });
  return rows.length > 0;
};

/** Marks a PENDING invoice VOID; false when it was not PENDING any more. */
export const voidInvoice = async (db: DbOrTx, id: number, now: Date) => {
  const rows = await db
    .update(invoices)
    .set({ status: 'VOID', voidedAt: now })
    .where(and(eq(invoices.id, id), eq(invoices.status, 'PENDING')))
    .returning({ id: invoices.id });
  return rows.length > 0;
};

/** The highest period index invoiced (not VOID) of the agreement. */
export const newestPeriodIndex = async (db: DbOrTx, agreementId: number) => {
  const [row] = await db
    .select({ value: max(invoices.periodIndex) })
    .from(invoices)
    .where(and(eq(invoices.agreementId, agreementId), ne(invoices.status, 'VOID')));
  return row?.value ?? null;
};

/** Active agreements with a period due by `asOf`, in the scope. */
export const dueAgreementIds = async (
  db: DbOrTx,
  scope: OrganizationScope,
  filter: { agreementId?: number | undefined; organizationId?: number | undefined; asOf: string },
) => {
  const rows = await db
    .select({ id: agreements.id })
    .from(agreements)
    .where(
      and(
        inScope(agreements.organizationId, scope),
        eq(agreements.isActive, true),
        lte(agreements.nextBillDate, filter.asOf),
        filter.agreementId === undefined ? undefined : eq(agreements.id, filter.agreementId),
        filter.organizationId === undefined
          ? undefined
          : eq(agreements.organizationId, filter.organizationId),
      ),
    )
    .orderBy(asc(agreements.id));
  return rows.map((row) => row.id);
};
