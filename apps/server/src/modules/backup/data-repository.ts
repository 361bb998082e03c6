import type {
  BackupJobSummary,
  BackupPlanStatus,
  BackupRevision,
  BackupRevisionLocation,
  OrganizationScope,
} from '@rmm/domain';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import { devices, jobs, organizations, policies } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { planColumnsSql, planCoversDevice } from './plans-repository.ts';
import {
  backupIgnoredJobs,
  backupKeys,
  backupLocalUsage,
  backupPlans,
  backupRepositories,
  backupRevisions,
  backupStorage,
} from './schema.ts';

/** Queries of what backups produced: revisions, last results, storage, cleared jobs. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
/** A timestamp as ISO text, the same from both drivers. */
const isoOf = (value: SQL) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

// ---------------------------------------------------------------- revisions

export type RevisionValues = typeof backupRevisions.$inferInsert;

/** A reported revision, once: the same report again changes nothing. */
export const insertRevision = async (db: DbOrTx, values: RevisionValues) => {
  await db.insert(backupRevisions).values(values).onConflictDoNothing();
};

/** Revisions an upsync copied: LOCAL ones are in both places now. */
export const markUpsynced = async (db: DbOrTx, organizationId: number, revisionIds: string[]) => {
  if (revisionIds.length === 0) return;
  await db
    .update(backupRevisions)
    .set({ location: 'BOTH' })
    .where(
      and(
        eq(backupRevisions.organizationId, organizationId),
        eq(backupRevisions.location, 'LOCAL'),
        anyOf(backupRevisions.revisionId, revisionIds, 'text'),
      ),
    );
};

/** Revisions the plan's retention forgot on this device (their data goes later). */
export const forgetRevisions = async (
  db: DbOrTx,
  organizationId: number,
  planId: string,
  deviceId: number,
  revisionIds: string[],
  at: Date,
) => {
  if (revisionIds.length === 0) return;
  await db
    .update(backupRevisions)
    .set({ forgottenAt: at })
    .where(
      and(
        eq(backupRevisions.organizationId, organizationId),
        eq(backupRevisions.planId, planId),
        eq(backupRevisions.deviceId, deviceId),
        isNull(backupRevisions.forgottenAt),
        anyOf(backupRevisions.revisionId, revisionIds, 'text'),
      ),
    );
};

const revisionColumns = {
  revisionId: backupRevisions.revisionId,
  organizationId: backupRevisions.organizationId,
  planId: backupRevisions.planId,
  planName: backupRevisions.planName,
  nodeId: backupRevisions.deviceId,
  nodeName: backupRevisions.nodeName,
  time: backupRevisions.time,
  parentRevisionId: backupRevisions.parentRevisionId,
  location: backupRevisions.location,
  stats: backupRevisions.stats,
  jobUid: backupRevisions.jobUid,
  repositoryId: backupRevisions.repositoryId,
};

export type RevisionRow = Awaited<ReturnType<typeof findRevision>> & {};

export const toRevision = ({ repositoryId: _, ...row }: RevisionRow): BackupRevision => ({
  ...row,
  time: row.time.toISOString(),
});

/** A revision of the organization that retention has not forgotten. */
export const findRevision = async (db: DbOrTx, organizationId: number, revisionId: string) => {
  const [row] = await db
    .select(revisionColumns)
    .from(backupRevisions)
    .where(
      and(
        eq(backupRevisions.organizationId, organizationId),
        eq(backupRevisions.revisionId, revisionId),
        isNull(backupRevisions.forgottenAt),
      ),
    );
  return row;
};

export const listRevisions = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: {
    nodeId?: number | undefined;
    planId?: string | undefined;
    location?: BackupRevisionLocation | undefined;
    page: number;
    pageSize: number;
  },
) => {
  const where = and(
    inScope(backupRevisions.organizationId, scope),
    isNull(backupRevisions.forgottenAt),
    query.nodeId === undefined ? undefined : eq(backupRevisions.deviceId, query.nodeId),
    query.planId === undefined ? undefined : eq(backupRevisions.planId, query.planId),
    query.location === undefined ? undefined : eq(backupRevisions.location, query.location),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(revisionColumns)
      .from(backupRevisions)
      .where(where)
      .orderBy(desc(backupRevisions.time), desc(backupRevisions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(backupRevisions).where(where),
  ]);
  return { rows, count: toNumber(total?.value) };
};

/** Whether revisions not forgotten are in the cloud, locally: of a device, an organization, or the scope. */
export const revisionPresence = async (
  db: DbOrTx,
  where: { deviceId?: number; organizationId?: number; scope: OrganizationScope },
) => {
  const condition = and(
    inScope(backupRevisions.organizationId, where.scope),
    where.deviceId === undefined ? undefined : eq(backupRevisions.deviceId, where.deviceId),
    where.organizationId === undefined ? undefined : eq(backupRevisions.organizationId, where.organizationId),
  );
  const [row] = await db
    .select({
      hasCloud: sql<boolean>`coalesce(bool_or(${backupRevisions.location} in ('CLOUD', 'BOTH')), false)`,
      hasLocal: sql<boolean>`coalesce(bool_or(${backupRevisions.location} in ('LOCAL', 'BOTH')), false)`,
    })
    .from(backupRevisions)
    .where(and(isNull(backupRevisions.forgottenAt), condition));
  return { hasCloud: row?.hasCloud === true, hasLocal: row?.hasLocal === true };
};

/** Whether an enabled plan covers a device, an organization's devices, or those of the scope. */
export const hasEnabledPlan = async (
  db: DbOrTx,
  where: { deviceId?: number; organizationId?: number; scope: OrganizationScope },
) => {
  const covers =
    where.deviceId === undefined
      ? undefined
      : sql`exists (select 1 from ${devices} where ${devices.id} = ${where.deviceId} and ${planCoversDevice(planColumnsSql)})`;
  const [row] = await db
    .select({ value: count() })
    .from(backupPlans)
    .where(
      and(
        eq(backupPlans.enabled, true),
        inScope(backupPlans.organizationId, where.scope),
        where.organizationId === undefined ? undefined : eq(backupPlans.organizationId, where.organizationId),
        covers,
      ),
    );
  return toNumber(row?.value) > 0;
};

// ---------------------------------------------------------------- last results per device and plan

type JobSummaryRow = {
  job_uid: string;
  action_type: BackupJobSummary['actionType'];
  status: BackupJobSummary['jobStatus'];
  job_result: BackupJobSummary['jobResult'];
  created_at: string;
  finished_at: string | null;
  error_message: string | null;
  ignored: boolean;
};

/** The newest BACKUP job of the device and plan with this action, as JSON (null when none). */
const lastJob = (actionType: string) => sql`(
  select json_build_object('job_uid', j.job_uid, 'action_type', j.content->>'actionType', 'status', j.status,
    'job_result', j.job_result, 'created_at', ${isoOf(sql`j.created_at`)}, 'finished_at', ${isoOf(sql`j.finished_at`)},
    'error_message', j.result_content->>'errorMessage',
    'ignored', exists (select 1 from ${backupIgnoredJobs} i where i.job_uid = j.job_uid))
  from ${jobs} j
  where j.device_id = d.id and j.job_type = 'BACKUP' and j.content->>'planId' = p.id::text
    and j.content->>'actionType' = ${actionType}
  order by j.id desc limit 1)`;

/** Policy plans and the devices they reach (policy-plans.ts), as two parallel arrays for the status query. */
export type PolicyPlanReach = { planIds: string[]; deviceIds: number[] };

const statusFrom = (
  scope: OrganizationScope,
  filters: { organizationId?: number | undefined; nodeId?: number | undefined; planId?: string | undefined },
  reach: PolicyPlanReach,
) => sql`
  from ${backupPlans} p
  join ${devices} d on (d.organization_id = p.organization_id
      and (p.all_devices or d.location_id = any(p.location_ids) or d.id = any(p.device_ids)))
    or (p.policy_id is not null and exists (select 1
      from unnest(${sql.param(reach.planIds)}::uuid[], ${sql.param(reach.deviceIds)}::integer[]) as pp(plan_id, device_id)
      where pp.plan_id = p.id and pp.device_id = d.id))
  left join ${policies} pol on pol.id = p.policy_id
  cross join lateral (select ${lastJob('STRATA_BACKUP')} as last_backup, ${lastJob('STRATA_UPSYNC')} as last_upsync,
    ${lastJob('STRATA_INTEGRITY_CHECK')} as last_check) l
  where ${scope === 'all' ? sql`true` : sql`d.organization_id = any(${sql.param([...scope])}::integer[])`}
    ${filters.organizationId === undefined ? sql`` : sql`and d.organization_id = ${filters.organizationId}`}
    ${filters.nodeId === undefined ? sql`` : sql`and d.id = ${filters.nodeId}`}
    ${filters.planId === undefined ? sql`` : sql`and p.id = ${filters.planId}::uuid`}`;

const failedOnly = sql`and ((l.last_backup->>'job_result' = 'FAILURE' and not (l.last_backup->>'ignored')::boolean)
  or p.integrity_status = 'FAILED')`;

type StatusRow = {
  organization_id: number;
  node_id: number;
  node_name: string;
  plan_id: string;
  plan_name: string;
  enabled: boolean;
  next_run_at: string | null;
  integrity_status: 'OK' | 'FAILED' | null;
  last_backup: JobSummaryRow | null;
  last_upsync: JobSummaryRow | null;
  last_check: JobSummaryRow | null;
  last_success_at: string | null;
  last_revision: { revision_id: string; time: string; location: BackupRevisionLocation } | null;
  policy_id: number | null;
  policy_name: string | null;
};

const summaryOf = (row: JobSummaryRow | null): BackupJobSummary | null =>
  row && {
    jobUid: row.job_uid,
    actionType: row.action_type,
    jobStatus: row.status,
    jobResult: row.job_result,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    errorMessage: row.error_message,
    ignored: row.ignored,
  };

/** Each device and plan covering it, with its last jobs and revision: the backup dashboards' lists. */
export const listPlanStatuses = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: {
    organizationId?: number | undefined;
    nodeId?: number | undefined;
    planId?: string | undefined;
    state: 'ALL' | 'FAILED';
    page: number;
    pageSize: number;
  },
  reach: PolicyPlanReach = { planIds: [], deviceIds: [] },
): Promise<{ rows: BackupPlanStatus[]; count: number }> => {
  const from = statusFrom(scope, query, reach);
  const filter = query.state === 'FAILED' ? failedOnly : sql``;
  const [rows, totals] = await Promise.all([
    db.execute(sql`
      select d.organization_id, d.id as node_id, pol.id as policy_id, pol.name as policy_name, d.display_name as node_name, p.id::text as plan_id,
        p.name as plan_name, p.enabled, ${isoOf(sql`p.next_run_at`)} as next_run_at, p.integrity_status,
        l.last_backup, l.last_upsync, l.last_check,
        (select ${isoOf(sql`max(j.finished_at)`)} from ${jobs} j where j.device_id = d.id and j.job_type = 'BACKUP'
          and j.content->>'planId' = p.id::text and j.content->>'actionType' = 'STRATA_BACKUP'
          and j.job_result = 'SUCCESS') as last_success_at,
        (select json_build_object('revision_id', r.revision_id, 'time', ${isoOf(sql`r.time`)}, 'location', r.location)
          from ${backupRevisions} r where r.device_id = d.id and r.plan_id = p.id and r.forgotten_at is null
          order by r.time desc limit 1) as last_revision
      ${from} ${filter}
      order by lower(d.display_name), d.id, lower(p.name), p.id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`select count(*)::int as total ${from} ${filter}`),
  ]);
  return {
    count: toNumber(rowsOf<{ total: number }>(totals)[0]?.total),
    rows: rowsOf<StatusRow>(rows).map((row) => ({
      organizationId: row.organization_id,
      nodeId: row.node_id,
      nodeName: row.node_name,
      planId: row.plan_id,
      planName: row.plan_name,
      enabled: row.enabled,
      nextRunAt: row.next_run_at,
      integrityStatus: row.integrity_status,
      lastBackup: summaryOf(row.last_backup),
      lastUpsync: summaryOf(row.last_upsync),
      lastIntegrityCheck: summaryOf(row.last_check),
      lastSuccessAt: row.last_success_at,
      lastRevision: row.last_revision && {
        revisionId: row.last_revision.revision_id,
        time: row.last_revision.time,
        location: row.last_revision.location,
      },
      policy: row.policy_id === null ? null : { id: Number(row.policy_id), name: row.policy_name ?? '' },
    })),
  };
};

/** A BACKUP job of this device and plan. */
export const findPlanJob = async (db: DbOrTx, deviceId: number, planId: string, jobUid: string) => {
  const [row] = await db
    .select({ jobUid: jobs.jobUid, status: jobs.status, jobName: jobs.jobName })
    .from(jobs)
    .where(
      and(
        eq(jobs.jobUid, jobUid),
        eq(jobs.deviceId, deviceId),
        eq(jobs.jobType, 'BACKUP'),
        sql`${jobs.content}->>'planId' = ${planId}`,
      ),
    );
  return row;
};

export const ignoreJob = async (db: DbOrTx, jobUid: string, userId: number) => {
  await db.insert(backupIgnoredJobs).values({ jobUid, ignoredById: userId }).onConflictDoNothing();
};

// ---------------------------------------------------------------- storage

export const findStorage = async (db: DbOrTx, organizationId: number) => {
  const [row] = await db.select().from(backupStorage).where(eq(backupStorage.organizationId, organizationId));
  return row;
};

export const setQuota = async (db: DbOrTx, organizationId: number, cloudQuotaBytes: number | null) => {
  await db
    .insert(backupStorage)
    .values({ organizationId, cloudQuotaBytes })
    .onConflictDoUpdate({
      target: backupStorage.organizationId,
      set: { cloudQuotaBytes, updatedAt: new Date() },
    });
};

/**
 * Reserves `bytes` of the organization's cloud quota: true when they fit (and are counted now), false
 * when the quota would be passed. One statement, so concurrent uploads cannot overshoot together.
 */
export const reserveCloudBytes = async (
  db: DbOrTx,
  organizationId: number,
  bytes: number,
  { overQuota = false }: { overQuota?: boolean } = {},
) => {
  await db.insert(backupStorage).values({ organizationId }).onConflictDoNothing();
  const updated = await db
    .update(backupStorage)
    .set({ cloudBytes: sql`${backupStorage.cloudBytes} + ${bytes}`, updatedAt: new Date() })
    .where(
      and(
        eq(backupStorage.organizationId, organizationId),
        overQuota
          ? undefined
          : sql`(${backupStorage.cloudQuotaBytes} is null or ${backupStorage.cloudBytes} + ${bytes} <= ${backupStorage.cloudQuotaBytes})`,
      ),
    )
    .returning({ organizationId: backupStorage.organizationId });
  return updated.length > 0;
};

/** Gives back reserved or removed bytes (never below zero). */
export const releaseCloudBytes = async (db: DbOrTx, organizationId: number, bytes: number) => {
  if (bytes <= 0) return;
  await db
    .update(backupStorage)
    .set({ cloudBytes: sql`greatest(${backupStorage.cloudBytes} - ${bytes}, 0)`, updatedAt: new Date() })
    .where(eq(backupStorage.organizationId, organizationId));
};

/** The size a device's job reported of a LOCAL or NETWORK_SHARE repository of its organization. */
export const saveLocalUsage = async (
  db: DbOrTx,
  usage: { organizationId: number; repositoryId: string; deviceId: number; bytes: number; at: Date },
) => {
  const [repository] = await db
    .select({ id: backupRepositories.id })
    .from(backupRepositories)
    .where(
      and(
        eq(backupRepositories.id, usage.repositoryId),
        eq(backupRepositories.organizationId, usage.organizationId),
        inArray(backupRepositories.type, ['LOCAL', 'NETWORK_SHARE']),
      ),
    );
  if (!repository) return;
  const values = { bytes: usage.bytes, reportedAt: usage.at };
  await db
    .insert(backupLocalUsage)
    .values({ repositoryId: usage.repositoryId, deviceId: usage.deviceId, ...values })
    .onConflictDoUpdate({ target: [backupLocalUsage.repositoryId, backupLocalUsage.deviceId], set: values });
};

/**
 * Storage per organization of the scope: cloud bytes and quota, local bytes (a share once, at the largest
 * size any device reported; a local folder once per device), revisions not forgotten.
 */
export const listStorage = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { organizationId?: number | undefined; page: number; pageSize: number },
) => {
  const where = and(
    inScope(organizations.id, scope),
    query.organizationId === undefined ? undefined : eq(organizations.id, query.organizationId),
  );
  const local = sql`(select coalesce(sum(b), 0)::float8 from (
      select case when r.type = 'NETWORK_SHARE' then max(u.bytes) else sum(u.bytes) end as b
      from ${backupLocalUsage} u join ${backupRepositories} r on r.id = u.repository_id
      where r.organization_id = ${organizations.id} group by r.id, r.type) per_repository)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        organizationId: organizations.id,
        organizationName: organizations.name,
        cloudBytes: sql<number>`coalesce(${backupStorage.cloudBytes}, 0)::float8`,
        cloudQuotaBytes: sql<number | null>`${backupStorage.cloudQuotaBytes}::float8`,
        localBytes: sql<number>`${local}`,
        revisions: sql<number>`(select count(*)::int from ${backupRevisions} v
          where v.organization_id = ${organizations.id} and v.forgotten_at is null)`,
      })
      .from(organizations)
      .leftJoin(backupStorage, eq(backupStorage.organizationId, organizations.id))
      .where(where)
      .orderBy(sql`lower(${organizations.name})`, organizations.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(organizations).where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      cloudBytes: toNumber(row.cloudBytes),
      localBytes: toNumber(row.localBytes),
      revisions: toNumber(row.revisions),
      cloudQuotaBytes: row.cloudQuotaBytes === null ? null : toNumber(row.cloudQuotaBytes),
    })),
    count: toNumber(total?.value),
  };
};

/** A BACKUP or RESTORE job of the device: its action and plan (for its progress events). */
export const findBackupJobOfDevice = async (db: DbOrTx, deviceId: number, jobUid: string) => {
  const [row] = await db
    .select({
      jobType: jobs.jobType,
      actionType: sql<string | null>`${jobs.content}->>'actionType'`,
      planId: sql<string | null>`coalesce(${jobs.content}->>'planId', ${jobs.content}->>'sourcePlanId')`,
    })
    .from(jobs)
    .where(
      and(eq(jobs.jobUid, jobUid), eq(jobs.deviceId, deviceId), inArray(jobs.jobType, ['BACKUP', 'RESTORE'])),
    );
  return row;
};

/** Organizations with a cloud repository and keys: the ones the server's prune visits. */
export const findCloudOrganizations = async (db: DbOrTx) =>
  (
    await db
      .select({ organizationId: backupRepositories.organizationId })
      .from(backupRepositories)
      .innerJoin(backupKeys, eq(backupKeys.organizationId, backupRepositories.organizationId))
      .where(eq(backupRepositories.type, 'CLOUD'))
      .orderBy(backupRepositories.organizationId)
  ).map((row) => row.organizationId);

// ---------------------------------------------------------------- EXTRACT restores

/**
 * A RESTORE EXTRACT job by its uid, for its device (`deviceId`) or in a caller's scope (`scope`): its device,
 * organization, status, result and the agent's report of the zip.
 */
export const findExtractJob = async (
  db: DbOrTx,
  jobUid: string,
  where: { deviceId: number } | { scope: OrganizationScope },
) => {
  const [row] = await db
    .select({
      jobUid: jobs.jobUid,
      deviceId: jobs.deviceId,
      organizationId: jobs.organizationId,
      organizationName: organizations.name,
      nodeName: devices.displayName,
      status: jobs.status,
      jobResult: jobs.jobResult,
      extract: sql<{
        sha256?: unknown;
        zipBytes?: unknown;
      } | null>`${jobs.resultContent}->'backup'->'extract'`,
    })
    .from(jobs)
    .innerJoin(devices, eq(devices.id, jobs.deviceId))
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(
      and(
        eq(jobs.jobUid, jobUid),
        eq(jobs.jobType, 'RESTORE'),
        sql`${jobs.content}->>'restoreType' = 'EXTRACT'`,
        'deviceId' in where ? eq(jobs.deviceId, where.deviceId) : inScope(jobs.organizationId, where.scope),
      ),
    );
  return row;
};
