import { type BoardSort, type OrganizationScope, TICKET_COUNT_CAP } from '@rmm/domain';
import { type AnyColumn, and, desc, eq, getTableColumns, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { roles, users } from '../auth/schema.ts';
import { devices } from '../devices/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';
import { afterCursor, orderOf } from './board-sql.ts';
import { ticketForms, ticketLog, ticketStatuses, tickets, ticketTimers } from './schema.ts';

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

// ---------------------------------------------------------------- names of what the log refers to

const byId = (rows: { id: number; name: string }[]) =>
  Object.fromEntries(rows.map((row) => [String(row.id), row.name]));

export const locationNames = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? {}
    : byId(
        await db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(anyOf(locations.id, ids, 'integer')),
      );

export const formNames = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? {}
    : byId(
        await db
          .select({ id: ticketForms.id, name: ticketForms.name })
          .from(ticketForms)
          .where(anyOf(ticketForms.id, ids, 'integer')),
      );

/** Tickets' subjects, of those within the scope. */
export const ticketSubjects = async (db: DbOrTx, ids: readonly number[], scope: OrganizationScope) =>
  ids.length === 0
    ? {}
    : byId(
        await db
          .select({ id: tickets.id, name: tickets.subject })
          .from(tickets)
          .where(and(anyOf(tickets.id, ids, 'integer'), inScope(tickets.organizationId, scope))),
      );

/**
 * Agreements' names, of those within the scope. Billing's table is read by name here: billing's schema imports the
 * tickets' (its ticket products), so the tickets module does not import billing's.
 */
export const agreementNames = async (db: DbOrTx, ids: readonly number[], scope: OrganizationScope) => {
  if (ids.length === 0) return {};
  const result = await db.execute(
    sql`select id, name, organization_id from agreements where id = any(${`{${ids.join(',')}}`}::integer[])`,
  );
  const rows = (result as unknown as { rows: { id: number; name: string; organization_id: number }[] }).rows;
  const visible = scope === 'all' ? rows : rows.filter((row) => scope.includes(row.organization_id));
  return byId(visible.map((row) => ({ id: row.id, name: row.name })));
};

/** Users by their name, or their email when they have none. */
export const userNames = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? {}
    : byId(
        await db
          .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})` })
          .from(users)
          .where(anyOf(users.id, ids, 'integer')),
      );

/** An `organization_scope` (`"all"` or a list of ids) that holds the organization. */
const scopeHolds = (scope: AnyColumn, organizationId: number) =>
  sql`(${scope} = '"all"'::jsonb or ${scope} @> ${JSON.stringify([organizationId])}::jsonb)`;

/** What a role needs for its technicians to be assigned tickets: reading and working them. */
const ASSIGNABLE_PERMISSIONS = JSON.stringify(['ticketing.view', 'ticketing.manage']);

/**
 * The technicians a ticket of the organization may be assigned to (all of them, or those of `ids`): enabled
 * technicians whose role reads and works tickets and whose own and role's scopes both hold the organization.
 */
export const assignableTechnicians = (db: DbOrTx, organizationId: number, ids?: readonly number[]) => {
  const name = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;
  return db
    .select({ id: users.id, name, email: users.email })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.userType, 'TECHNICIAN'),
        eq(users.isEnabled, true),
        eq(roles.roleType, 'TECHNICIAN'),
        sql`${roles.permissions} @> ${ASSIGNABLE_PERMISSIONS}::jsonb`,
        scopeHolds(users.organizationScope, organizationId),
        scopeHolds(roles.organizationScope, organizationId),
        ids === undefined ? undefined : anyOf(users.id, ids, 'integer'),
      ),
    )
    .orderBy(sql`lower(${name})`, users.id);
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
