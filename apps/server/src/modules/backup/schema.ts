import type { ChunkerParams } from '@rmm/backup/repo/config';
import type {
  BackupDestination,
  BackupKind,
  BackupRetention,
  BackupRevisionLocation,
  BackupRevisionStats,
  BackupSchedule,
  BackupThrottleLevel,
  WeekDay,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { devices } from '../devices/schema.ts';
import { jobs } from '../jobs/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';
import { policies } from '../policies/schema.ts';

/** Tables of the backup module (all tables: db/schema.ts). docs/decisions.md, "Backup". */

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const organizationId = () =>
  integer('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

/**
 * Per organization: the repository master key and the restore key (KEK), each `encryptSecret` output under
 * the server's key, and the chunker parameters every repository of the organization shares (public). Made
 * on first use; the keys are selected only by the job delivery, the restore key file and the tree reader.
 */
export const backupKeys = pgTable('backup_keys', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  masterKeyEncrypted: text('master_key_encrypted').notNull(),
  restoreKeyEncrypted: text('restore_key_encrypted').notNull(),
  chunker: jsonb('chunker').$type<ChunkerParams>().notNull(),
  createdAt: createdAt(),
});

/** One repository per organization and destination: the server's store, or a folder or share path. */
export const backupRepositories = pgTable(
  'backup_repositories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationId(),
    /** CLOUD, LOCAL, NETWORK_SHARE. */
    type: text('type').$type<'CLOUD' | 'LOCAL' | 'NETWORK_SHARE'>().notNull(),
    /** The folder or share path; '' for CLOUD. */
    location: text('location').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('backup_repositories_unique').on(t.organizationId, t.type, t.location)],
);

/** Per organization: the cloud quota and the bytes its cloud repository holds (kept by the store's writes). */
export const backupStorage = pgTable('backup_storage', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  cloudQuotaBytes: bigint('cloud_quota_bytes', { mode: 'number' }),
  cloudBytes: bigint('cloud_bytes', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/** The size of a LOCAL or NETWORK_SHARE repository as a device's last job reported it. */
export const backupLocalUsage = pgTable(
  'backup_local_usage',
  {
    repositoryId: uuid('repository_id')
      .notNull()
      .references(() => backupRepositories.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    reportedAt: timestamptz('reported_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.repositoryId, t.deviceId] })],
);

/**
 * Backup plans (`id` is the spec's string planId): an organization's, or a policy's version of one of its
 * backup plans (`policy_id`, `policy_item_id`: the plan's id in the policy; written only by the policies
 * module when the policy is saved, docs/decisions.md "Policies"). A policy's plan has no organization: it runs
 * in each covered device's.
 */
export const backupPlans = pgTable(
  'backup_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    policyId: integer('policy_id').references(() => policies.id, { onDelete: 'cascade' }),
    policyItemId: uuid('policy_item_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<BackupKind>().notNull(),
    include: jsonb('include').$type<string[]>().notNull(),
    exclude: jsonb('exclude').$type<string[]>().notNull(),
    destination: jsonb('destination').$type<BackupDestination>().notNull(),
    schedule: jsonb('schedule').$type<BackupSchedule>().notNull(),
    retention: jsonb('retention').$type<BackupRetention>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    allDevices: boolean('all_devices').notNull().default(false),
    locationIds: integer('location_ids').array().notNull().default(sql`'{}'::integer[]`),
    deviceIds: integer('device_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** The next occurrence the scheduler fires; null for NO_SCHEDULE or a disabled plan. */
    nextRunAt: timestamptz('next_run_at'),
    /** When the schedule was saved: INTERVAL counts from here. */
    anchor: timestamptz('anchor').notNull(),
    /** OK or FAILED: the last integrity check's verdict. */
    integrityStatus: text('integrity_status').$type<'OK' | 'FAILED'>(),
    integrityCheckedAt: timestamptz('integrity_checked_at'),
    integrityMessage: text('integrity_message'),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('backup_plans_name_unique').on(t.organizationId, sql`lower(${t.name})`),
    uniqueIndex('backup_plans_policy_item_unique').on(t.policyId, t.policyItemId),
    check('backup_plans_owner', sql`(${t.organizationId} is null) <> (${t.policyId} is null)`),
    index('backup_plans_due_idx').on(t.nextRunAt).where(sql`${t.enabled} and ${t.nextRunAt} is not null`),
  ],
);

/** One scheduled occurrence of a plan, fired once across processes and restarts. */
export const backupPlanRuns = pgTable(
  'backup_plan_runs',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => backupPlans.id, { onDelete: 'cascade' }),
    occurrence: timestamptz('occurrence').notNull(),
    firedAt: timestamptz('fired_at').notNull().defaultNow(),
    jobs: integer('jobs').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.planId, t.occurrence] })],
);

/**
 * Revisions (the engine's snapshots) as the agents reported them. They outlive their plan and device (the
 * data is still in the repository): names are kept, ids are not foreign keys.
 */
export const backupRevisions = pgTable(
  'backup_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    revisionId: text('revision_id').notNull(),
    planId: uuid('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    deviceId: integer('device_id'),
    nodeName: text('node_name').notNull(),
    time: timestamptz('time').notNull(),
    parentRevisionId: text('parent_revision_id'),
    location: text('location').$type<BackupRevisionLocation>().notNull(),
    /** The repository the revision was written to first (the local one of a HYBRID plan). */
    repositoryId: uuid('repository_id'),
    stats: jsonb('stats').$type<BackupRevisionStats>().notNull(),
    jobUid: uuid('job_uid'),
    /** Retention forgot it (its data goes 72 hours later); not listed any more. */
    forgottenAt: timestamptz('forgotten_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('backup_revisions_unique').on(t.organizationId, t.revisionId),
    index('backup_revisions_device_idx').on(t.deviceId, t.time),
    index('backup_revisions_plan_idx').on(t.planId, t.time),
  ],
);

/** Bandwidth throttles: per organization, location or device (the most specific applies). */
export const backupThrottles = pgTable(
  'backup_throttles',
  {
    id: serial('id').primaryKey(),
    organizationId: organizationId(),
    level: text('level').$type<BackupThrottleLevel>().notNull(),
    /** The organization's, location's or device's id. */
    targetId: integer('target_id').notNull(),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    workHoursBytesPerSecond: bigint('work_hours_bytes_per_second', { mode: 'number' }),
    offHoursBytesPerSecond: bigint('off_hours_bytes_per_second', { mode: 'number' }),
    workDays: jsonb('work_days').$type<WeekDay[]>().notNull(),
    workStart: text('work_start').notNull(),
    workEnd: text('work_end').notNull(),
    timeZone: text('time_zone').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('backup_throttles_target_unique').on(t.organizationId, t.level, t.targetId)],
);

/** Backup jobs a technician cleared (spec §7 `.../jobs/{jobId}/ignore`): no longer the plan's failure. */
export const backupIgnoredJobs = pgTable('backup_ignored_jobs', {
  jobUid: uuid('job_uid')
    .primaryKey()
    .references(() => jobs.jobUid, { onDelete: 'cascade' }),
  ignoredById: integer('ignored_by_id').references(() => users.id, { onDelete: 'set null' }),
  ignoredAt: createdAt(),
});
