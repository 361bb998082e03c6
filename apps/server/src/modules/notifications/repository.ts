import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import {
  alertEvents,
  alerts,
  devices,
  notificationChannels,
  notificationDeliveries,
  organizations,
} from '../../db/schema.ts';
import type { DeliveryAlertSnapshot, DeliveryAttempt } from './schema.ts';

/** SQL of the notification channels, their deliveries (the outbox) and the alert feed. */

// ---------------------------------------------------------------- channels

/** Never the secret: only whether there is one. */
const channelColumns = {
  id: notificationChannels.id,
  type: notificationChannels.type,
  name: notificationChannels.name,
  enabled: notificationChannels.enabled,
  config: notificationChannels.config,
  hasSecret: sql<boolean>`${notificationChannels.secretEncrypted} is not null`.as('has_secret'),
  createdAt: notificationChannels.createdAt,
  updatedAt: notificationChannels.updatedAt,
};

/** The channel's latest finished delivery: its status and when it finished. */
const lastFinished = (column: 'status' | 'time') =>
  sql`(select ${sql.raw(
    column === 'status'
      ? 'd.status'
      : `coalesce(d.delivered_at, (d.attempt_log -> -1 ->> 'time')::timestamptz)`,
  )} from notification_deliveries d
      where d.channel_id = ${notificationChannels.id} and d.status <> 'PENDING'
      order by d.id desc limit 1)`;

const listColumns = {
  ...channelColumns,
  lastDeliveryStatus: lastFinished('status').mapWith(String).as('last_delivery_status'),
  lastDeliveryTime: lastFinished('time')
    .mapWith((value: string | Date | null) => (value === null ? null : new Date(value)))
    .as('last_delivery_time'),
};

export type ChannelRow = Awaited<ReturnType<typeof listChannels>>[number];

export const listChannels = async (db: DbOrTx) =>
  db
    .select(listColumns)
    .from(notificationChannels)
    .orderBy(asc(sql`lower(${notificationChannels.name})`), asc(notificationChannels.id));

export const findChannel = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select(listColumns)
    .from(notificationChannels)
    .where(eq(notificationChannels.id, id));
  return row;
};

export const insertChannel = async (db: DbOrTx, values: typeof notificationChannels.$inferInsert) => {
  const [row] = await db
    .insert(notificationChannels)
    .values(values)
    .returning({ id: notificationChannels.id });
  return row!.id;
};

export const updateChannel = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof notificationChannels.$inferInsert>,
) => {
  await db
    .update(notificationChannels)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(notificationChannels.id, id));
};

export const deleteChannel = async (db: DbOrTx, id: number) => {
  await db.delete(notificationChannels).where(eq(notificationChannels.id, id));
};

/** Which of these channels exist and are enabled. */
export const enabledChannelIds = async (db: DbOrTx, ids: readonly number[]) => {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: notificationChannels.id })
    .from(notificationChannels)
    .where(and(anyOf(notificationChannels.id, ids, 'integer'), eq(notificationChannels.enabled, true)));
  return new Set(rows.map((row) => row.id));
};

// ---------------------------------------------------------------- deliveries

export type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export const listDeliveries = async (
  db: DbOrTx,
  channelId: number,
  { status, limit, offset }: { status?: string; limit: number; offset: number },
) => {
  const where = and(
    eq(notificationDeliveries.channelId, channelId),
    status ? eq(notificationDeliveries.status, status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notificationDeliveries)
      .where(where)
      .orderBy(desc(notificationDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ count: count() }).from(notificationDeliveries).where(where),
  ]);
  return { rows, count: total?.count ?? 0 };
};

export type NewDelivery = {
  channelId: number;
  alertId: number | null;
  alertEventId: number | null;
  event: string;
  alert: DeliveryAlertSnapshot | null;
  nextAttemptAt: Date;
};

/** Queues deliveries; one already queued for the same event and channel is left as it is. */
export const insertDeliveries = async (db: DbOrTx, values: readonly NewDelivery[]) => {
  if (values.length === 0) return [];
  return db
    .insert(notificationDeliveries)
    .values(values.map((value) => ({ ...value, status: 'PENDING' })))
    .onConflictDoNothing({ target: [notificationDeliveries.alertEventId, notificationDeliveries.channelId] })
    .returning();
};

/** A delivery due for sending, with what sending it needs of its channel. */
export type ClaimedDelivery = DeliveryRow & {
  channel: {
    type: string;
    name: string;
    enabled: boolean;
    config: typeof notificationChannels.$inferSelect.config;
    secretEncrypted: string | null;
  };
};

/**
 * Claims up to `limit` PENDING deliveries due at `now`: each is held until `leaseUntil` (its next attempt
 * time moves there), so no other worker, on this process or another, sends it meanwhile; one whose sender
 * died is due again when the lease runs out.
 */
export const claimDueDeliveries = async (
  db: DbOrTx,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> => {
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, 'PENDING'),
        sql`${notificationDeliveries.nextAttemptAt} <= ${now}`,
      ),
    )
    .orderBy(asc(notificationDeliveries.nextAttemptAt), asc(notificationDeliveries.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(notificationDeliveries)
    .set({ nextAttemptAt: leaseUntil })
    .where(sql`${notificationDeliveries.id} in ${due}`)
    .returning();
  if (claimed.length === 0) return [];
  const channels = await db
    .select({
      id: notificationChannels.id,
      type: notificationChannels.type,
      name: notificationChannels.name,
      enabled: notificationChannels.enabled,
      config: notificationChannels.config,
      secretEncrypted: notificationChannels.secretEncrypted,
    })
    .from(notificationChannels)
    .where(anyOf(notificationChannels.id, [...new Set(claimed.map((row) => row.channelId))], 'integer'));
  const byId = new Map(channels.map(({ id, ...channel }) => [id, channel]));
  return claimed
    .filter((row) => byId.has(row.channelId))
    .sort((a, b) => a.id - b.id)
    .map((row) => ({ ...row, channel: byId.get(row.channelId)! }));
};

/** One attempt's outcome: delivered, failed for good, or due again at `nextAttemptAt`. */
export const recordAttempt = async (
  db: DbOrTx,
  id: number,
  outcome: {
    status: 'PENDING' | 'DELIVERED' | 'FAILED';
    attempt: DeliveryAttempt;
    nextAttemptAt: Date | null;
  },
) => {
  const [row] = await db
    .update(notificationDeliveries)
    .set({
      status: outcome.status,
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      attemptLog: sql`${notificationDeliveries.attemptLog} || ${JSON.stringify([outcome.attempt])}::jsonb`,
      lastError: outcome.attempt.error,
      nextAttemptAt: outcome.nextAttemptAt,
      deliveredAt: outcome.status === 'DELIVERED' ? new Date(outcome.attempt.time) : null,
    })
    .where(eq(notificationDeliveries.id, id))
    .returning();
  return row;
};

export const findDelivery = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(notificationDeliveries).where(eq(notificationDeliveries.id, id));
  return row;
};

// ---------------------------------------------------------------- the alert feed

/** The notifications' cursor in `event_feed_cursors` (lib/event-feed.ts). */
export const FEED_CURSOR = 'alert_events';

/** Alert events after `afterId`, oldest first, with what a notification says of the alert. */
export const readFeed = async (db: DbOrTx, afterId: number, limit: number) =>
  db
    .select({
      eventId: alertEvents.id,
      change: alertEvents.change,
      alertId: alerts.id,
      deviceId: alerts.deviceId,
      deviceName: devices.displayName,
      organizationName: organizations.name,
      conditionName: alerts.conditionName,
      severity: alerts.severity,
      priority: alerts.priority,
      instance: alerts.instance,
      message: alerts.message,
      triggerTime: alerts.triggerTime,
      resetTime: alerts.resetTime,
      notifications: alerts.notifications,
      notifyOnReset: alerts.notifyOnReset,
    })
    .from(alertEvents)
    .innerJoin(alerts, eq(alerts.id, alertEvents.alertId))
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .innerJoin(organizations, eq(organizations.id, alerts.organizationId))
    .where(gt(alertEvents.id, afterId))
    .orderBy(asc(alertEvents.id))
    .limit(limit);

export type FeedEvent = Awaited<ReturnType<typeof readFeed>>[number];
