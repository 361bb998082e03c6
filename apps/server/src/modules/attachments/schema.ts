import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

/**
 * Files uploaded for help tickets (spec §3 Attachment). The bytes are a blob of the blob store named by the
 * row's id (`has_content`); a SUSPICIOUS file keeps its row, without bytes, so its tile can show. Until it
 * is put on a ticket (`attached_to` null) only its uploader sees it, and the orphan sweep deletes it once
 * older than ATTACHMENT_ORPHAN_HOURS.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey(),
    /** Who uploaded it; null once that user is deleted (the ticket keeps its files). */
    uploaderId: integer('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The help-desk connector of the upload path (`support`, `zendesk`), or `system` (a mail's attachment). */
    helpDesk: text('help_desk').notNull(),
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** SUCCESS or SUSPICIOUS (a refused upload leaves no row). */
    status: text('status').notNull(),
    /** Why the scanner flagged it. */
    scanDetail: text('scan_detail'),
    /** Whether its bytes are in the blob store (false once quarantined or handed to an external help desk). */
    hasContent: boolean('has_content').notNull(),
    /**
     * What it is attached to: `support:<ticket id>` (our inbox), `zendesk:<ticket id>`, or `zendesk:pending`
     * while it is being sent, `ticket:<id>` (ticketing); null while it is on nothing.
     */
    attachedTo: text('attached_to'),
    attachedAt: timestamp('attached_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_orphans_idx').on(t.createdAt).where(sql`${t.attachedTo} is null`),
    index('attachments_uploader_idx').on(t.uploaderId),
  ],
);
