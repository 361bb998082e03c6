import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';
import { ticketBoards, tickets } from '../tickets/schema.ts';

/** Ticketing mail (issue 20 item 8; docs/decisions.md "Ticketing mail"). */

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The addresses the SMTP listener takes mail for; each files its tickets to fit its board. */
export const ticketMailboxes = pgTable(
  'ticket_mailboxes',
  {
    id: serial('id').primaryKey(),
    /** Lowercase. */
    address: text('address').notNull(),
    name: text('name').notNull().default(''),
    boardId: integer('board_id').references(() => ticketBoards.id, { onDelete: 'set null' }),
    defaultOrganizationId: integer('default_organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ticket_mailboxes_address_unique').on(t.address)],
);

/**
 * Every Message-ID of a ticket's mail, both ways: IN (a mail that made the ticket or a comment; the same
 * message delivered again changes nothing) and OUT (our notifications). A reply naming one of them in
 * In-Reply-To or References belongs to its ticket. The mailbox is the one the ticket's mail goes through.
 */
export const ticketMailMessages = pgTable(
  'ticket_mail_messages',
  {
    /** Without the angle brackets. */
    messageId: text('message_id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    mailboxId: integer('mailbox_id').references(() => ticketMailboxes.id, { onDelete: 'set null' }),
    /** IN or OUT. */
    direction: text('direction').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_mail_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

export type TicketMailAttempt = { time: string; error: string | null };

/**
 * The outbox of ticket notifications: one row per ticket log entry that mails someone (unique, so an entry
 * read twice queues nothing twice), composed when queued. PENDING rows are due at `next_attempt_at`; a
 * worker that takes one moves that time on by its lease.
 */
export const ticketMailOutbox = pgTable(
  'ticket_mail_outbox',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** The ticket_log entry that queued it. */
    logEntryId: bigint('log_entry_id', { mode: 'number' }).notNull(),
    /** COMMENT or STATUS. */
    kind: text('kind').notNull(),
    /** Without the angle brackets; also in ticket_mail_messages (OUT). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    replyTo: text('reply_to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** PENDING, SENT, FAILED. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    attemptLog: jsonb('attempt_log').$type<TicketMailAttempt[]>().notNull().default([]),
    lastError: text('last_error'),
    nextAttemptAt: time('next_attempt_at'),
    sentAt: time('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_mail_outbox_log_entry_unique').on(t.logEntryId),
    index('ticket_mail_outbox_ticket_idx').on(t.ticketId),
    index('ticket_mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
  ],
);
