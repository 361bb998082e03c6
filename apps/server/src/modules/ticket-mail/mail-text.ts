import {
  BoardConditions,
  isValidEmail,
  systemTicketStatuses,
  TICKET_MAIL_REPLY_MARKER,
  TICKET_MAX_CC,
  TICKET_MAX_TAGS,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  type TicketPriority,
  type TicketSeverity,
  type TicketType,
} from '@rmm/domain';
import type { AddressObject } from 'mailparser';

/** What a mail's text, subject, addresses and the mailbox's board make of a ticket (pure functions). */

const TRUNCATED = '\n\n[…the rest of the mail was cut]';

/** Text within the ticket limit, cut with a note. */
const fitText = (text: string) =>
  text.length <= TICKET_TEXT_MAX ? text : `${text.slice(0, TICKET_TEXT_MAX - TRUNCATED.length)}${TRUNCATED}`;

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A mail attachment that is not on the ticket, and why (`larger than 100 MB`). */
export type NotImported = { name: string; size: number; reason: string };

/** Attachments not imported are named under the text (docs/decisions.md "Ticketing mail"). */
const attachmentNote = (files: readonly NotImported[]) => {
  if (files.length === 0) return '';
  const names = files.map((file) => `${file.name} (${sizeText(file.size)}): ${file.reason}`);
  return `\n\n---\nAttachments not imported: ${names.join('; ')}`;
};

/** The subject of a new ticket: one line, at most the ticket limit. */
export const ticketSubject = (subject: string | undefined) => {
  const line = (subject ?? '').replace(/\s+/g, ' ').trim();
  return line === '' ? '(no subject)' : line.slice(0, TICKET_SUBJECT_MAX);
};

/** A new mail's text as the ticket's Markdown description (HTML-only mail: mailparser's text of it). */
export const descriptionOf = (text: string | undefined, notImported: readonly NotImported[]) =>
  fitText(`${(text ?? '').trim()}${attachmentNote(notImported)}`);

/**
 * A reply's own words: the text above our reply marker, without the quoted mail below (`>` lines) and the
 * client's "On … wrote:" line before it. Never empty (a comment needs a body).
 */
export const replyBodyOf = (text: string | undefined, notImported: readonly NotImported[]) => {
  const full = (text ?? '').replace(/\r\n/g, '\n');
  const marker = full.indexOf(TICKET_MAIL_REPLY_MARKER);
  const lines = (marker >= 0 ? full.slice(0, marker) : full).split('\n');
  while (lines.length > 0 && /^\s*(>.*)?$/.test(lines.at(-1)!)) lines.pop();
  if (lines.length > 0 && /\bwrote:\s*$/i.test(lines.at(-1)!)) lines.pop();
  const own = lines.join('\n').trim() || full.trim() || '(no text)';
  return fitText(`${own}${attachmentNote(notImported)}`);
};

/** Every address of these header fields, lowercase, once each. */
export const addressesOf = (...fields: (AddressObject | AddressObject[] | undefined)[]) => {
  const found = new Set<string>();
  const visit = (entries: AddressObject['value']) => {
    for (const entry of entries) {
      if (entry.group) visit(entry.group);
      else if (entry.address) found.add(entry.address.toLowerCase());
    }
  };
  for (const field of fields.flatMap((f) => (f === undefined ? [] : Array.isArray(f) ? f : [f])))
    visit(field.value);
  return [...found];
};

/** The people a new ticket copies: the mail's other To and Cc addresses, not ours, valid, within the limit. */
export const ccOf = (addresses: readonly string[], exclude: ReadonlySet<string>) =>
  addresses.filter((address) => !exclude.has(address) && isValidEmail(address)).slice(0, TICKET_MAX_CC);

/** `<id@host>` or `id@host` → `id@host`; nonsense → undefined. */
export const bareMessageId = (value: string | undefined) => {
  const id = value?.trim().replace(/^<|>$/g, '').trim();
  return id && id.length <= 250 && !/[\s<>]/.test(id) ? id : undefined;
};

/** In-Reply-To first, then References newest first: the messages a reply names. */
export const namedMessageIds = (inReplyTo: string | undefined, references: string | string[] | undefined) => {
  const refs = (Array.isArray(references) ? references : (references ?? '').split(/\s+/)).reverse();
  const ids = [inReplyTo, ...refs].map(bareMessageId).filter((id): id is string => id !== undefined);
  return [...new Set(ids)].slice(0, 50);
};

export type BoardDefaults = {
  statusId?: number;
  type?: TicketType;
  priority?: TicketPriority;
  severity?: TicketSeverity;
  teamId?: number;
  tags: string[];
};

/**
 * Field values that put a new ticket on the board: of an ALL board, each `EQUALS` rule on a field a new ticket
 * sets (status, status category → its system status, type, priority, severity, team) and each tag it must
 * contain. An ANY board, or a rule a new ticket cannot meet (source, time), gives nothing.
 */
export const boardDefaults = (conditions: unknown): BoardDefaults => {
  const parsed = BoardConditions.safeParse(conditions);
  const defaults: BoardDefaults = { tags: [] };
  if (!parsed.success || parsed.data.match !== 'ALL') return defaults;
  for (const { field, operator, value } of parsed.data.rules) {
    if (field === 'tags' && operator === 'CONTAINS' && typeof value === 'string') defaults.tags.push(value);
    if (operator !== 'EQUALS') continue;
    if (field === 'statusId' && typeof value === 'number') defaults.statusId = value;
    if (field === 'statusCategory')
      defaults.statusId = systemTicketStatuses.find((status) => status.category === value)?.id;
    if (field === 'teamId' && typeof value === 'number') defaults.teamId = value;
    if (field === 'type') defaults.type = value as TicketType;
    if (field === 'priority') defaults.priority = value as TicketPriority;
    if (field === 'severity') defaults.severity = value as TicketSeverity;
  }
  defaults.tags = [...new Set(defaults.tags)].slice(0, TICKET_MAX_TAGS);
  return defaults;
};
