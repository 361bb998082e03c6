import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from '../db/columns.ts';

/**
 * How far each consumer has read its feed (lib/event-feed.ts): one row per consumer, by name (the notifications'
 * `alert_events`, the ticket rules' `ticket_rules.alert_events`...). Every event up to `last_event_id` is handled.
 * An id missing above it (its transaction not committed yet, or rolled back) holds the cursor back until it
 * appears, or until every transaction that was running when the gap was first seen has ended (the database's
 * snapshot xmin has passed `gap_xmax`), or at the latest the consumer's gap time after `gap_seen_at`.
 */
export const eventFeedCursors = pgTable('event_feed_cursors', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  gapEventId: bigint('gap_event_id', { mode: 'number' }),
  gapSeenAt: timestamp('gap_seen_at', { withTimezone: true, mode: 'date' }),
  gapXmax: bigint('gap_xmax', { mode: 'number' }),
  updatedAt: updatedAt(),
});
