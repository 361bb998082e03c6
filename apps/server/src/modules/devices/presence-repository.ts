import type { DeviceStatus, HealthStatus } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { lazyCommit } from '../../db/lazy-commit.ts';
import { deviceMetrics } from '../../db/schema.ts';
import { healthStatusSql, onlineStatusSql } from './health-sql.ts';

/** Hot-path SQL: one statement per batch, never a statement per heartbeat. */

export type PresenceEntry = {
  deviceId: number;
  seenAt: Date;
  cpuPercent: number | null;
  memoryPercent: number | null;
  diskPercent: number | null;
};

export type StatusChange = {
  deviceId: number;
  organizationId: number;
  previousStatus: DeviceStatus | null;
  status: DeviceStatus;
  lastSeen: string | null;
  healthStatus?: HealthStatus;
};

type ChangeRow = {
  id: number;
  organization_id: number;
  previous_status: string | null;
  status: string;
  health_status: string;
  last_seen_ms: number | string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const toChange = (row: ChangeRow): StatusChange => ({
  deviceId: toNumber(row.id),
  organizationId: toNumber(row.organization_id),
  previousStatus: row.previous_status as DeviceStatus | null,
  status: row.status as DeviceStatus,
  lastSeen: row.last_seen_ms === null ? null : new Date(toNumber(row.last_seen_ms)).toISOString(),
  healthStatus: row.health_status as HealthStatus,
});

/**
 * Writes last-seen, latest metrics, status and health status for a batch; answers the devices whose status
 * changed. An entry older than `offlineCutoff` (a flush retried after an outage) never makes a device UP. WARNING
 * comes from the device's alerts (`alert_health`, health-sql.ts), not from its metrics. Its own statement,
 * committed lazily (`lazyCommit`): the next heartbeat writes it again.
 */
export const flushPresence = async (db: DbOrTx, entries: PresenceEntry[], offlineCutoff: Date) => {
  if (entries.length === 0) return [];
  const column = <K extends keyof PresenceEntry>(key: K) => sql.param(entries.map((e) => e[key]));
  const seen = sql.param(entries.map((e) => e.seenAt.toISOString()));
  const cutoff = offlineCutoff.toISOString();
  const isDown = sql`(greatest(d.last_seen_at, v.seen) < ${cutoff}::timestamptz)`;
  const newStatus = sql`(case when ${isDown} then 'DOWN' else ${onlineStatusSql(sql`d.alert_health`)} end)`;
  const newHealth = healthStatusSql({ isDown, alertHealth: sql`d.alert_health`, lastSeen: sql`v.seen` });
  const result = await db.execute(sql`
    with v as (
      select * from unnest(${column('deviceId')}::int[], ${seen}::timestamptz[], ${column('cpuPercent')}::real[],
        ${column('memoryPercent')}::real[], ${column('diskPercent')}::real[]) as v(id, seen, cpu, mem, disk)
    ), prev as (
      -- Rows are locked in id order, so two flushes (two server processes) never deadlock on each other;
      -- NO KEY UPDATE, so a job or metric sample inserted for the device (a foreign-key check) never waits.
      select d.id, d.status from devices d where d.id in (select id from v) order by d.id for no key update
    )
    update devices d set
      last_seen_at = greatest(d.last_seen_at, v.seen),
      cpu_percent = coalesce(v.cpu, d.cpu_percent),
      memory_percent = coalesce(v.mem, d.memory_percent),
      disk_percent = coalesce(v.disk, d.disk_percent),
      status = ${newStatus},
      health_status = ${newHealth},
      status_changed_at = case when d.status <> ${newStatus} then now() else d.status_changed_at end
    from v join prev on prev.id = v.id cross join ${lazyCommit}
    where d.id = v.id
    returning d.id, d.organization_id, prev.status as previous_status, d.status, d.health_status,
      extract(epoch from d.last_seen_at) * 1000 as last_seen_ms`);
  return rowsOf<ChangeRow>(result)
    .map(toChange)
    .filter((c) => c.previousStatus !== c.status);
};

/** Marks DOWN every device not heard from since `cutoff` (and not being written now); answers those it changed. */
export const markOfflineDevices = async (db: DbOrTx, cutoff: Date) => {
  const at = cutoff.toISOString();
  const result = await db.execute(sql`
    with stale as (
      -- SKIP LOCKED: a row a presence flush holds is being seen right now, so it is not stale, and the
      -- sweep never waits on (or deadlocks with) a flush.
      select id, status from devices where status <> 'DOWN' and last_seen_at < ${at}::timestamptz
      order by id for no key update skip locked
    )
    update devices d set status = 'DOWN', status_changed_at = now(),
      health_status = ${healthStatusSql({ isDown: sql`true`, alertHealth: sql`d.alert_health`, lastSeen: sql`d.last_seen_at` })}
    from stale
    where d.id = stale.id and d.status <> 'DOWN' and d.last_seen_at < ${at}::timestamptz
    returning d.id, d.organization_id, stale.status as previous_status, d.status, d.health_status,
      extract(epoch from d.last_seen_at) * 1000 as last_seen_ms`);
  return rowsOf<ChangeRow>(result).map(toChange);
};

export type MetricSample = {
  deviceId: number;
  organizationId: number;
  time: Date;
  cpuPercent: number;
  memoryPercent: number;
  diskPercent: number;
};

const SAMPLE_CHUNK = 5000;

/** Multi-row inserts, in chunks that stay under PostgreSQL's parameter limit. */
export const insertMetricSamples = async (db: DbOrTx, samples: MetricSample[]) => {
  for (let start = 0; start < samples.length; start += SAMPLE_CHUNK) {
    await db.insert(deviceMetrics).values(samples.slice(start, start + SAMPLE_CHUNK));
  }
};

const PRUNE_CHUNK = 10_000;

/** Deletes samples older than `before`, a chunk at a time so no statement runs for long. */
export const pruneMetricSamples = async (db: DbOrTx, before: Date) => {
  let removed = 0;
  for (;;) {
    const result = await db.execute(sql`
      delete from device_metrics where id in (
        select id from device_metrics where time < ${before.toISOString()}::timestamptz limit ${PRUNE_CHUNK})
      returning id`);
    const count = rowsOf<{ id: number }>(result).length;
    removed += count;
    if (count < PRUNE_CHUNK) return removed;
  }
};
