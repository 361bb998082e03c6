import type { JobStatus, ListJobsQuery, OrganizationScope } from '@rmm/domain';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type Db, type DbOrTx, toNumber } from '../../db/database.ts';
import { lazyCommit } from '../../db/lazy-commit.ts';
import { preparedPer } from '../../db/prepared.ts';
import { devices, idempotencyKeys, jobHistory, jobs, organizations } from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { activitiesInsert, type NewActivity } from '../activities/repository.ts';
import type { JobRow } from './mapper.ts';

/** SQL of the jobs feature: jobs, their history, and stored Idempotency-Key answers. */

export const unfinishedJobStatuses: JobStatus[] = ['START_REQUESTED', 'IN_PROGRESS', 'CANCEL_REQUESTED'];
const jobColumns = {
  ...getTableColumns(jobs),
  nodeName: devices.displayName,
  organizationName: organizations.name,
};

const selectJobs = (db: DbOrTx) =>
  db
    .select(jobColumns)
    .from(jobs)
    .innerJoin(devices, eq(devices.id, jobs.deviceId))
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId));

export type JobDevice = { id: number; displayName: string; organizationId: number; organizationName: string };

/** The devices of these ids that lie in the scope. */
export const findJobDevices = (db: DbOrTx, scope: OrganizationScope, ids: number[]): Promise<JobDevice[]> =>
  db
    .select({
      id: devices.id,
      displayName: devices.displayName,
      organizationId: devices.organizationId,
      organizationName: organizations.name,
    })
    .from(devices)
    .innerJoin(organizations, eq(organizations.id, devices.organizationId))
    .where(and(anyOf(devices.id, ids, 'integer'), inScope(devices.organizationId, scope)));

/** The platform each device's agent reported (`linux`, `win32`, `darwin`; `other` until it said). */
export const findDevicePlatforms = async (db: DbOrTx, ids: number[]) =>
  db
    .select({ id: devices.id, platform: devices.platform })
    .from(devices)
    .where(anyOf(devices.id, ids, 'integer'));

export type NewJobRow = Pick<
  typeof jobs.$inferInsert,
  | 'jobUid'
  | 'deviceId'
  | 'organizationId'
  | 'jobType'
  | 'jobName'
  | 'content'
  | 'status'
  | 'message'
  | 'data'
  | 'originalLocation'
  | 'appUserId'
  | 'expiresAt'
>;

/**
 * New jobs with their "created" history entry and their activities, in one statement with two JSON
 * parameters: atomic without a transaction of its own, one round trip to the database however many
 * jobs (a fan-out's 10,000 rows as drizzle values took seconds to build). Answers the ids and the
 * database's timestamps in the order given (the id order too).
 */
export const insertJobsWithTrail = async (
  db: DbOrTx,
  rows: NewJobRow[],
  trail: { historyDetail: string; activities: NewActivity[] },
): Promise<{ id: number; jobUid: string; createdAt: Date; updatedAt: Date }[]> => {
  if (rows.length === 0) return [];
  const values = rows.map((row, ord) => ({
    ord,
    job_uid: row.jobUid,
    device_id: row.deviceId,
    organization_id: row.organizationId,
    job_type: row.jobType,
    job_name: row.jobName,
    content: row.content,
    status: row.status,
    message: row.message ?? null,
    data: row.data ?? null,
    original_location: row.originalLocation ?? null,
    app_user_id: row.appUserId ?? null,
    expires_at: row.expiresAt.toISOString(),
  }));
  const result = await db.execute(sql`
    with inserted as (
      insert into ${jobs} (job_uid, device_id, organization_id, job_type, job_name, content, status, message,
        data, original_location, app_user_id, expires_at)
      select v.job_uid, v.device_id, v.organization_id, v.job_type, v.job_name, v.content, v.status, v.message,
        v.data, v.original_location, v.app_user_id, v.expires_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(ord integer, job_uid uuid, device_id integer,
        organization_id integer, job_type text, job_name text, content jsonb, status text, message text, data jsonb,
        original_location text, app_user_id integer, expires_at timestamptz)
      order by v.ord
      returning id, job_uid, created_at, updated_at
    ), history as (
      insert into ${jobHistory} (job_id, event, detail)
      select inserted.id, 'created', ${trail.historyDetail}::text from inserted order by inserted.id
    ), trail as (
      ${activitiesInsert(trail.activities)}
    )
    select id::text as id, job_uid::text as job_uid,
      (extract(epoch from created_at) * 1000)::float8 as created_ms,
      (extract(epoch from updated_at) * 1000)::float8 as updated_ms
    from inserted order by id`);
  const byUid = new Map(
    (
      result as unknown as { rows: { id: string; job_uid: string; created_ms: number; updated_ms: number }[] }
    ).rows.map((row) => [row.job_uid, row]),
  );
  return rows.map((row) => {
    const stored = byUid.get(row.jobUid)!;
    return {
      id: Number(stored.id),
      jobUid: row.jobUid,
      createdAt: new Date(Number(stored.created_ms)),
      updatedAt: new Date(Number(stored.updated_ms)),
    };
  });
};

export type NewHistoryEntry = { jobId: number; event: string; detail?: string | null };

/** The INSERT of history entries in the order given (one JSON parameter, however many), alone or in a CTE. */
const historyInsert = (entries: NewHistoryEntry[]) => {
  const values = entries.map((e, ord) => ({
    ord,
    job_id: e.jobId,
    event: e.event,
    detail: e.detail ?? null,
  }));
  return sql`
    insert into ${jobHistory} (job_id, event, detail)
    select v.job_id, v.event, v.detail
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(ord integer, job_id bigint, event text, detail text)
    order by v.ord`;
};

/** History entries in the order given, in one statement. */
export const insertHistory = async (db: DbOrTx, entries: NewHistoryEntry[]) => {
  if (entries.length === 0) return;
  await db.execute(historyInsert(entries));
};

export const findJob = async (db: DbOrTx, scope: OrganizationScope, jobUid: string) => {
  const [row] = await selectJobs(db).where(and(eq(jobs.jobUid, jobUid), inScope(jobs.organizationId, scope)));
  return row as JobRow | undefined;
};

/** Locks the jobs against a concurrent cancel, result or expiry until the transaction ends (NO KEY UPDATE: history rows inserted meanwhile, a foreign-key check, do not wait). */
export const lockJobs = async (db: DbOrTx, jobUids: string[]): Promise<JobRow[]> =>
  jobUids.length === 0
    ? []
    : selectJobs(db)
        .where(anyOf(jobs.jobUid, jobUids, 'uuid'))
        .orderBy(asc(jobs.id))
        .for('no key update', { of: jobs });

export const isDeviceJob = async (db: DbOrTx, deviceId: number, jobUid: string) => {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.jobUid, jobUid), eq(jobs.deviceId, deviceId)));
  return row?.id;
};

export type JobChange = Partial<
  Pick<
    typeof jobs.$inferInsert,
    'status' | 'jobResult' | 'resultContent' | 'startedAt' | 'finishedAt' | 'updatedAt'
  >
>;

export const updateJobRow = async (db: DbOrTx, row: JobRow, change: JobChange): Promise<JobRow> => {
  const [updated] = await db.update(jobs).set(change).where(eq(jobs.id, row.id)).returning();
  return { ...updated!, nodeName: row.nodeName, organizationName: row.organizationName };
};

/**
 * What a batch of agents' reports changes, in ONE statement (data-modifying CTEs on disjoint rows):
 * acknowledged queued jobs IN_PROGRESS from `now`; stored results, each row its own status, result and
 * times; the activities; the history in the order given. The `any` of the ids is what the planner can
 * count (it takes a JSON record set for 100 rows, and would scan the whole jobs table for them).
 */
export const writeJobReports = async (
  db: DbOrTx,
  changes: {
    startedIds: number[];
    now: Date;
    results: JobRow[];
    activities: NewActivity[];
    history: NewHistoryEntry[];
  },
) => {
  const parts: SQL[] = [];
  if (changes.startedIds.length > 0)
    parts.push(sql`started as (
      update ${jobs} set status = 'IN_PROGRESS', started_at = ${changes.now.toISOString()}::timestamptz,
        updated_at = ${changes.now.toISOString()}::timestamptz
      where ${anyOf(jobs.id, changes.startedIds, 'bigint')})`);
  if (changes.results.length > 0) {
    const values = changes.results.map((row) => ({
      id: row.id,
      status: row.status,
      job_result: row.jobResult,
      result_content: row.resultContent,
      started_at: row.startedAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
      updated_at: row.updatedAt.toISOString(),
    }));
    parts.push(sql`results as (
      update ${jobs} set status = v.status, job_result = v.job_result, result_content = v.result_content,
        started_at = v.started_at, finished_at = v.finished_at, updated_at = v.updated_at
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id bigint, status text, job_result text,
        result_content jsonb, started_at timestamptz, finished_at timestamptz, updated_at timestamptz)
      where ${jobs.id} = v.id and ${anyOf(
        jobs.id,
        changes.results.map((row) => row.id),
        'bigint',
      )})`);
  }
  if (changes.activities.length > 0) parts.push(sql`trail as (${activitiesInsert(changes.activities)})`);
  if (changes.history.length > 0) parts.push(sql`history as (${historyInsert(changes.history)})`);
  if (parts.length === 0) return;
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
};

/**
 * History notes by jobUid, in the order given; a job of another device is skipped (jobs found by index,
 * as above). A statement of its own, committed lazily (`lazyCommit`): notes, not the job's state.
 */
export const insertNotes = async (
  db: Db,
  entries: { deviceId: number; jobUid: string; event: string; detail: string }[],
) => {
  if (entries.length === 0) return;
  const values = entries.map((e, ord) => ({
    ord,
    job_uid: e.jobUid,
    device_id: e.deviceId,
    event: e.event,
    detail: e.detail,
  }));
  await db.execute(sql`
    insert into ${jobHistory} (job_id, event, detail)
    select ${jobs.id}, v.event, v.detail
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
      as v(ord integer, job_uid uuid, device_id integer, event text, detail text)
    cross join ${lazyCommit}
    join ${jobs} on ${jobs.jobUid} = v.job_uid and ${jobs.deviceId} = v.device_id
    where ${anyOf(jobs.jobUid, [...new Set(entries.map((e) => e.jobUid))], 'uuid')}
    order by v.ord`);
};

export const listJobHistory = (db: DbOrTx, jobId: number) =>
  db
    .select({ id: jobHistory.id, time: jobHistory.time, event: jobHistory.event, detail: jobHistory.detail })
    .from(jobHistory)
    .where(eq(jobHistory.jobId, jobId))
    .orderBy(asc(jobHistory.id));

export const listJobs = async (db: DbOrTx, scope: OrganizationScope, query: ListJobsQuery) => {
  const where = and(
    inScope(jobs.organizationId, scope),
    query.organizationId ? eq(jobs.organizationId, query.organizationId) : undefined,
    query.nodeId ? eq(jobs.deviceId, query.nodeId) : undefined,
    query.jobType ? eq(jobs.jobType, query.jobType) : undefined,
    query.state === 'PENDING' ? inArray(jobs.status, unfinishedJobStatuses) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectJobs(db)
      .where(where)
      .orderBy(desc(jobs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(jobs).where(where),
  ]);
  return { rows: rows as JobRow[], count: toNumber(total?.value) };
};

/**
 * Marks queued jobs past their expiry EXPIRED, at most `limit` of them, and answers their ids.
 * Rows another process has locked are skipped: each job expires once, in one process.
 */
export const markExpiredJobs = async (
  db: DbOrTx,
  now: Date,
  options: { deviceId?: number; limit: number },
) => {
  const isQueuedAndDue = and(
    eq(jobs.status, 'START_REQUESTED'),
    lte(jobs.expiresAt, now),
    options.deviceId === undefined ? undefined : eq(jobs.deviceId, options.deviceId),
  );
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(isQueuedAndDue)
    .orderBy(asc(jobs.id))
    .limit(options.limit)
    .for('no key update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({ status: 'EXPIRED', finishedAt: now, updatedAt: now })
    .where(and(inArray(jobs.id, due), isQueuedAndDue))
    .returning({ id: jobs.id });
  return rows.map((row) => toNumber(row.id));
};

export const findJobsByIds = async (db: DbOrTx, ids: number[]): Promise<JobRow[]> =>
  ids.length === 0
    ? []
    : selectJobs(db)
        .where(anyOf(jobs.id, ids, 'bigint'))
        .orderBy(asc(jobs.id));

/** A device's unfinished jobs in creation order, a page after `afterId`. */
const unfinishedJobsStatement = preparedPer((db: Db) =>
  selectJobs(db)
    .where(
      and(
        eq(jobs.deviceId, sql.placeholder('deviceId')),
        inArray(jobs.status, unfinishedJobStatuses),
        gt(jobs.id, sql.placeholder('afterId')),
      ),
    )
    .orderBy(asc(jobs.id))
    .limit(sql.placeholder('limit'))
    .prepare('jobs_unfinished_of_device'),
);

/**
 * A device's unfinished jobs in order, after `afterId`. Every agent connection asks this once, so the
 * statement is built once per database handle and prepared on the server.
 */
export const findUnfinishedJobs = async (
  db: Db,
  deviceId: number,
  afterId: number,
  limit: number,
): Promise<JobRow[]> => unfinishedJobsStatement(db).execute({ deviceId, afterId, limit });

// ---- Idempotency-Key ----

export const findIdempotencyKey = async (db: DbOrTx, userId: number, key: string) => {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
};

/**
 * Claims a key for this request. A concurrent request with the same key waits here until the
 * first commits; it then gets nothing (and reads the stored answer) or, after a rollback, the key.
 */
export const claimIdempotencyKey = async (db: DbOrTx, userId: number, key: string, requestHash: string) => {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  return row?.id;
};

export const saveIdempotencyResponse = async (db: DbOrTx, id: number, response: unknown) => {
  await db.update(idempotencyKeys).set({ response }).where(eq(idempotencyKeys.id, id));
};

export const pruneIdempotencyKeys = async (db: DbOrTx, before: Date) => {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
};
