import type { ListSupportTicketsQuery } from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { escapeLike } from '../activities/repository.ts';
import { attachments } from '../attachments/schema.ts';
import { supportMessageAttachments, supportTicketMessages, supportTickets } from './schema.ts';

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type SupportMessageRow = typeof supportTicketMessages.$inferSelect;

export const insertTicket = async (db: DbOrTx, row: typeof supportTickets.$inferInsert) => {
  const [inserted] = await db.insert(supportTickets).values(row).returning({ id: supportTickets.id });
  return inserted!.id;
};

export const insertMessage = async (db: DbOrTx, row: typeof supportTicketMessages.$inferInsert) => {
  const [inserted] = await db
    .insert(supportTicketMessages)
    .values(row)
    .returning({ id: supportTicketMessages.id });
  return inserted!.id;
};

/** The message's attachments in the order given. */
export const linkAttachments = async (db: DbOrTx, messageId: number, attachmentIds: readonly string[]) => {
  if (attachmentIds.length === 0) return;
  await db
    .insert(supportMessageAttachments)
    .values(attachmentIds.map((attachmentId, position) => ({ messageId, attachmentId, position })));
};

/** The ticket, locked for the rest of the transaction when `forUpdate`. */
export const findTicket = async (db: DbOrTx, id: number, { forUpdate = false } = {}) => {
  const query = db.select().from(supportTickets).where(eq(supportTickets.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
};

export const updateTicket = async (
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<SupportTicketRow, 'status' | 'closedAt'>>,
) => {
  await db
    .update(supportTickets)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(supportTickets.id, id));
};

// Written out: inside a subquery Drizzle would leave the outer table's column unqualified.
const messageCount = sql<number>`(select count(*)::int from support_ticket_messages m
  where m.ticket_id = support_tickets.id)`;
const attachmentCount = sql<number>`(select count(*)::int from support_message_attachments a
  join support_ticket_messages m on m.id = a.message_id where m.ticket_id = support_tickets.id)`;

export type SupportTicketListRow = SupportTicketRow & { messageCount: number; attachmentCount: number };

export const listTickets = async (db: DbOrTx, query: z.output<typeof ListSupportTicketsQuery>) => {
  const search = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    query.status ? eq(supportTickets.status, query.status) : undefined,
    search
      ? or(
          ilike(supportTickets.subject, search),
          ilike(supportTickets.requesterName, search),
          ilike(supportTickets.requesterEmail, search),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ticket: supportTickets, messageCount, attachmentCount })
      .from(supportTickets)
      .where(where)
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(supportTickets).where(where),
  ]);
  return {
    rows: rows.map(
      (row): SupportTicketListRow => ({
        ...row.ticket,
        messageCount: Number(row.messageCount),
        attachmentCount: Number(row.attachmentCount),
      }),
    ),
    total: Number(total?.value ?? 0),
  };
};

export const listMessages = (db: DbOrTx, ticketId: number) =>
  db
    .select()
    .from(supportTicketMessages)
    .where(eq(supportTicketMessages.ticketId, ticketId))
    .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id));

/** The attachments of these messages, each with its message id, in their order. */
export const listMessageAttachments = async (db: DbOrTx, messageIds: readonly number[]) =>
  messageIds.length === 0
    ? []
    : db
        .select({ messageId: supportMessageAttachments.messageId, attachment: attachments })
        .from(supportMessageAttachments)
        .innerJoin(attachments, eq(attachments.id, supportMessageAttachments.attachmentId))
        .where(anyOf(supportMessageAttachments.messageId, messageIds, 'integer'))
        .orderBy(asc(supportMessageAttachments.messageId), asc(supportMessageAttachments.position));
