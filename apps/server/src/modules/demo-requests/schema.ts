import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Backup demo requests (spec §7 BackupDemoRequest): what the technician typed, who they were and when, and
 * the mailing of it. `delivery_status` null: no destination address was configured when it arrived.
 */
export const demoRequests = pgTable(
  'demo_requests',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The technician's name and email when they asked: kept when the account goes. */
    requestedByName: text('requested_by_name').notNull(),
    requestedByEmail: text('requested_by_email').notNull(),
    createdAt: createdAt(),
    /** PENDING, SENT or FAILED; null: not to be mailed. */
    deliveryStatus: text('delivery_status'),
    deliveryAttempts: integer('delivery_attempts').notNull().default(0),
    deliveryError: text('delivery_error'),
    /**
     * When a process may next try to mail it: a claim holds it a lease ahead (so one process sends it),
     * a failure sets the retry; null once sent or given up.
     */
    nextAttemptAt: at('next_attempt_at'),
    deliveredAt: at('delivered_at'),
  },
  (t) => [
    index('demo_requests_requested_by_idx').on(t.requestedBy, t.createdAt),
    index('demo_requests_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveryStatus} in ('PENDING', 'FAILED')`),
  ],
);
