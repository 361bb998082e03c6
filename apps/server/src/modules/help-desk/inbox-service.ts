import type {
  HelpTicketPriority,
  ListSupportTicketsQuery,
  ListSupportTicketsResponse,
  ReplySupportTicketRequest,
  SupportTicket,
  SupportTicketMessage,
  SupportTicketStatus,
  SupportTicketSummary,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { claimForTicket, toAttachmentWithUrl } from '../attachments/service.ts';
import { helpDeskError } from './errors.ts';
import * as repo from './repository.ts';

/**
 * The support inbox, for system administrators (`settings.manage`): tickets filed through the `support`
 * help desk, their conversation with the attachments (each with a fresh signed URL), replies, close and reopen.
 */

type Context = { db: Db; urlKey: Buffer; actor: Actor };

const iso = (value: Date) => value.toISOString();

const requesterOf = (row: repo.SupportTicketRow) => ({
  id: row.requesterId,
  name: row.requesterName,
  email: row.requesterEmail,
});

const toSummary = (row: repo.SupportTicketListRow): SupportTicketSummary => ({
  id: row.id,
  subject: row.subject,
  priority: row.priority as HelpTicketPriority,
  status: row.status as SupportTicketStatus,
  requester: requesterOf(row),
  messageCount: row.messageCount,
  attachmentCount: row.attachmentCount,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const listSupportTickets = async ({
  db,
  query,
}: {
  db: DbOrTx;
  query: z.output<typeof ListSupportTicketsQuery>;
}): Promise<ListSupportTicketsResponse> => {
  const { rows, total } = await repo.listTickets(db, query);
  return { data: rows.map(toSummary), count: total, page: query.page, pageSize: query.pageSize };
};

const readTicket = async (db: DbOrTx, urlKey: Buffer, id: number): Promise<SupportTicket> => {
  const row = await repo.findTicket(db, id);
  if (!row) throw helpDeskError('SUPPORT_TICKET_NOT_FOUND');
  const messages = await repo.listMessages(db, id);
  const links = await repo.listMessageAttachments(
    db,
    messages.map((message) => message.id),
  );
  const now = Date.now();
  const toMessage = (message: repo.SupportMessageRow): SupportTicketMessage => ({
    id: message.id,
    author: { id: message.authorId, name: message.authorName, email: message.authorEmail },
    isFromRequester: message.isFromRequester,
    body: message.body,
    attachments: links
      .filter((link) => link.messageId === message.id)
      .map((link) => toAttachmentWithUrl(link.attachment, urlKey, now)),
    createdAt: iso(message.createdAt),
  });
  return {
    ...toSummary({ ...row, messageCount: messages.length, attachmentCount: links.length }),
    phoneNumber: row.phoneNumber,
    category: row.category,
    callback: row.callback,
    language: row.language,
    ccEmails: row.ccEmails,
    messages: messages.map(toMessage),
    closedAt: row.closedAt ? iso(row.closedAt) : null,
  };
};

export const getSupportTicket = ({ db, urlKey, id }: Omit<Context, 'actor'> & { id: number }) =>
  readTicket(db, urlKey, id);

const activityOf = (actor: Actor, action: string, ticket: repo.SupportTicketRow, detail?: unknown) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'supportTicket',
  targetId: ticket.id,
  targetName: ticket.subject,
  outcome: 'SUCCESS' as const,
  detail: detail === undefined ? null : JSON.stringify(detail),
});

/** A reply with the administrator's own attachments; a closed ticket is reopened first (409 otherwise). */
export const replySupportTicket = async ({
  db,
  urlKey,
  actor,
  id,
  reply,
}: Context & { id: number; reply: z.output<typeof ReplySupportTicketRequest> }) => {
  await db.transaction(async (tx) => {
    const ticket = await repo.findTicket(tx, id, { forUpdate: true });
    if (!ticket) throw helpDeskError('SUPPORT_TICKET_NOT_FOUND');
    if (ticket.status === 'CLOSED') throw helpDeskError('SUPPORT_TICKET_CLOSED');
    const messageId = await repo.insertMessage(tx, {
      ticketId: id,
      authorId: actor.id,
      authorName: actor.name,
      authorEmail: actor.email,
      isFromRequester: ticket.requesterId === actor.id,
      body: reply.body,
    });
    await claimForTicket(tx, { ids: reply.uploads, actor, attachedTo: `support:${id}` });
    await repo.linkAttachments(tx, messageId, reply.uploads);
    await repo.updateTicket(tx, id, {});
    await insertActivity(
      tx,
      activityOf(actor, 'supportTicket.reply', ticket, { messageId, attachments: reply.uploads.length }),
    );
  });
  return readTicket(db, urlKey, id);
};

/** Close or reopen; already so, nothing changes and nothing is recorded. */
const setStatus = async (
  { db, urlKey, actor, id }: Context & { id: number },
  status: SupportTicketStatus,
) => {
  await db.transaction(async (tx) => {
    const ticket = await repo.findTicket(tx, id, { forUpdate: true });
    if (!ticket) throw helpDeskError('SUPPORT_TICKET_NOT_FOUND');
    if (ticket.status === status) return;
    await repo.updateTicket(tx, id, { status, closedAt: status === 'CLOSED' ? new Date() : null });
    await insertActivity(
      tx,
      activityOf(actor, status === 'CLOSED' ? 'supportTicket.close' : 'supportTicket.reopen', ticket),
    );
  });
  return readTicket(db, urlKey, id);
};

export const closeSupportTicket = (input: Context & { id: number }) => setStatus(input, 'CLOSED');
export const reopenSupportTicket = (input: Context & { id: number }) => setStatus(input, 'OPEN');
