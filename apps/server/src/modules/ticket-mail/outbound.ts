import { randomBytes } from 'node:crypto';
import {
  isClosedCategory,
  TICKET_MAIL_REPLY_MARKER,
  type TicketStatusCategory,
  ticketMailToken,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { headerText } from '../../lib/mailer.ts';
import { findTicket, type TicketRow } from '../tickets/repository.ts';
import * as repo from './repository.ts';

/**
 * Ticket mail out (docs/decisions.md "Ticketing mail"): which ticket log entries mail the requester and CCs,
 * and what the mail says. Queued in the transaction that moves the feed's cursor, each with the Message-ID it
 * will be sent with (recorded for threading the replies).
 */

type StatusChange = { field: string; from: unknown; to: unknown };
type Statuses = Awaited<ReturnType<typeof repo.statusesById>>;

const statusChangeOf = (row: repo.LogFeedRow) =>
  row.type === 'CHANGE'
    ? ((row.data as { changes?: StatusChange[] }).changes ?? []).find((change) => change.field === 'statusId')
    : undefined;

const categoryOf = (statuses: Statuses, id: unknown) =>
  typeof id === 'number' ? (statuses.get(id)?.category as TicketStatusCategory | undefined) : undefined;

/**
 * COMMENT: a public comment not made by mail (the requester's own reply is not sent back). STATUS: the status
 * moved into another category that is RESOLVED or CLOSED.
 */
export const mailKindOf = (row: repo.LogFeedRow, statuses: Statuses): 'COMMENT' | 'STATUS' | null => {
  if (row.type === 'COMMENT') return row.isPublic && row.source !== 'EMAIL' ? 'COMMENT' : null;
  const change = statusChangeOf(row);
  if (!change) return null;
  const to = categoryOf(statuses, change.to);
  return to !== undefined && isClosedCategory(to) && to !== categoryOf(statuses, change.from)
    ? 'STATUS'
    : null;
};

const quoted = (subject: string) => `“${headerText(subject)}”`;

export const commentMail = (
  ticket: Pick<TicketRow, 'id' | 'subject' | 'statusName'>,
  author: string,
  body: string,
) => ({
  subject: headerText(`${ticketMailToken(ticket.id)} ${ticket.subject}`, 250),
  body: [
    TICKET_MAIL_REPLY_MARKER,
    '',
    `${author} wrote on ticket ${ticketMailToken(ticket.id)} ${quoted(ticket.subject)}:`,
    '',
    body,
    '',
    `Status: ${ticket.statusName}`,
  ].join('\n'),
});

export const statusMail = (
  ticket: Pick<TicketRow, 'id' | 'subject'>,
  status: { name: string; category: TicketStatusCategory },
) => ({
  subject: headerText(`${ticketMailToken(ticket.id)} ${status.name}: ${ticket.subject}`, 250),
  body: [
    TICKET_MAIL_REPLY_MARKER,
    '',
    `Ticket ${ticketMailToken(ticket.id)} ${quoted(ticket.subject)} is now ${status.name}.`,
    '',
    status.category === 'RESOLVED'
      ? 'If it is not solved, reply to this mail and the ticket opens again.'
      : 'Reply to this mail to open a follow-up ticket.',
  ].join('\n'),
});

const replyToOf = (mailbox: repo.MailboxRow) => {
  const name = mailbox.name.replace(/["\\\r\n]/g, '').trim();
  return name ? `"${name}" <${mailbox.address}>` : mailbox.address;
};

/** The mailbox a ticket's mail goes through: the one it came in by (if still enabled), else the first enabled. */
const mailboxOf = async (tx: DbOrTx, mailboxId: number | null) => {
  const own = mailboxId === null ? undefined : await repo.findMailbox(tx, mailboxId);
  return own?.enabled ? own : repo.firstEnabledMailbox(tx);
};

/** Queues the mails these log entries make (none without a requester's address or an enabled mailbox). */
export const queueMails = async (tx: DbOrTx, rows: readonly repo.LogFeedRow[], now: Date) => {
  const statusIds = rows.flatMap((row) => {
    const change = statusChangeOf(row);
    return change ? [change.from, change.to].filter((id): id is number => typeof id === 'number') : [];
  });
  const statuses = await repo.statusesById(tx, [...new Set(statusIds)]);
  let queued = 0;
  for (const row of rows) {
    const kind = mailKindOf(row, statuses);
    if (!kind) continue;
    const ticket = await findTicket(tx, row.ticketId);
    if (!ticket?.requesterEmail) continue;
    const thread = await repo.threadOf(tx, ticket.id);
    const mailbox = await mailboxOf(tx, thread.mailboxId);
    if (!mailbox) continue;
    const content =
      kind === 'COMMENT'
        ? commentMail(ticket, row.actorUserName || row.actorName, row.body ?? '')
        : statusMail(ticket, statuses.get(statusChangeOf(row)!.to as number) as never);
    const domain = mailbox.address.slice(mailbox.address.lastIndexOf('@') + 1);
    const messageId = `ticket-${ticket.id}.${row.id}.${randomBytes(6).toString('hex')}@${domain}`;
    const requester = ticket.requesterEmail.toLowerCase();
    const [inserted] = await repo.insertOutbox(tx, [
      {
        ticketId: ticket.id,
        logEntryId: row.id,
        kind,
        messageId,
        inReplyTo: thread.lastId,
        references: [...new Set([thread.rootId, thread.lastId].filter((id): id is string => id !== null))],
        to: [ticket.requesterEmail],
        cc: ticket.ccEmails.filter((cc) => cc.toLowerCase() !== requester),
        replyTo: replyToOf(mailbox),
        subject: content.subject,
        body: content.body,
        nextAttemptAt: now,
      },
    ]);
    if (!inserted) continue;
    await repo.insertMessage(tx, { messageId, ticketId: ticket.id, mailboxId: mailbox.id, direction: 'OUT' });
    queued++;
  }
  return queued;
};
