import { type TicketMailboxErrorCode, ticketMailboxErrorCodes, ticketMailboxMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

const texts: Readonly<Record<TicketMailboxErrorCode, string>> = {
  TICKET_MAILBOX_NOT_FOUND: ticketMailboxMessages.notFound,
  TICKET_MAILBOX_EXISTS: ticketMailboxMessages.addressTaken,
  TICKET_MAILBOX_INVALID: ticketMailboxMessages.boardNotFound,
};

/** A mailbox API error with its status; `message` replaces the code's default text. */
export const mailboxError = (code: TicketMailboxErrorCode, message?: string) =>
  new DomainError(code, message ?? texts[code], { statusCode: ticketMailboxErrorCodes[code] });

/**
 * A mail the listener refuses: the SMTP reply code (550 unless said) and the text the sending server bounces
 * to its sender. Thrown before anything is written, or from inside the mail's transaction (rolled back).
 */
export class MailRejection extends Error {
  constructor(
    message: string,
    readonly responseCode = 550,
  ) {
    super(message);
  }
}
