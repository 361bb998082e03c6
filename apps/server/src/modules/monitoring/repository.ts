import type { Condition } from '@rmm/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import type { AlertRow } from '../alerts/mapper.ts';
import { alerts, conditionStates } from '../alerts/schema.ts';
import type { DeviceRef } from '../alerts/transitions.ts';
import { jobs } from '../jobs/schema.ts';

/** The engine's SQL: the device lock, the states per key, and what the sweepers look for. */

export type StateRow = Omit<typeof conditionStates.$inferSelect, 'updatedAt'>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A row of `json_agg(table)` as Drizzle answers it: camelCase keys, these keys as dates. */
const fromJson = <T>(row: Record<string, unknown>, dateKeys: readonly string[]): T =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => {
      const name = camel(key);
      return [name, dateKeys.includes(name) && typeof value === 'string' ? new Date(value) : value];
    }),
  ) as T;

const alertDates = ['triggerTime', 'acknowledgeTime', 'resetTime', 'resetDueTime', 'createdAt', 'updatedAt'];
const stateDates = ['observedAt', 'changedAt', 'dueAt', 'updatedAt'];

export type LoadedDevice = {
  device: DeviceRef;
  states: StateRow[];
  /** Its ACTIVE alerts. */
  alerts: AlertRow[];
  /** Maintenance windows covering it that ended less than a week ago (or later). */
  windows: { start: Date; end: Date }[];
};

/**
 * Locks the device's row (NO KEY UPDATE: jobs and samples inserted for it do not wait) and answers, in the same
 * round trip, what the engine works on: its names, its states, its ACTIVE alerts and its maintenance windows.
 * Undefined when it is gone, or locked by another transaction when `skipLocked`.
 */
export const lockAndLoad = async (
  db: DbOrTx,
  deviceId: number,
  skipLocked: boolean,
): Promise<LoadedDevice | undefined> => {
  const result = await db.execute(sql`
    with d as (
      select id, organization_id, display_name from devices where id = ${deviceId}
      for no key update ${skipLocked ? sql`skip locked` : sql``}
    )
    select d.id, d.organization_id, d.display_name, o.name as organization_name,
      (select coalesce(json_agg(s), '[]'::json) from condition_states s where s.device_id = d.id) as states,
      (select coalesce(json_agg(a), '[]'::json) from alerts a where a.device_id = d.id and a.status = 'ACTIVE') as alerts,
      (select coalesce(json_agg(json_build_array(w.start_time, w.end_time)), '[]'::json) from maintenance_windows w
        where w.organization_id = d.organization_id and w.end_time > now() - interval '7 days'
          and (cardinality(w.device_ids) = 0 or d.id = any(w.device_ids))) as windows
    from d join organizations o on o.id = d.organization_id`);
  const [row] = rowsOf<{
    id: number;
    organization_id: number;
    display_name: string;
    organization_name: string;
    states: Record<string, unknown>[];
    alerts: Record<string, unknown>[];
    windows: [string, string][];
  }>(result);
  if (!row) return undefined;
  return {
    device: {
      id: toNumber(row.id),
      organizationId: toNumber(row.organization_id),
      displayName: row.display_name,
      organizationName: row.organization_name,
    },
    states: row.states.map((s) => {
      const { updatedAt: _updatedAt, ...state } = fromJson<StateRow & { updatedAt: Date }>(s, stateDates);
      return state;
    }),
    alerts: row.alerts.map((a) => fromJson<AlertRow>(a, alertDates)),
    windows: row.windows.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
  };
};

/** The upsert of these states as a CTE (`states_written`), to ride along a transition's statement. */
export const statesUpsertCte = (states: readonly StateRow[]) => {
  const rows = states.map((st) => ({
    device_id: st.deviceId,
    condition_id: st.conditionId,
    instance: st.instance,
    organization_id: st.organizationId,
    triggered: st.triggered,
    observed_at: st.observedAt.toISOString(),
    changed_at: st.changedAt.toISOString(),
    clears: st.clears,
    flapping: st.flapping,
    due_at: st.dueAt?.toISOString() ?? null,
    due_condition: st.dueCondition ?? null,
    due_policy_id: st.duePolicyId,
  }));
  return sql`states_written as (
    insert into condition_states (device_id, condition_id, instance, organization_id, triggered, observed_at,
      changed_at, clears, flapping, due_at, due_condition, due_policy_id)
    select r.device_id, r.condition_id, r.instance, r.organization_id, r.triggered, r.observed_at, r.changed_at,
      r.clears, r.flapping, r.due_at, r.due_condition, r.due_policy_id
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(device_id integer, condition_id text,
      instance text, organization_id integer, triggered boolean, observed_at timestamptz, changed_at timestamptz,
      clears jsonb, flapping boolean, due_at timestamptz, due_condition jsonb, due_policy_id integer)
    on conflict (device_id, condition_id, instance) do update set
      organization_id = excluded.organization_id, triggered = excluded.triggered,
      observed_at = excluded.observed_at, changed_at = excluded.changed_at, clears = excluded.clears,
      flapping = excluded.flapping, due_at = excluded.due_at, due_condition = excluded.due_condition,
      due_policy_id = excluded.due_policy_id, updated_at = now()
    returning 1)`;
};

export const saveStates = async (db: DbOrTx, states: readonly StateRow[]) => {
  if (states.length)
    await db.execute(sql`with ${statesUpsertCte(states)} select count(*) from states_written`);
};

export const updateStateOf = async (
  db: DbOrTx,
  key: { deviceId: number; conditionId: string; instance: string },
  change: Partial<Pick<StateRow, 'flapping' | 'clears' | 'dueAt' | 'dueCondition' | 'duePolicyId'>>,
) => {
  await db
    .update(conditionStates)
    .set({ ...change, updatedAt: sql`now()` })
    .where(
      and(
        eq(conditionStates.deviceId, key.deviceId),
        eq(conditionStates.conditionId, key.conditionId),
        eq(conditionStates.instance, key.instance),
      ),
    );
};

// ---- sweeper ----

const SWEEP_BATCH = 500;

/** Devices with an ACTIVE alert whose AFTER_TIME reset is due. */
export const devicesWithDueResets = async (db: DbOrTx, now: Date) =>
  (
    await db
      .selectDistinct({ deviceId: alerts.deviceId })
      .from(alerts)
      .where(
        and(eq(alerts.status, 'ACTIVE'), sql`${alerts.resetDueTime} <= ${now.toISOString()}::timestamptz`),
      )
      .limit(SWEEP_BATCH)
  ).map((r) => r.deviceId);

/** Devices with a flapping key that has not changed since `before`. */
export const devicesWithStableFlapping = async (db: DbOrTx, before: Date) =>
  (
    await db
      .selectDistinct({ deviceId: conditionStates.deviceId })
      .from(conditionStates)
      .where(
        and(
          eq(conditionStates.flapping, true),
          sql`${conditionStates.changedAt} <= ${before.toISOString()}::timestamptz`,
        ),
      )
      .limit(SWEEP_BATCH)
  ).map((r) => r.deviceId);

/** Devices with a server-evaluated trigger that fell due. */
export const devicesWithDueTriggers = async (db: DbOrTx, now: Date) =>
  (
    await db
      .selectDistinct({ deviceId: conditionStates.deviceId })
      .from(conditionStates)
      .where(
        and(
          isNotNull(conditionStates.dueAt),
          sql`${conditionStates.dueAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .limit(SWEEP_BATCH)
  ).map((r) => r.deviceId);

/** Whether the device is DOWN and was last seen at or before `seenBy`. */
export const isStillDown = async (db: DbOrTx, deviceId: number) => {
  const result = await db.execute(
    sql`select status, extract(epoch from last_seen_at) * 1000 as last_seen_ms from devices where id = ${deviceId}`,
  );
  const [row] = rowsOf<{ status: string; last_seen_ms: string | number | null }>(result);
  return row?.status === 'DOWN';
};

/** Marks DEVICE_DOWN triggers due (the device went DOWN): a state per condition, kept until it comes back. */
export const scheduleDueTriggers = async (
  db: DbOrTx,
  entries: {
    deviceId: number;
    organizationId: number;
    condition: Condition;
    policyId: number | null;
    lastSeen: Date;
    dueAt: Date;
  }[],
) => {
  for (const e of entries) {
    await db
      .insert(conditionStates)
      .values({
        deviceId: e.deviceId,
        conditionId: e.condition.id,
        instance: '',
        organizationId: e.organizationId,
        triggered: false,
        observedAt: e.lastSeen,
        changedAt: e.lastSeen,
        dueAt: e.dueAt,
        dueCondition: e.condition,
        duePolicyId: e.policyId,
      })
      .onConflictDoUpdate({
        target: [conditionStates.deviceId, conditionStates.conditionId, conditionStates.instance],
        set: { dueAt: e.dueAt, dueCondition: e.condition, duePolicyId: e.policyId, updatedAt: sql`now()` },
      });
  }
};

/** Drops the due triggers of devices that came back. */
export const cancelDueTriggers = async (db: DbOrTx, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return;
  await db
    .update(conditionStates)
    .set({ dueAt: null, dueCondition: null, duePolicyId: null, updatedAt: sql`now()` })
    .where(and(anyOf(conditionStates.deviceId, deviceIds, 'integer'), isNotNull(conditionStates.dueAt)));
};

/** Of these devices, those with an ACTIVE alert of one of these condition types. */
export const devicesWithActiveAlertsOfType = async (
  db: DbOrTx,
  deviceIds: readonly number[],
  type: string,
) =>
  deviceIds.length === 0
    ? []
    : (
        await db
          .selectDistinct({ deviceId: alerts.deviceId })
          .from(alerts)
          .where(
            and(
              anyOf(alerts.deviceId, deviceIds, 'integer'),
              eq(alerts.status, 'ACTIVE'),
              eq(alerts.conditionType, type),
            ),
          )
      ).map((r) => r.deviceId);

export const activeAlertsOfType = async (db: DbOrTx, deviceId: number, type: string) =>
  db
    .select()
    .from(alerts)
    .where(and(eq(alerts.deviceId, deviceId), eq(alerts.status, 'ACTIVE'), eq(alerts.conditionType, type)))
    .orderBy(asc(alerts.id));

// ---- BACKUP_JOB ----

export type BackupRun = {
  deviceId: number;
  planId: string;
  planName: string;
  jobUid: string;
  failed: boolean;
  finishedAt: Date;
};

/** The latest finished BACKUP job per device and plan (an ignored failure does not count). */
export const latestBackupRuns = async (db: DbOrTx, deviceIds: readonly number[]): Promise<BackupRun[]> => {
  if (deviceIds.length === 0) return [];
  const result = await db.execute(sql`
    select distinct on (j.device_id, j.content->>'planId') j.device_id, j.content->>'planId' as plan_id,
      coalesce(j.content->>'planName', '') as plan_name, j.job_uid, j.job_result, j.finished_at
    from ${jobs} j
    where j.device_id = any(${sql.param([...deviceIds])}::int[]) and j.job_type = 'BACKUP'
      and j.status = 'COMPLETED' and j.finished_at is not null
      and not exists (select 1 from backup_ignored_jobs i where i.job_uid = j.job_uid)
    order by j.device_id, j.content->>'planId', j.finished_at desc`);
  return rowsOf<{
    device_id: number;
    plan_id: string | null;
    plan_name: string;
    job_uid: string;
    job_result: string | null;
    finished_at: Date | string;
  }>(result).map((r) => ({
    deviceId: toNumber(r.device_id),
    planId: r.plan_id ?? '',
    planName: r.plan_name,
    jobUid: r.job_uid,
    failed: r.job_result !== 'SUCCESS',
    finishedAt: new Date(r.finished_at),
  }));
};

/** Devices' creation times (NOT_RUN counts from there when a device never backed up). */
export const deviceCreationTimes = async (db: DbOrTx, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return new Map<number, Date>();
  const result = await db.execute(
    sql`select id, created_at from devices where id = any(${sql.param([...deviceIds])}::int[])`,
  );
  return new Map(
    rowsOf<{ id: number; created_at: Date | string }>(result).map((r) => [
      toNumber(r.id),
      new Date(r.created_at),
    ]),
  );
};
