import { type BoardSort, type OrganizationScope, TICKET_COUNT_CAP } from '@rmm/domain';
import { and, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { users } from '../auth/schema.ts';
import { devices } from '../devices/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';
import { afterCursor, orderOf } from './board-sql.ts';
import { ticketLog, ticketStatuses, tickets, ticketTimers } from './schema.ts';

/** Tickets, their log and timers: SQL only (the service decides). */

export type TicketRecord = typeof tickets.$inferSelect;
export type NewTicketRecord = typeof tickets.$inferInsert;
export type TicketLogRecord = typeof ticketLog.$inferSelect;
export type NewTicketLogRecord = typeof ticketLog.$inferInsert;

const assignee = alias(users, 'ticket_assignee');

const ticketColumns = {
  ...getTableColumns(tickets),
  organizationName: organizations.name,
  deviceName: devices.displayName,
  assigneeName: assignee.name,
  statusName: ticketStatuses.name,
  statusCategory: ticketStatuses.category,
};

const selectTickets = (db: DbOrTx) =>
  db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(organizations, eq(organizations.id, tickets.organizationId))
    .innerJoin(ticketStatuses, eq(ticketStatuses.id, tickets.statusId))
    .leftJoin(devices, eq(devices.id, tickets.deviceId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeId));

export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

/** One ticket with the names it shows, within the scope (undefined: none, or another organization's). */
export const findTicket = async (db: DbOrTx, id: number, scope: OrganizationScope = 'all') => {
  const [row] = await selectTickets(db).where(
    and(eq(tickets.id, id), inScope(tickets.organizationId, scope)),
  );
  return row;
};

/** Locks the ticket's row for the rest of the transaction (changes to one ticket are serialised). */
export const lockTicket = async (tx: DbOrTx, id: number) => {
  const [row] = await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id)).for('update');
  return row !== undefined;
};

export const insertTicket = async (tx: DbOrTx, values: NewTicketRecord) => {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  return row!.id;
};

export const updateTicket = async (tx: DbOrTx, id: number, values: Partial<NewTicketRecord>) => {
  await tx.update(tickets).set(values).where(eq(tickets.id, id));
};

/** A comment or time entry: the ticket's update time (and tracked time) move, its version does not. */
export const touchTicket = async (tx: DbOrTx, id: number, now: Date, addSeconds = 0) => {
  await tx
    .update(tickets)
    .set({ updatedAt: now, timeTrackedSeconds: sql`${tickets.timeTrackedSeconds} + ${addSeconds}` })
    .where(eq(tickets.id, id));
};

export const insertLogEntry = async (tx: DbOrTx, entry: NewTicketLogRecord) => {
  const [row] = await tx.insert(ticketLog).values(entry).returning();
  return row!;
};

/** Newest first, after the cursor's id; one more than asked tells whether there is a next page. */
export const listLog = (
  db: DbOrTx,
  { ticketId, type, beforeId, limit }: { ticketId: number; type?: string; beforeId?: number; limit: number },
) =>
  db
    .select()
    .from(ticketLog)
    .where(
      and(
        eq(ticketLog.ticketId, ticketId),
        type ? eq(ticketLog.type, type) : undefined,
        beforeId ? lt(ticketLog.id, beforeId) : undefined,
      ),
    )
    .orderBy(desc(ticketLog.id))
    .limit(limit);

/** The incidents of a problem that are not done yet (for its resolution to carry over). */
export const openIncidentIds = async (tx: DbOrTx, problemId: number) => {
  const rows = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(ticketStatuses, eq(ticketStatuses.id, tickets.statusId))
    .where(
      and(
        eq(tickets.parentTicketId, problemId),
        sql`${ticketStatuses.category} not in ('RESOLVED', 'CLOSED')`,
      ),
    );
  return rows.map((row) => row.id);
};

/** The chain of problems above a ticket (its parent, the parent's parent...), at most `depth` long. */
export const ancestorIds = async (db: DbOrTx, ticketId: number, depth = 20) => {
  const result = await db.execute(sql`
    with recursive chain(id, parent, depth) as (
      select id, parent_ticket_id, 0 from ${tickets} where id = ${ticketId}
      union all
      select t.id, t.parent_ticket_id, c.depth + 1 from ${tickets} t join chain c on t.id = c.parent
      where c.depth < ${depth}
    )
    select id from chain`);
  return (result as unknown as { rows: { id: unknown }[] }).rows.map((row) => toNumber(row.id));
};

// ---------------------------------------------------------------- lists

export type TicketPageQuery = {
  where: (SQL | undefined)[];
  sort: BoardSort;
  cursor?: { value: string | number; id: number };
  limit: number;
};

/** A page of tickets (keyset after the cursor) and, for the first page, how many match (up to the cap). */
export const listTickets = async (db: DbOrTx, query: TicketPageQuery, withCount: boolean) => {
  const where = and(...query.where);
  const pageWhere = and(where, query.cursor ? afterCursor(query.sort, query.cursor) : undefined);
  const [rows, total] = await Promise.all([
    selectTickets(db)
      .where(pageWhere)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit),
    withCount
      ? db.execute(
          sql`select count(*) as value from (select 1 from ${tickets} where ${where ?? sql`true`} limit ${TICKET_COUNT_CAP}) capped`,
        )
      : Promise.resolve(undefined),
  ]);
  const count = total ? toNumber((total as unknown as { rows: { value: unknown }[] }).rows[0]?.value) : null;
  return { rows, count, isCountCapped: count === TICKET_COUNT_CAP };
};

// ---------------------------------------------------------------- references

export const findOrganization = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
};

export const findLocation = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: locations.id, organizationId: locations.organizationId })
    .from(locations)
    .where(eq(locations.id, id));
  return row;
};

export const findDevice = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: devices.id, organizationId: devices.organizationId, locationId: devices.locationId })
    .from(devices)
    .where(eq(devices.id, id));
  return row;
};

/** Of these user ids, the enabled technicians. */
export const technicianIds = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(anyOf(users.id, ids, 'integer'), eq(users.userType, 'TECHNICIAN'), eq(users.isEnabled, true)));
  return new Set(rows.map((row) => row.id));
};

export const findUser = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id));
  return row;
};

// ---------------------------------------------------------------- timers

export const findTimer = async (db: DbOrTx, ticketId: number, userId: number) => {
  const [row] = await db
    .select()
    .from(ticketTimers)
    .where(and(eq(ticketTimers.ticketId, ticketId), eq(ticketTimers.userId, userId)));
  return row;
};

/** Starts a timer; false when one runs already. */
export const insertTimer = async (tx: DbOrTx, ticketId: number, userId: number, startTime: Date) => {
  const rows = await tx
    .insert(ticketTimers)
    .values({ ticketId, userId, startTime })
    .onConflictDoNothing()
    .returning({ ticketId: ticketTimers.ticketId });
  return rows.length === 1;
};

export const deleteTimer = async (tx: DbOrTx, ticketId: number, userId: number) => {
  const [row] = await tx
    .delete(ticketTimers)
    .where(and(eq(ticketTimers.ticketId, ticketId), eq(ticketTimers.userId, userId)))
    .returning();
  return row;
};
