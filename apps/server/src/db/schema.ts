import type { DeviceInventory, JobResult, JobStatus, JobTypeName, SearchCriteria } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  roleType: text('role_type').notNull().default('TECHNICIAN'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  isBuiltIn: boolean('is_built_in').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** 'all' or a list of organization ids. */
    organizationScope: jsonb('organization_scope')
      .$type<'all' | number[]>()
      .notNull()
      .default(sql`'"all"'::jsonb`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SESSION, or MFA_PENDING (accepted only by /auth/mfa/*). */
    kind: text('kind').notNull().default('SESSION'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiTokens = pgTable('api_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodeApprovalMode: text('node_approval_mode').notNull().default('AUTOMATIC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('organizations_name_idx').on(sql`lower(${t.name})`)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('locations_org_idx').on(t.organizationId)],
);

/** Scoped enrolment tokens: an agent exchanges one for a device identity. Only the hash is kept. */
export const enrollmentTokens = pgTable(
  'enrollment_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    usedCount: integer('used_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('enrollment_tokens_org_idx').on(t.organizationId, t.createdAt.desc())],
);

/** Devices (nodes), their agent identity, inventory, status and latest metrics. */
export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    displayName: text('display_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    parentDeviceId: integer('parent_device_id').references((): AnyPgColumn => devices.id, {
      onDelete: 'set null',
    }),
    hostname: text('hostname').notNull().default(''),
    platform: text('platform').notNull().default('other'),
    osName: text('os_name').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    model: text('model').notNull().default(''),
    agentVersion: text('agent_version').notNull().default(''),
    nodeRoleId: integer('node_role_id'),
    /** APPROVED, PENDING (held for a technician), REJECTED; DISCOVERED for agentless nodes. */
    approvalStatus: text('approval_status').notNull().default('APPROVED'),
    /** UP, DOWN, WARNING. */
    status: text('status').notNull().default('DOWN'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    lastBootAt: timestamp('last_boot_at', { withTimezone: true, mode: 'date' }),
    loggedOnUser: text('logged_on_user'),
    pendingReboot: boolean('pending_reboot').notNull().default(false),
    ipAddresses: jsonb('ip_addresses').$type<string[]>().notNull().default([]),
    cpuPercent: real('cpu_percent'),
    memoryPercent: real('memory_percent'),
    diskPercent: real('disk_percent'),
    inventory: jsonb('inventory').$type<DeviceInventory>(),
    inventoryUpdatedAt: timestamp('inventory_updated_at', { withTimezone: true, mode: 'date' }),
    /** The agent's digest of the stored inventory, named in the welcome so a reconnect can skip resending it. */
    inventoryKey: text('inventory_key'),
    /** sha256 of the device secret; null for devices without an agent. */
    secretHash: text('secret_hash'),
    enrollmentTokenId: integer('enrollment_token_id').references(() => enrollmentTokens.id, {
      onDelete: 'set null',
    }),
    // Filled by later features (patching, remote support, installs, network discovery); searched by presets.
    patchFailures: integer('patch_failures').notNull().default(0),
    remoteSupportTools: jsonb('remote_support_tools').$type<string[]>().notNull().default([]),
    installIssues: integer('install_issues').notNull().default(0),
    /** e.g. NETWORK_DEVICE; null means "by its node role" (NMS roles count as network devices). */
    deviceClass: text('device_class'),
    /** Lower-cased text the device list's search box matches (trigram index; kept by PostgreSQL). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(display_name || ' ' || hostname || ' ' || os_name || ' ' || coalesce(logged_on_user, '') || ' ' || ip_addresses::text)`,
      ),
  },
  (t) => [
    index('devices_org_idx').on(t.organizationId),
    index('devices_location_idx').on(t.locationId),
    index('devices_name_idx').on(sql`lower(${t.displayName})`, t.id),
    index('devices_org_status_idx').on(t.organizationId, t.status),
    index('devices_status_idx').on(t.status),
    index('devices_role_idx').on(t.nodeRoleId),
    index('devices_approval_idx').on(t.approvalStatus, t.organizationId),
    index('devices_last_seen_idx').on(t.lastSeenAt),
    // The presets count over these (criteria.ts writes its conditions for them; docs/benchmarks.md).
    index('devices_disk_idx').on(t.diskPercent),
    index('devices_pending_reboot_idx').on(t.id).where(sql`${t.pendingReboot}`),
    index('devices_patch_failures_idx').on(t.patchFailures),
    index('devices_install_issues_idx').on(t.installIssues),
    index('devices_class_idx').on(t.deviceClass),
    index('devices_remote_tools_idx').on(sql`jsonb_array_length(${t.remoteSupportTools})`),
    index('devices_created_idx').on(t.createdAt),
    index('devices_parent_idx').on(t.parentDeviceId),
    // The status sweeper reads only devices that are not DOWN yet.
    index('devices_live_seen_idx').on(t.lastSeenAt).where(sql`${t.status} <> 'DOWN'`),
    index('devices_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Metric samples: one row per device per METRIC_SAMPLE_SECONDS, pruned after METRIC_RETENTION_DAYS. */
export const deviceMetrics = pgTable(
  'device_metrics',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').notNull(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull(),
    cpuPercent: real('cpu_percent').notNull(),
    memoryPercent: real('memory_percent').notNull(),
    diskPercent: real('disk_percent').notNull(),
  },
  (t) => [
    index('device_metrics_device_time_idx').on(t.deviceId, t.time.desc()),
    index('device_metrics_time_idx').on(t.time),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    time: timestamp('time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetName: text('target_name'),
    organizationId: integer('organization_id'),
    organizationName: text('organization_name'),
    outcome: text('outcome').notNull(),
    detail: text('detail'),
    /** The job an activity is about (its submission, result, cancel...), for the console's job view. */
    jobUid: uuid('job_uid'),
  },
  (t) => [
    index('activities_time_idx').on(t.time.desc(), t.id.desc()),
    index('activities_org_time_idx').on(t.organizationId, t.time.desc()),
  ],
);

/** Saved device searches (spec §3); the presets live in code with negative ids. */
export const savedSearches = pgTable('saved_searches', {
  id: serial('id').primaryKey(),
  search: text('search').notNull(),
  criteria: jsonb('criteria').$type<SearchCriteria>().notNull(),
  searchGroup: text('search_group').notNull().default('CUSTOM'),
  customFields: text('custom_fields'),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
