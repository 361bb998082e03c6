import * as z from 'zod';
import { listOf } from './http.ts';
import { EmailAddress } from './validators.ts';

/**
 * Ticketing mail (issue 20 item 8; docs/decisions.md "Ticketing mail"): mailbox addresses that the server's own
 * SMTP listener (TICKET_MAIL_SMTP_PORT, off unless set) accepts mail for. A new mail becomes a ticket on the
 * mailbox's board, a reply (its In-Reply-To or References name a message of the ticket, or its subject carries
 * `[#123]`) a public comment; a technician's public comment and a resolution mail the requester and CCs.
 * Mailboxes are read with `settings.view` and changed with `settings.manage`.
 */

const Id = z.number().int().positive().max(2147483647);

/** `[#123]` in a subject names ticket 123. */
export const ticketMailToken = (ticketId: number) => `[#${ticketId}]`;
/** The ticket a subject names with its token, or null. */
export const ticketIdInSubject = (subject: string): number | null => {
  const match = /\[#(\d{1,10})\]/.exec(subject);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : null;
};

/** Outgoing mails start with this line; a reply's text is cut there (what is below is the quoted mail). */
export const TICKET_MAIL_REPLY_MARKER = '##- Please type your reply above this line -##';

export const TicketMailbox = /* @__PURE__ */ z.object({
  id: z.number().int(),
  /** Lowercase. */
  address: z.string(),
  /** The name on mail sent for its tickets (`Support`), '' for none. */
  name: z.string(),
  /** Its tickets are made to fit this board's conditions (docs/decisions.md); null once the board is deleted. */
  boardId: z.number().int().nullable(),
  boardName: z.string().nullable(),
  /** Where a sender known to no organization files tickets; null: such mail is refused. */
  defaultOrganizationId: z.number().int().nullable(),
  defaultOrganizationName: z.string().nullable(),
  enabled: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type TicketMailbox = z.infer<typeof TicketMailbox>;

export const SaveTicketMailboxRequest = /* @__PURE__ */ z.object({
  address: EmailAddress.transform((address) => address.toLowerCase()),
  name: z.string().trim().max(100).default(''),
  boardId: Id.nullable().default(null),
  defaultOrganizationId: Id.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type SaveTicketMailboxRequest = z.input<typeof SaveTicketMailboxRequest>;
export type SaveTicketMailboxInput = z.output<typeof SaveTicketMailboxRequest>;

export const ListTicketMailboxesResponse = /* @__PURE__ */ listOf(TicketMailbox);
export type ListTicketMailboxesResponse = z.infer<typeof ListTicketMailboxesResponse>;

/** Texts of the mailbox API's refusals. */
export const ticketMailboxMessages = {
  notFound: 'The mailbox does not exist.',
  addressTaken: 'Another mailbox has this address.',
  domainNotAllowed: 'This server takes mail only for the domains in TICKET_MAIL_DOMAINS.',
  boardNotFound: 'The board does not exist.',
  organizationNotFound: 'The organization does not exist.',
} as const;

export const ticketMailboxErrorCodes = {
  TICKET_MAILBOX_NOT_FOUND: 404,
  TICKET_MAILBOX_EXISTS: 409,
  TICKET_MAILBOX_INVALID: 422,
} as const;
export type TicketMailboxErrorCode = keyof typeof ticketMailboxErrorCodes;

/**
 * What the SMTP listener answers a refused mail (after the reply code): the sending server bounces it to its
 * sender with this text. Nothing of a refused mail is stored.
 */
export const ticketMailRejections = {
  unknownMailbox: 'No ticket mailbox has this address',
  domainNotAllowed: 'This server does not take mail for that domain',
  oneMailboxPerMessage: 'One ticket mailbox per message; send again for the other mailbox',
  missingSender: 'The message has no sender (MAIL FROM is empty)',
  senderMismatch: 'The sender (MAIL FROM) does not match the From header',
  fromMissing: 'The message has no From header, or more than one address in it',
  autoReply: 'Automatic replies are not taken',
  noOrganization: 'The sender is not known to any organization and the mailbox has no default organization',
  notParticipant: 'Only the requester or a CC of the ticket may reply to it',
  tooLarge: 'The message is larger than this server takes',
  unreadable: 'The message could not be read as a mail',
  tlsRequired: 'Must issue a STARTTLS command first',
  temporaryFailure: 'The message could not be stored now; try again later',
} as const;
