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
import type { SystemUploads } from '../attachments/system-upload.ts';
import type { TicketCallOptions, TicketingContext } from '../tickets/context.ts';
import { TicketConflictError } from '../tickets/errors.ts';
import { findTicket, type TicketRow } from '../tickets/repository.ts';
import { createTicket, updateTicket } from '../tickets/service.ts';
import { addComment } from '../tickets/work-service.ts';
import { MailRejection } from './errors.ts';
import { importMailFiles, type MailFiles } from './mail-files.ts';
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
 * Mail into tickets (docs/decisions.md "Ticketing mail"). The attachments are scanned and their bytes stored
 * first (outside any transaction); then one transaction per mail: the attachments' rows, the ticket or comment
 * with them (through the tickets services, each in a savepoint of it), a reopening, and the mail's Message-ID;
 * consoles hear of it after the commit. A refusal (MailRejection) or any failure rolls all of it back and
 * removes the stored bytes.
 */

export type InboundDeps = {
  db: Db;
  bus: Bus;
  urlKey: Buffer;
  /** The attachments module's system uploads (`app.attachments.system`). */
  uploads: SystemUploads;
  /** Largest attachment imported (TICKET_MAIL_ATTACHMENT_MAX_BYTES). */
  attachmentMaxBytes: number;
};
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

/** What the mail brings: its sender, the options the tickets services act with, its files. */
type Incoming = InboundMail & { sender: Sender; options: TicketCallOptions; files: MailFiles };

/** The mail's files as rows of this transaction: their ids, for the ticket or comment to claim. */
const recordFiles = (deps: InboundDeps, tx: Tx, { files, sender }: Incoming) =>
  deps.uploads.record(tx, files.files, { actorName: `Email: ${sender.email}`, source: 'email' });

const newTicket = async (
  deps: InboundDeps,
  ctx: TicketingContext,
  tx: Tx,
  incoming: Incoming,
  followUpOf?: TicketRow,
) => {
  const { mailbox, mail, sender, options, files } = incoming;
  const placed = followUpOf
    ? { organizationId: followUpOf.organizationId, requester: { email: sender.email, name: sender.name } }
    : await placeSender(tx, sender, mailbox.defaultOrganizationId);
  const board = mailbox.boardId === null ? undefined : await repo.findBoard(tx, mailbox.boardId);
  const ours = new Set([
    sender.email,
    mailbox.address,
    ...(await repo.mailboxAddressesAmong(tx, addressesOf(mail.to, mail.cc))),
  ]);
  const description = descriptionOf(mail.text, files.notImported);
  const ticket = await createTicket(
    ctx,
    {
      ...boardDefaults(board?.conditions),
      organizationId: placed.organizationId,
      subject: ticketSubject(mail.subject),
      description: followUpOf ? `Follow-up to ticket #${followUpOf.id}.\n\n${description}` : description,
      requester: placed.requester,
      ccEmails: ccOf(addressesOf(mail.to, mail.cc), ours),
      attachmentIds: await recordFiles(deps, tx, incoming),
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

const store = async (
  deps: InboundDeps,
  ctx: TicketingContext,
  tx: Tx,
  incoming: Incoming,
): Promise<InboundResult> => {
  const { mail, mailbox, sender, options, files } = incoming;
  const messageId = bareMessageId(mail.messageId);
  const known = messageId ? await repo.ticketOfMessages(tx, [messageId]) : undefined;
  if (known !== undefined) return { ticketId: known, outcome: 'DUPLICATE' };

  const thread = await threadedTicket(tx, mail);
  if (thread && !isParticipant(thread, sender.email))
    throw new MailRejection(ticketMailRejections.notParticipant);
  const category = thread?.statusCategory as TicketStatusCategory | undefined;
  let result: InboundResult;
  if (!thread || category === 'CLOSED') {
    result = { ticketId: await newTicket(deps, ctx, tx, incoming, thread), outcome: 'CREATED' };
  } else {
    const reopened =
      category !== undefined && isClosedCategory(category) && (await reopen(ctx, thread, options));
    await addComment(
      ctx,
      thread.id,
      {
        body: replyBodyOf(mail.text, files.notImported),
        isPublic: true,
        attachmentIds: await recordFiles(deps, tx, incoming),
      },
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

/**
 * Stores one received mail, or throws a MailRejection or another error; either way nothing is written and
 * the attachments' stored bytes are removed. A Message-ID already stored is answered before any file is read.
 */
export const receiveMail = async (deps: InboundDeps, inbound: InboundMail): Promise<InboundResult> => {
  const sender = checkSender(inbound.mailFrom, inbound.mail);
  const messageId = bareMessageId(inbound.mail.messageId);
  const known = messageId ? await repo.ticketOfMessages(deps.db, [messageId]) : undefined;
  if (known !== undefined) return { ticketId: known, outcome: 'DUPLICATE' };
  const options: TicketCallOptions = { actor: { system: `Email: ${sender.email}` }, source: 'EMAIL' };
  const files = await importMailFiles(deps.uploads, inbound.mail.attachments, deps.attachmentMaxBytes);
  try {
    const result = await inOneTransaction(deps, (ctx, tx) =>
      store(deps, ctx, tx, { ...inbound, sender, options, files }),
    );
    // Delivered twice at once: the other delivery's ticket has the files.
    if (result.outcome === 'DUPLICATE') await deps.uploads.discard(files.files);
    return result;
  } catch (error) {
    await deps.uploads.discard(files.files);
    throw asRejection(error);
  }
};
