import type { Condition, ConditionNotification, ConditionTicketing } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { devices } from '../devices/schema.ts';
import { organizations } from '../organizations/schema.ts';

/** A trigger a maintenance window suppressed: the value and message its alert gets when raised later. */
export type SuppressedTrigger = { value: number | null; message: string };

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Alerts (packages/domain/src/alerts.ts). The key is the device, the condition id and the instance: at most one
 * ACTIVE alert per key, enforced by the partial unique index, so concurrent reports cannot raise two. What the
 * condition said when it triggered (name, type, severity, notifications...) is copied onto the alert, so a later
 * policy change does not rewrite history.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    conditionId: text('condition_id').notNull(),
    instance: text('instance').notNull().default(''),
    conditionName: text('condition_name').notNull(),
    conditionType: text('condition_type').notNull(),
    policyId: integer('policy_id'),
    severity: text('severity').notNull(),
    priority: text('priority').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    message: text('message').notNull().default(''),
    value: doublePrecision('value'),
    triggerTime: time('trigger_time').notNull(),
    acknowledgeTime: time('acknowledge_time'),
    acknowledgedBy: text('acknowledged_by'),
    resetTime: time('reset_time'),
    resetReason: text('reset_reason'),
    resetBy: text('reset_by'),
    /** AFTER_TIME: when the sweeper resets it. */
    resetDueTime: time('reset_due_time'),
    flapping: boolean('flapping').notNull().default(false),
    /** The condition's reset mode when it triggered (WHEN_CLEARED, AFTER_TIME, MANUAL): what a clear may do. */
    resetMode: text('reset_mode').notNull().default('WHEN_CLEARED'),
    /** The condition's notifications, ticketing and reset settings as they were when it triggered. */
    notifications: jsonb('notifications').$type<ConditionNotification[]>().notNull().default([]),
    notifyOnReset: boolean('notify_on_reset').notNull().default(false),
    /** Which ticket ruleset makes its ticket (NONE, DEFAULT, RULESET), as the condition said when it triggered. */
    ticketing: jsonb('ticketing').$type<ConditionTicketing>().notNull().default({ mode: 'NONE' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('alerts_active_key_unique')
      .on(t.deviceId, t.conditionId, t.instance)
      .where(sql`${t.status} = 'ACTIVE'`),
    index('alerts_org_status_idx').on(t.organizationId, t.status, t.triggerTime),
    index('alerts_device_status_idx').on(t.deviceId, t.status),
    index('alerts_reset_due_idx')
      .on(t.resetDueTime)
      .where(sql`${t.status} = 'ACTIVE' and ${t.resetDueTime} is not null`),
  ],
);

/**
 * Every transition of an alert, written in the same transaction as the change: the durable feed that
 * notifications (and ticket rulesets, issue 20) consume with a cursor, so a crash loses no notification.
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    /** RAISED, UPDATED (severity changed), ACKNOWLEDGED, RESET. */
    change: text('change').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId)],
);

/**
 * The engine's state per key (device, condition id, instance): whether it is triggered as last observed (the
 * agent's time: an older observation arriving late changes nothing), when it last changed, the recent clears
 * (flap protection counts them) and, for server-evaluated types, a trigger due later (DEVICE_DOWN after its
 * minutes) with the condition it was decided under. Written under the device's row lock.
 */
export const conditionStates = pgTable(
  'condition_states',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    conditionId: text('condition_id').notNull(),
    instance: text('instance').notNull().default(''),
    organizationId: integer('organization_id').notNull(),
    triggered: boolean('triggered').notNull().default(false),
    observedAt: time('observed_at').notNull(),
    /** The last change between triggered and clear. */
    changedAt: time('changed_at').notNull(),
    /** Times (epoch ms) of the clears within the flap window. */
    clears: jsonb('clears').$type<number[]>().notNull().default([]),
    flapping: boolean('flapping').notNull().default(false),
    /** A server-evaluated trigger due at this time (DEVICE_DOWN), with its condition. */
    dueAt: time('due_at'),
    dueCondition: jsonb('due_condition').$type<Condition>(),
    duePolicyId: integer('due_policy_id'),
    /**
     * Triggered while a maintenance window covered the device, so no alert was raised: what the observation
     * said. The sweeper raises it when the windows end if the key is still triggered; null otherwise.
     */
    suppressed: jsonb('suppressed').$type<SuppressedTrigger>(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.conditionId, t.instance] }),
    index('condition_states_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`),
    index('condition_states_suppressed_idx').on(t.deviceId).where(sql`${t.suppressed} is not null`),
    index('condition_states_flapping_idx').on(t.changedAt).where(sql`${t.flapping}`),
  ],
);

/**
 * Maintenance windows (alerts.ts): while one covers a device, its conditions raise no alert (those already active
 * stay). `device_ids` empty: every device of the organization.
 */
export const maintenanceWindows = pgTable(
  'maintenance_windows',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::integer[]`),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('maintenance_windows_org_end_idx').on(t.organizationId, t.endTime)],
);
