import { and, asc, desc, eq, gt, max, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { contacts, users } from '../auth/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { ticketBoards, ticketLog, ticketStatuses } from '../tickets/schema.ts';
import { type TicketMailAttempt, ticketMailboxes, ticketMailMessages, ticketMailOutbox } from './schema.ts';

/** Ticketing mail: SQL only (the services decide). */

// ---------------------------------------------------------------- mailboxes

const mailboxColumns = {
  id: ticketMailboxes.id,
  address: ticketMailboxes.address,
  name: ticketMailboxes.name,
  boardId: ticketMailboxes.boardId,
  boardName: ticketBoards.name,
  defaultOrganizationId: ticketMailboxes.defaultOrganizationId,
  defaultOrganizationName: organizations.name,
  enabled: ticketMailboxes.enabled,
  createdAt: ticketMailboxes.createdAt,
  updatedAt: ticketMailboxes.updatedAt,
};

const selectMailboxes = (db: DbOrTx, where?: SQL) =>
  db
    .select(mailboxColumns)
    .from(ticketMailboxes)
    .leftJoin(ticketBoards, eq(ticketBoards.id, ticketMailboxes.boardId))
    .leftJoin(organizations, eq(organizations.id, ticketMailboxes.defaultOrganizationId))
    .where(where)
    .orderBy(asc(ticketMailboxes.address));

export type MailboxRow = Awaited<ReturnType<typeof selectMailboxes>>[number];
export type NewMailbox = typeof ticketMailboxes.$inferInsert;

export const listMailboxes = (db: DbOrTx) => selectMailboxes(db);

export const findMailbox = async (db: DbOrTx, id: number) =>
  (await selectMailboxes(db, eq(ticketMailboxes.id, id)))[0];

export const findMailboxByAddress = async (db: DbOrTx, address: string) =>
  (await selectMailboxes(db, eq(ticketMailboxes.address, address.toLowerCase())))[0];

/** The mailbox of tickets that came in by no mailbox: the first enabled one. */
export const firstEnabledMailbox = async (db: DbOrTx) =>
  (await selectMailboxes(db, eq(ticketMailboxes.enabled, true)).limit(1))[0];

/** Which of these addresses are mailboxes of ours. */
export const mailboxAddressesAmong = async (db: DbOrTx, addresses: readonly string[]) => {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({ address: ticketMailboxes.address })
    .from(ticketMailboxes)
    .where(anyOf(ticketMailboxes.address, addresses, 'text'));
  return rows.map((row) => row.address);
};

export const insertMailbox = async (tx: DbOrTx, values: NewMailbox) => {
  const [row] = await tx
    .insert(ticketMailboxes)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: ticketMailboxes.id });
  return row?.id;
};

/** False when another mailbox has the address. */
export const updateMailbox = async (tx: DbOrTx, id: number, values: Partial<NewMailbox>) => {
  const [clash] = values.address
    ? await tx
        .select({ id: ticketMailboxes.id })
        .from(ticketMailboxes)
        .where(and(eq(ticketMailboxes.address, values.address), sql`${ticketMailboxes.id} <> ${id}`))
    : [];
  if (clash) return false;
  await tx
    .update(ticketMailboxes)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ticketMailboxes.id, id));
  return true;
};

export const deleteMailbox = async (tx: DbOrTx, id: number) => {
  await tx.delete(ticketMailboxes).where(eq(ticketMailboxes.id, id));
};

export const findBoard = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: ticketBoards.id, name: ticketBoards.name, conditions: ticketBoards.conditions })
    .from(ticketBoards)
    .where(eq(ticketBoards.id, id));
  return row;
};

export const findOrganization = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
};

// ---------------------------------------------------------------- senders

/** A user with this address (any type), for the requester and an end user's organization. */
export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      userType: users.userType,
      organizationId: users.organizationId,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
};

/** The organizations that have a contact with this address, and the contact's name in each. */
export const contactsByEmail = (db: DbOrTx, email: string) =>
  db
    .select({ organizationId: contacts.organizationId, name: contacts.name })
    .from(contacts)
    .where(sql`lower(${contacts.email}) = ${email.toLowerCase()}`)
    .orderBy(asc(contacts.id));

// ---------------------------------------------------------------- message ids

/** The ticket of the first of these Message-IDs that we know, or undefined. */
export const ticketOfMessages = async (db: DbOrTx, messageIds: readonly string[]) => {
  if (messageIds.length === 0) return undefined;
  const rows = await db
    .select({ messageId: ticketMailMessages.messageId, ticketId: ticketMailMessages.ticketId })
    .from(ticketMailMessages)
    .where(anyOf(ticketMailMessages.messageId, messageIds, 'text'));
  const byId = new Map(rows.map((row) => [row.messageId, row.ticketId]));
  for (const id of messageIds) if (byId.has(id)) return byId.get(id);
  return undefined;
};

export const insertMessage = async (tx: DbOrTx, values: typeof ticketMailMessages.$inferInsert) => {
  await tx.insert(ticketMailMessages).values(values);
};

/** The first and the latest Message-ID of a ticket's mail, and the mailbox its mail goes through. */
export const threadOf = async (db: DbOrTx, ticketId: number) => {
  const rows = await db
    .select({ messageId: ticketMailMessages.messageId, mailboxId: ticketMailMessages.mailboxId })
    .from(ticketMailMessages)
    .where(eq(ticketMailMessages.ticketId, ticketId))
    .orderBy(asc(ticketMailMessages.createdAt), asc(ticketMailMessages.messageId));
  return {
    rootId: rows[0]?.messageId ?? null,
    lastId: rows.at(-1)?.messageId ?? null,
    mailboxId: rows.find((row) => row.mailboxId !== null)?.mailboxId ?? null,
  };
};

// ---------------------------------------------------------------- the ticket log feed

/** The mail worker's cursor in `event_feed_cursors` (lib/event-feed.ts). */
export const FEED_CURSOR = 'ticket-mail';

/** The log's last id: a new cursor starts there (comments made before ticket mail existed are not mailed). */
export const logEnd = async (db: DbOrTx) => {
  const [row] = await db.select({ last: max(ticketLog.id) }).from(ticketLog);
  return Number(row?.last ?? 0);
};

/** Log entries after `afterId`, oldest first, with the name of their user. */
export const readLog = (db: DbOrTx, afterId: number, limit: number) =>
  db
    .select({
      id: ticketLog.id,
      ticketId: ticketLog.ticketId,
      type: ticketLog.type,
      actorName: ticketLog.actorName,
      actorUserName: users.name,
      source: ticketLog.source,
      body: ticketLog.body,
      isPublic: ticketLog.isPublic,
      data: ticketLog.data,
    })
    .from(ticketLog)
    .leftJoin(users, eq(users.id, ticketLog.actorId))
    .where(gt(ticketLog.id, afterId))
    .orderBy(asc(ticketLog.id))
    .limit(limit);
export type LogFeedRow = Awaited<ReturnType<typeof readLog>>[number];

export const statusesById = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Map<number, { name: string; category: string }>();
  const rows = await db
    .select({ id: ticketStatuses.id, name: ticketStatuses.name, category: ticketStatuses.category })
    .from(ticketStatuses)
    .where(anyOf(ticketStatuses.id, ids, 'integer'));
  return new Map(rows.map((row) => [row.id, row]));
};

// ---------------------------------------------------------------- outbox

export type NewOutboxRow = typeof ticketMailOutbox.$inferInsert;
export type OutboxRow = typeof ticketMailOutbox.$inferSelect;

/** Queues mails (an entry already queued is left alone); the rows written. */
export const insertOutbox = async (tx: DbOrTx, rows: NewOutboxRow[]) =>
  rows.length === 0 ? [] : tx.insert(ticketMailOutbox).values(rows).onConflictDoNothing().returning();

/** Takes the PENDING mails due at `now` (a lease until `leaseUntil`, SKIP LOCKED: one process each). */
export const claimDue = async (
  db: DbOrTx,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
) => {
  const due = db
    .select({ id: ticketMailOutbox.id })
    .from(ticketMailOutbox)
    .where(and(eq(ticketMailOutbox.status, 'PENDING'), sql`${ticketMailOutbox.nextAttemptAt} <= ${now}`))
    .orderBy(asc(ticketMailOutbox.nextAttemptAt), asc(ticketMailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(ticketMailOutbox)
    .set({ nextAttemptAt: leaseUntil })
    .where(sql`${ticketMailOutbox.id} in ${due}`)
    .returning();
};

export const recordAttempt = async (
  db: DbOrTx,
  id: number,
  outcome: { status: 'PENDING' | 'SENT' | 'FAILED'; attempt: TicketMailAttempt; nextAttemptAt: Date | null },
) => {
  await db
    .update(ticketMailOutbox)
    .set({
      status: outcome.status,
      attempts: sql`${ticketMailOutbox.attempts} + 1`,
      attemptLog: sql`${ticketMailOutbox.attemptLog} || ${JSON.stringify([outcome.attempt])}::jsonb`,
      lastError: outcome.attempt.error,
      nextAttemptAt: outcome.nextAttemptAt,
      sentAt: outcome.status === 'SENT' ? new Date(outcome.attempt.time) : null,
    })
    .where(eq(ticketMailOutbox.id, id));
};

export const outboxOfTicket = (db: DbOrTx, ticketId: number) =>
  db
    .select()
    .from(ticketMailOutbox)
    .where(eq(ticketMailOutbox.ticketId, ticketId))
    .orderBy(desc(ticketMailOutbox.id));
