import type { OfflineDevicePolicy, ScheduleType, TaskAction, TaskSchedule, TaskTargets } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { policies } from '../policies/schema.ts';

/** Tables of the scheduled-tasks module (all tables: db/schema.ts). */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Scheduled tasks: library scripts run on devices, groups and organizations on a schedule; or a policy's
 * version of one of its scheduled scripts (`policy_id`, `policy_item_id`: the script's id in the policy;
 * written only by the policies module when the policy is saved), run on the policy's devices.
 */
export const scheduledTasks = pgTable(
  'scheduled_tasks',
  {
    id: serial('id').primaryKey(),
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'cascade' }),
    policyItemId: uuid('policy_item_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** The schedule's type, also inside `schedule`: agents' event tasks are found by it. */
    scheduleType: text('schedule_type').$type<ScheduleType>().notNull(),
    schedule: jsonb('schedule').$type<TaskSchedule>().notNull(),
    actions: jsonb('actions').$type<TaskAction[]>().notNull(),
    targets: jsonb('targets').$type<TaskTargets>().notNull(),
    offlineDevices: text('offline_devices').$type<OfflineDevicePolicy>().notNull(),
    /**
     * The organizations the targets name (targeted organizations and the targeted devices' own): a caller
     * sees the task only when they are all in their scope.
     */
    organizationIds: integer('organization_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The next occurrence the scheduler fires; null when there is none (or the task is disabled). */
    nextRunAt: timestamptz('next_run_at'),
    lastRunAt: timestamptz('last_run_at'),
    /** When the schedule was saved: INTERVAL counts from here. */
    anchor: timestamptz('anchor').notNull(),
    /** Whose rights a scheduled run uses (docs/decisions.md); null once that user is deleted. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scheduled_tasks_policy_item_unique').on(t.policyId, t.policyItemId),
    index('scheduled_tasks_due_idx').on(t.nextRunAt).where(sql`${t.enabled} and ${t.nextRunAt} is not null`),
  ],
);

/**
 * One run of a task. A clock occurrence makes one run (unique per task and occurrence); an agent's event
 * makes one run per device and event id, however often the agent re-sends it.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => scheduledTasks.id, { onDelete: 'cascade' }),
    /** SCHEDULE, MANUAL, ON_SYSTEM_STARTUP, ON_USER_LOGIN. */
    trigger: text('trigger').notNull(),
    occurrence: timestamptz('occurrence').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    /** The device whose agent reported the event (agent triggers only). */
    deviceId: integer('device_id'),
    /** The agent's id of the event (agent triggers only). */
    eventId: text('event_id'),
    /** Why the run created no job at all (its creator gone or disabled), else null. */
    error: text('error'),
  },
  (t) => [
    uniqueIndex('task_runs_schedule_once').on(t.taskId, t.occurrence).where(sql`${t.trigger} = 'SCHEDULE'`),
    uniqueIndex('task_runs_event_once')
      .on(t.taskId, t.deviceId, t.eventId)
      .where(sql`${t.eventId} is not null`),
    index('task_runs_task_idx').on(t.taskId, t.id),
  ],
);

/** Each device's part of a run: per action, the job it got or why it got none. */
export const taskRunDevices = pgTable(
  'task_run_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => taskRuns.id, { onDelete: 'cascade' }),
    /** No foreign key: the history outlives a deleted device (its name is kept). */
    deviceId: integer('device_id').notNull(),
    nodeName: text('node_name').notNull(),
    organizationId: integer('organization_id').notNull(),
    actionIndex: integer('action_index').notNull(),
    scriptId: integer('script_id').notNull(),
    scriptName: text('script_name').notNull(),
    /** The job made for this device and action; null when skipped. */
    jobUid: uuid('job_uid'),
    /** SKIPPED_OFFLINE, SKIPPED_PLATFORM, FAILED (refused before any job), or null (a job was made). */
    skipReason: text('skip_reason'),
    /** Why it was refused (FAILED): the message the technician reads. */
    detail: text('detail'),
  },
  (t) => [uniqueIndex('task_run_devices_once').on(t.runId, t.deviceId, t.actionIndex)],
);
