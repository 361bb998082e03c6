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
import { alerts } from '../alerts/schema.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A channel's settings as stored: the recipients, or the address and chat format. Never a secret. */
export type StoredChannelConfig = {
  recipients?: string[];
  url?: string;
  format?: 'SLACK' | 'TEAMS';
};

/**
 * Where alerts are sent (packages/domain/src/notification-channels.ts). The webhook's signing secret only as
 * `encryptSecret` output (AES-256-GCM under the server's key), in a column of its own so that no query that
 * reads the config reads the secret by accident.
 */
export const notificationChannels = pgTable('notification_channels', {
  id: serial('id').primaryKey(),
  /** EMAIL, WEBHOOK, CHAT; fixed once created. */
  type: text('type').notNull(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  config: jsonb('config').$type<StoredChannelConfig>().notNull(),
  secretEncrypted: text('secret_encrypted'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What an alert looked like when its notification was queued: the message is built from this on every try. */
export type DeliveryAlertSnapshot = {
  id: number;
  deviceId: number;
  deviceName: string;
  organizationName: string;
  conditionName: string;
  severity: string;
  priority: string;
  instance: string;
  message: string;
  triggerTime: string;
  resetTime: string | null;
};

export type DeliveryAttempt = { time: string; error: string | null };

/**
 * The outbox and log of notifications: one row per channel and alert event (unique, so a feed event read
 * twice queues nothing twice) or per test. PENDING rows are due at `next_attempt_at`; a worker that takes one
 * moves that time on by its claim (a lease), so no other process sends it meanwhile and one that dies
 * mid-send leaves it to be tried again.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => notificationChannels.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    /** The alert_events row that queued it; null for a test. */
    alertEventId: bigint('alert_event_id', { mode: 'number' }),
    /** TRIGGERED, UPDATED, RESET, TEST. */
    event: text('event').notNull(),
    alert: jsonb('alert').$type<DeliveryAlertSnapshot | null>(),
    /** PENDING, DELIVERED, FAILED. */
    status: text('status').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    attemptLog: jsonb('attempt_log').$type<DeliveryAttempt[]>().notNull().default([]),
    lastError: text('last_error'),
    nextAttemptAt: time('next_attempt_at'),
    deliveredAt: time('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_event_channel_unique').on(t.alertEventId, t.channelId),
    index('notification_deliveries_channel_idx').on(t.channelId, t.id),
    index('notification_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
  ],
);
