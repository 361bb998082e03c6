import { isValidEmail, type TicketRequesterInput, ticketMailRejections } from '@rmm/domain';
import type { ParsedMail } from 'mailparser';
import type { DbOrTx } from '../../db/database.ts';
import { MailRejection } from './errors.ts';
import * as repo from './repository.ts';

/**
 * Who sent a mail, as far as can be told here: the envelope sender (MAIL FROM) must be there and be the one
 * address of the From header. SPF and DKIM are not checked (docs/decisions.md "Ticketing mail"): the mail
 * server in front, which sees the Internet, is where that belongs.
 */

export type Sender = { email: string; name: string };

const AUTOMATIC_PRECEDENCE = new Set(['bulk', 'junk', 'auto_reply']);

const headerText = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
};

/** The checked sender, or a MailRejection (550) saying what is wrong. */
export const checkSender = (mailFrom: string, mail: ParsedMail): Sender => {
  if (mailFrom.trim() === '') throw new MailRejection(ticketMailRejections.missingSender);
  const from = mail.from?.value ?? [];
  const address = from.length === 1 ? (from[0]!.address ?? '') : '';
  if (address === '' || !isValidEmail(address)) throw new MailRejection(ticketMailRejections.fromMissing);
  if (address.toLowerCase() !== mailFrom.trim().toLowerCase())
    throw new MailRejection(ticketMailRejections.senderMismatch);
  // An out-of-office answer to our notification must not become a comment (nor a ticket, nor a mail loop).
  const autoSubmitted = headerText(mail, 'auto-submitted');
  if (
    (autoSubmitted !== '' && autoSubmitted !== 'no') ||
    AUTOMATIC_PRECEDENCE.has(headerText(mail, 'precedence'))
  )
    throw new MailRejection(ticketMailRejections.autoReply);
  return { email: address.toLowerCase(), name: (from[0]!.name ?? '').trim().slice(0, 100) };
};

/**
 * The organization of a new ticket and its requester: an end user's organization; else the one organization
 * with a contact of that address; else the mailbox's default; else the mail is refused. A user of ours (of any
 * kind) is the requester as that user; anyone else by address and name.
 */
export const placeSender = async (
  db: DbOrTx,
  sender: Sender,
  defaultOrganizationId: number | null,
): Promise<{ organizationId: number; requester: TicketRequesterInput }> => {
  const user = await repo.findUserByEmail(db, sender.email);
  const contacts = await repo.contactsByEmail(db, sender.email);
  const contactOrganizations = [...new Set(contacts.map((contact) => contact.organizationId))];
  const organizationId =
    (user?.userType === 'END_USER' ? user.organizationId : null) ??
    (contactOrganizations.length === 1 ? contactOrganizations[0]! : null) ??
    defaultOrganizationId;
  if (organizationId === null) throw new MailRejection(ticketMailRejections.noOrganization);
  const contactName = contacts.find((contact) => contact.organizationId === organizationId)?.name ?? '';
  const requester: TicketRequesterInput = user
    ? { userId: user.id }
    : { email: sender.email, name: sender.name || contactName };
  return { organizationId, requester };
};
