import {
  isClosedCategory,
  type TicketStatusCategory,
  ticketIdInSubject,
  ticketMailRejections,
} from '@rmm/domain';
import type { ParsedMail } from 'mailparser';
import type { Bus } from '../../bus/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { TicketCallOptions, TicketingContext } from '../tickets/context.ts';
import { TicketConflictError } from '../tickets/errors.ts';
import { findTicket, type TicketRow } from '../tickets/repository.ts';
import { createTicket, updateTicket } from '../tickets/service.ts';
import { addComment } from '../tickets/work-service.ts';
import { MailRejection } from './errors.ts';
import {
  addressesOf,
  bareMessageId,
  boardDefaults,
  ccOf,
  descriptionOf,
  namedMessageIds,
  replyBodyOf,
  ticketSubject,
} from './mail-text.ts';
import * as repo from './repository.ts';
import { checkSender, placeSender, type Sender } from './sender.ts';

/**
 * Mail into tickets (docs/decisions.md "Ticketing mail"). One transaction per mail: the ticket or comment
 * (through the tickets services, each in a savepoint of it), a reopening, and the mail's Message-ID; consoles
 * hear of it after the commit. A refusal (MailRejection) or any failure rolls all of it back.
 */

export type InboundDeps = { db: Db; bus: Bus; urlKey: Buffer };
export type InboundMail = { mailFrom: string; mailbox: repo.MailboxRow; mail: ParsedMail };
export type InboundResult = { ticketId: number; outcome: 'CREATED' | 'COMMENTED' | 'REOPENED' | 'DUPLICATE' };

/** The status a reply to a resolved ticket reopens it with (the system status Open). */
const REOPEN_STATUS_ID = 2;

/**
 * Runs `work` in one transaction with a ticketing context on it; what the tickets services publish is held
 * back and published once the transaction has committed (nothing of a rolled-back mail reaches a console).
 */
const inOneTransaction = async <T>(
  deps: InboundDeps,
  work: (ctx: TicketingContext, tx: Tx) => Promise<T>,
): Promise<T> => {
  const held: [string, unknown][] = [];
  const bus: Bus = {
    kind: deps.bus.kind,
    publish: (subject, message) => {
      held.push([subject, message]);
    },
    subscribe: (subject, handler) => deps.bus.subscribe(subject, handler),
    flush: () => deps.bus.flush(),
    close: () => deps.bus.close(),
  };
  const result = await deps.db.transaction((tx) =>
    work({ db: tx as unknown as Db, bus, urlKey: deps.urlKey }, tx),
  );
  for (const [subject, message] of held) deps.bus.publish(subject, message);
  return result;
};

const isParticipant = (ticket: TicketRow, email: string) =>
  ticket.requesterEmail?.toLowerCase() === email || ticket.ccEmails.some((cc) => cc.toLowerCase() === email);

/** The ticket a reply names (a known Message-ID first, then the subject's token), if it exists. */
const threadedTicket = async (tx: Tx, mail: ParsedMail) => {
  const named = namedMessageIds(mail.inReplyTo, mail.references);
  const ticketId = (await repo.ticketOfMessages(tx, named)) ?? ticketIdInSubject(mail.subject ?? '');
  return ticketId === null || ticketId === undefined ? undefined : findTicket(tx, ticketId);
};

/** A ticketing refusal (a 4xx DomainError) is the mail's fault: 550 with its text; anything else is ours. */
const asRejection = (error: unknown) =>
  error instanceof DomainError && error.statusCode < 500
    ? new MailRejection(`The ticket could not be saved: ${error.message}`)
    : error;

const newTicket = async (
  ctx: TicketingContext,
  tx: Tx,
  { mailbox, mail }: InboundMail,
  sender: Sender,
  options: TicketCallOptions,
  followUpOf?: TicketRow,
) => {
  const placed = followUpOf
    ? { organizationId: followUpOf.organizationId, requester: { email: sender.email, name: sender.name } }
    : await placeSender(tx, sender, mailbox.defaultOrganizationId);
  const board = mailbox.boardId === null ? undefined : await repo.findBoard(tx, mailbox.boardId);
  const ours = new Set([
    sender.email,
    mailbox.address,
    ...(await repo.mailboxAddressesAmong(tx, addressesOf(mail.to, mail.cc))),
  ]);
  const description = descriptionOf(mail.text, mail.attachments);
  const ticket = await createTicket(
    ctx,
    {
      ...boardDefaults(board?.conditions),
      organizationId: placed.organizationId,
      subject: ticketSubject(mail.subject),
      description: followUpOf ? `Follow-up to ticket #${followUpOf.id}.\n\n${description}` : description,
      requester: placed.requester,
      ccEmails: ccOf(addressesOf(mail.to, mail.cc), ours),
    },
    options,
  );
  return ticket.id;
};

/** A reply to a resolved ticket opens it again (a problem's resolved parent keeps it as it is). */
const reopen = async (ctx: TicketingContext, ticket: TicketRow, options: TicketCallOptions) => {
  let version = ticket.version;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await updateTicket(ctx, ticket.id, { version, statusId: REOPEN_STATUS_ID }, options);
      return true;
    } catch (error) {
      if (error instanceof TicketConflictError) version = error.ticket.version;
      else if (error instanceof DomainError && error.code === 'TICKET_RULE') return false;
      else throw error;
    }
  }
  return false;
};

const store = async (ctx: TicketingContext, tx: Tx, inbound: InboundMail): Promise<InboundResult> => {
  const { mail, mailbox } = inbound;
  const sender = checkSender(inbound.mailFrom, mail);
  const options: TicketCallOptions = { actor: { system: `Email: ${sender.email}` }, source: 'EMAIL' };
  const messageId = bareMessageId(mail.messageId);
  const known = messageId ? await repo.ticketOfMessages(tx, [messageId]) : undefined;
  if (known !== undefined) return { ticketId: known, outcome: 'DUPLICATE' };

  const thread = await threadedTicket(tx, mail);
  if (thread && !isParticipant(thread, sender.email))
    throw new MailRejection(ticketMailRejections.notParticipant);
  const category = thread?.statusCategory as TicketStatusCategory | undefined;
  let result: InboundResult;
  if (!thread || category === 'CLOSED') {
    result = { ticketId: await newTicket(ctx, tx, inbound, sender, options, thread), outcome: 'CREATED' };
  } else {
    const reopened =
      category !== undefined && isClosedCategory(category) && (await reopen(ctx, thread, options));
    await addComment(
      ctx,
      thread.id,
      { body: replyBodyOf(mail.text, mail.attachments), isPublic: true },
      options,
    );
    result = { ticketId: thread.id, outcome: reopened ? 'REOPENED' : 'COMMENTED' };
  }
  if (messageId)
    await repo.insertMessage(tx, {
      messageId,
      ticketId: result.ticketId,
      mailboxId: mailbox.id,
      direction: 'IN',
    });
  return result;
};

/** Stores one received mail, or throws a MailRejection (nothing written) or another error (nothing written). */
export const receiveMail = async (deps: InboundDeps, inbound: InboundMail): Promise<InboundResult> => {
  try {
    return await inOneTransaction(deps, (ctx, tx) => store(ctx, tx, inbound));
  } catch (error) {
    throw asRejection(error);
  }
};
