import type { TimeEntry } from '@rmm/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { ticketLog, tickets } from '../tickets/schema.ts';
import { agreementProducts, agreements, ticketProducts, timeEntryBilling } from './schema.ts';

/** Ticket products and the billing state of ticket time: SQL only. */

export type TicketProductRecord = typeof ticketProducts.$inferSelect;

export const listTicketProducts = (db: DbOrTx, ticketIds: readonly number[]) =>
  ticketIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(ticketProducts)
        .where(anyOf(ticketProducts.ticketId, ticketIds, 'integer'))
        .orderBy(asc(ticketProducts.id));

export const findTicketProduct = async (db: DbOrTx, ticketId: number, id: number) => {
  const [row] = await db
    .select()
    .from(ticketProducts)
    .where(and(eq(ticketProducts.id, id), eq(ticketProducts.ticketId, ticketId)));
  return row;
};

export const insertTicketProduct = async (db: DbOrTx, values: typeof ticketProducts.$inferInsert) => {
  const [row] = await db.insert(ticketProducts).values(values).returning();
  return row!;
};

export const deleteTicketProduct = async (db: DbOrTx, id: number) => {
  await db.delete(ticketProducts).where(eq(ticketProducts.id, id));
};

/** A TIME_ENTRY of the log with its billing row (if any). */
export type TimeEntryRow = {
  id: number;
  ticketId: number;
  actorName: string;
  timeEntry: TimeEntry;
  isBillableOverride: boolean | null;
  invoiceId: number | null;
  billedSeconds: number | null;
  isOffHours: boolean | null;
};

const timeEntryColumns = {
  id: ticketLog.id,
  ticketId: ticketLog.ticketId,
  actorName: ticketLog.actorName,
  data: ticketLog.data,
  isBillableOverride: timeEntryBilling.isBillable,
  invoiceId: timeEntryBilling.invoiceId,
  billedSeconds: timeEntryBilling.billedSeconds,
  isOffHours: timeEntryBilling.isOffHours,
};

type TimeEntryJoin = {
  id: number;
  ticketId: number;
  actorName: string;
  data: unknown;
  isBillableOverride: boolean | null;
  invoiceId: number | null;
  billedSeconds: number | null;
  isOffHours: boolean | null;
};

const toTimeEntryRow = ({ data, ...row }: TimeEntryJoin): TimeEntryRow => ({
  ...row,
  id: Number(row.id),
  timeEntry: (data as { timeEntry: TimeEntry }).timeEntry,
});

/** The time entries of these tickets, by the time worked (oldest first). */
export const listTimeEntries = async (db: DbOrTx, ticketIds: readonly number[]): Promise<TimeEntryRow[]> => {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .select(timeEntryColumns)
    .from(ticketLog)
    .leftJoin(timeEntryBilling, eq(timeEntryBilling.logId, ticketLog.id))
    .where(and(anyOf(ticketLog.ticketId, ticketIds, 'integer'), eq(ticketLog.type, 'TIME_ENTRY')))
    .orderBy(sql`${ticketLog.data}->'timeEntry'->>'startTime'`, asc(ticketLog.id));
  return rows.map(toTimeEntryRow);
};

export const findTimeEntry = async (db: DbOrTx, ticketId: number, id: number) => {
  const [row] = await db
    .select(timeEntryColumns)
    .from(ticketLog)
    .leftJoin(timeEntryBilling, eq(timeEntryBilling.logId, ticketLog.id))
    .where(and(eq(ticketLog.id, id), eq(ticketLog.ticketId, ticketId), eq(ticketLog.type, 'TIME_ENTRY')));
  return row ? toTimeEntryRow(row) : undefined;
};

export const setTimeEntryBillable = async (
  db: DbOrTx,
  ticketId: number,
  logId: number,
  isBillable: boolean,
) => {
  await db
    .insert(timeEntryBilling)
    .values({ logId, ticketId, isBillable })
    .onConflictDoUpdate({ target: timeEntryBilling.logId, set: { isBillable } });
};

/** Marks time entries billed on an invoice, with how they were billed. */
export const markTimeEntriesBilled = async (
  db: DbOrTx,
  invoiceId: number,
  entries: readonly { logId: number; ticketId: number; billedSeconds: number; isOffHours: boolean }[],
) => {
  for (const entry of entries) {
    await db
      .insert(timeEntryBilling)
      .values({ ...entry, invoiceId })
      .onConflictDoUpdate({
        target: timeEntryBilling.logId,
        set: { invoiceId, billedSeconds: entry.billedSeconds, isOffHours: entry.isOffHours },
      });
  }
};

export const markTicketProductsBilled = async (db: DbOrTx, invoiceId: number, ids: readonly number[]) => {
  if (ids.length === 0) return;
  await db
    .update(ticketProducts)
    .set({ invoiceId })
    .where(anyOf(ticketProducts.id, ids, 'integer'));
};

/**
 * Takes a voided invoice's ticket products and time entries off it: the products are pending again; a time
 * entry's billing row goes unless it also keeps a billable flag changed here (then only its billed marks go).
 */
export const unmarkInvoiceItems = async (db: DbOrTx, invoiceId: number) => {
  await db.update(ticketProducts).set({ invoiceId: null }).where(eq(ticketProducts.invoiceId, invoiceId));
  await db
    .delete(timeEntryBilling)
    .where(and(eq(timeEntryBilling.invoiceId, invoiceId), isNull(timeEntryBilling.isBillable)));
  await db
    .update(timeEntryBilling)
    .set({ invoiceId: null, billedSeconds: null, isOffHours: null })
    .where(eq(timeEntryBilling.invoiceId, invoiceId));
};

/** The tickets that an agreement bills. */
export const ticketIdsOfAgreement = async (db: DbOrTx, agreementId: number) => {
  const rows = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.agreementId, agreementId));
  return rows.map((row) => row.id);
};

/** The agreement choices of a ticket: its organization's active agreements and the ticket's own. */
export const agreementChoices = (db: DbOrTx, organizationId: number, current: number | null) =>
  db
    .select({
      id: agreements.id,
      name: agreements.name,
      billingInterval: agreements.billingInterval,
      isActive: agreements.isActive,
    })
    .from(agreements)
    .where(
      and(
        eq(agreements.organizationId, organizationId),
        current === null
          ? eq(agreements.isActive, true)
          : or(eq(agreements.isActive, true), eq(agreements.id, current)),
      ),
    )
    .orderBy(asc(agreements.name), asc(agreements.id));

export const findAgreementProduct = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(agreementProducts).where(eq(agreementProducts.id, id));
  return row;
};

export const findAgreementTerms = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(agreements).where(eq(agreements.id, id));
  return row;
};

/** Billable, unbilled ticket products of a ticket (what "pending" means while it has an agreement). */
export const countOpenTicketProducts = async (db: DbOrTx, ticketId: number) => {
  const [row] = await db
    .select({ value: sql<number>`count(*)` })
    .from(ticketProducts)
    .where(
      and(
        eq(ticketProducts.ticketId, ticketId),
        eq(ticketProducts.isBillable, true),
        sql`${ticketProducts.invoiceId} is null`,
      ),
    );
  return Number(row?.value ?? 0);
};
