import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { attachments } from '../attachments/schema.ts';
import { users } from '../auth/schema.ts';

/**
 * The support inbox (issue 17): help tickets filed through the built-in `support` help desk, worked by
 * system administrators. The requester's name and email are copied, so a ticket outlives its user.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: serial('id').primaryKey(),
    subject: text('subject').notNull(),
    /** LOW, NORMAL, HIGH, URGENT. */
    priority: text('priority').notNull(),
    /** OPEN or CLOSED. */
    status: text('status').notNull().default('OPEN'),
    requesterId: integer('requester_id').references(() => users.id, { onDelete: 'set null' }),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    phoneNumber: text('phone_number'),
    category: text('category'),
    callback: boolean('callback').notNull().default(false),
    language: text('language').notNull().default('en'),
    ccEmails: jsonb('cc_emails').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('support_tickets_status_updated_idx').on(t.status, t.updatedAt)],
);

/** The ticket's conversation: its first message is the requester's comment, then replies. */
export const supportTicketMessages = pgTable(
  'support_ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    isFromRequester: boolean('is_from_requester').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_ticket_messages_ticket_idx').on(t.ticketId)],
);

/** The attachments of a message, in the order they were sent. */
export const supportMessageAttachments = pgTable(
  'support_message_attachments',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => supportTicketMessages.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.attachmentId] }),
    index('support_message_attachments_attachment_idx').on(t.attachmentId),
  ],
);
