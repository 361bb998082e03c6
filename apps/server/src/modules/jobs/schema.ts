import type { JobResult, JobStatus, JobTypeName } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { devices } from '../devices/schema.ts';

/** Tables of the jobs module (all tables: db/schema.ts). */

/** Statuses of a job that is not finished yet: sent again to its agent after every reconnect. */
const UNFINISHED_JOB = sql`status in ('START_REQUESTED', 'IN_PROGRESS', 'CANCEL_REQUESTED')`;

/** Jobs (spec §3 Job): stored before the answer, run by the device's agent; `id` keeps their order. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobUid: uuid('job_uid').notNull().unique(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    jobType: text('job_type').$type<JobTypeName>().notNull(),
    jobName: text('job_name').notNull(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    /** START_REQUESTED, IN_PROGRESS, CANCEL_REQUESTED, CANCELLED, COMPLETED, EXPIRED. */
    status: text('status').$type<JobStatus>().notNull(),
    jobResult: text('job_result').$type<JobResult>(),
    resultContent: jsonb('result_content').$type<Record<string, unknown>>(),
    message: text('message'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    appUserId: integer('app_user_id').references(() => users.id, { onDelete: 'set null' }),
    activityStatus: text('activity_status'),
    originalLocation: text('original_location'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** A job still queued (START_REQUESTED) at this time is marked EXPIRED and never sent. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // An agent that connects gets its unfinished jobs in creation order.
    index('jobs_device_unfinished_idx').on(t.deviceId, t.id).where(UNFINISHED_JOB),
    index('jobs_org_status_idx').on(t.organizationId, t.status, t.id),
    // A device's backup jobs of a plan, newest first: the backup status lists (modules/backup).
    index('jobs_backup_plan_idx')
      .on(t.deviceId, sql`(${t.content}->>'planId')`, t.id)
      .where(sql`${t.jobType} = 'BACKUP'`),
    // The expiry sweeper reads only queued jobs.
    index('jobs_queued_expiry_idx').on(t.expiresAt).where(sql`status = 'START_REQUESTED'`),
  ],
);

/** What happened to a job, in order (delivery, acknowledgement, result, cancel, a lost race). */
export const jobHistory = pgTable(
  'job_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    event: text('event').notNull(),
    detail: text('detail'),
  },
  (t) => [index('job_history_job_idx').on(t.jobId, t.id)],
);

/** The stored answer of a request sent with an Idempotency-Key, per user; pruned after a day. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the request (method, path and body): the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
