import { and, asc, eq, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { ticketBoards, ticketForms, ticketSetupItems, ticketStatuses, tickets } from './schema.ts';

/** Statuses, setup list items, forms and boards: SQL only. */

export type StatusRecord = typeof ticketStatuses.$inferSelect;
export type SetupItemRecord = typeof ticketSetupItems.$inferSelect;
export type FormRecord = typeof ticketForms.$inferSelect;
export type BoardRecord = typeof ticketBoards.$inferSelect;

// ---------------------------------------------------------------- statuses

export const listStatuses = (db: DbOrTx) =>
  db.select().from(ticketStatuses).orderBy(asc(ticketStatuses.position), asc(ticketStatuses.id));

export const findStatus = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(ticketStatuses).where(eq(ticketStatuses.id, id));
  return row;
};

export const insertStatus = async (db: DbOrTx, values: typeof ticketStatuses.$inferInsert) => {
  const [row] = await db.insert(ticketStatuses).values(values).returning();
  return row!;
};

export const updateStatus = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof ticketStatuses.$inferInsert>,
) => {
  const [row] = await db.update(ticketStatuses).set(values).where(eq(ticketStatuses.id, id)).returning();
  return row;
};

export const deleteStatus = async (db: DbOrTx, id: number) => {
  await db.delete(ticketStatuses).where(eq(ticketStatuses.id, id));
};

export const isStatusUsed = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.statusId, id)).limit(1);
  return row !== undefined;
};

// ---------------------------------------------------------------- setup items

export const listSetupItems = (db: DbOrTx, list?: string) =>
  db
    .select()
    .from(ticketSetupItems)
    .where(list ? eq(ticketSetupItems.list, list) : undefined)
    .orderBy(asc(ticketSetupItems.list), asc(ticketSetupItems.position), asc(ticketSetupItems.id));

export const findSetupItem = async (db: DbOrTx, list: string, id: number) => {
  const [row] = await db
    .select()
    .from(ticketSetupItems)
    .where(and(eq(ticketSetupItems.list, list), eq(ticketSetupItems.id, id)));
  return row;
};

export const insertSetupItem = async (db: DbOrTx, values: typeof ticketSetupItems.$inferInsert) => {
  const [row] = await db.insert(ticketSetupItems).values(values).returning();
  return row!;
};

export const updateSetupItem = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof ticketSetupItems.$inferInsert>,
) => {
  const [row] = await db.update(ticketSetupItems).set(values).where(eq(ticketSetupItems.id, id)).returning();
  return row;
};

export const deleteSetupItem = async (db: DbOrTx, id: number) => {
  await db.delete(ticketSetupItems).where(eq(ticketSetupItems.id, id));
};

export const isSetupItemUsed = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      or(eq(tickets.teamId, id), eq(tickets.subtypeId, id), eq(tickets.itemId, id), eq(tickets.impactId, id)),
    )
    .limit(1);
  return row !== undefined;
};

/** How many of these ids are active items of the list (to check a ticket's references in one query). */
export const countActiveItems = async (db: DbOrTx, list: string, ids: readonly number[]) => {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ value: sql<number>`count(*)` })
    .from(ticketSetupItems)
    .where(
      and(
        eq(ticketSetupItems.list, list),
        eq(ticketSetupItems.isActive, true),
        anyOf(ticketSetupItems.id, ids, 'integer'),
      ),
    );
  return toNumber(row?.value);
};

// ---------------------------------------------------------------- forms

export const listForms = (db: DbOrTx) => db.select().from(ticketForms).orderBy(asc(ticketForms.name));

export const findForm = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(ticketForms).where(eq(ticketForms.id, id));
  return row;
};

export const insertForm = async (db: DbOrTx, values: typeof ticketForms.$inferInsert) => {
  const [row] = await db.insert(ticketForms).values(values).returning();
  return row!;
};

export const updateForm = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof ticketForms.$inferInsert>,
) => {
  const [row] = await db.update(ticketForms).set(values).where(eq(ticketForms.id, id)).returning();
  return row;
};

export const deleteForm = async (db: DbOrTx, id: number) => {
  const rows = await db.delete(ticketForms).where(eq(ticketForms.id, id)).returning({ id: ticketForms.id });
  return rows.length === 1;
};

// ---------------------------------------------------------------- boards

export const listBoards = (db: DbOrTx) => db.select().from(ticketBoards).orderBy(asc(ticketBoards.id));

export const findBoard = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(ticketBoards).where(eq(ticketBoards.id, id));
  return row;
};

export const insertBoard = async (db: DbOrTx, values: typeof ticketBoards.$inferInsert) => {
  const [row] = await db.insert(ticketBoards).values(values).returning();
  return row!;
};

export const updateBoard = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof ticketBoards.$inferInsert>,
) => {
  const [row] = await db.update(ticketBoards).set(values).where(eq(ticketBoards.id, id)).returning();
  return row;
};

export const deleteBoard = async (db: DbOrTx, id: number) => {
  await db.delete(ticketBoards).where(eq(ticketBoards.id, id));
};
