import { type Condition, defaultHealthStatusSettings, HealthStatusSettings } from '@rmm/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { activitiesInsert, type NewActivity } from '../activities/repository.ts';
import { type HealthChange, healthChangesOf } from '../alerts/health.ts';
import type { AlertRow } from '../alerts/mapper.ts';
import { alerts, conditionStates } from '../alerts/schema.ts';
import type { DeviceRef } from '../alerts/transitions.ts';
import { HEALTH_STATUS_SETTING_KEY, healthStatusSql, onlineStatusSql } from '../devices/health-sql.ts';
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

export type AlertHealth = 'HEALTHY' | 'NEEDS_ATTENTION' | 'UNHEALTHY';

type LoadedRow = {
  id: number;
  organization_id: number;
  display_name: string;
  organization_name: string;
  states: Record<string, unknown>[];
  alerts: Record<string, unknown>[];
  windows: [string, string][];
  health_settings: unknown;
};

/**
 * Locks the devices' rows in id order (NO KEY UPDATE: jobs and samples inserted for them do not wait), then
 * answers in one more statement what the engine works on: their names, states, ACTIVE alerts and
 * maintenance windows, and the health status settings. Devices gone, or locked by another transaction when
 * `skipLocked`, are not in the answer.
 */
export const lockAndLoadMany = async (
  db: DbOrTx,
  deviceIds: readonly number[],
  skipLocked: boolean,
): Promise<{ devices: LoadedDevice[]; healthSettings: HealthStatusSettings }> => {
  if (deviceIds.length === 0) return { devices: [], healthSettings: defaultHealthStatusSettings() };
  // The lock first, the reads in a statement of their own: in READ COMMITTED a statement that waited for a row
  // lock still reads other tables as they were when it started, so it would miss an alert the transaction it
  // waited for had just raised.
  const locked = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from devices where id = any(${sql.param([...deviceIds])}::int[])
      order by id for no key update ${skipLocked ? sql`skip locked` : sql``}`),
  ).map((r) => toNumber(r.id));
  if (locked.length === 0) return { devices: [], healthSettings: defaultHealthStatusSettings() };
  const result = await db.execute(sql`
    select d.id, d.organization_id, d.display_name, o.name as organization_name,
      (select coalesce(json_agg(s), '[]'::json) from condition_states s where s.device_id = d.id) as states,
      (select coalesce(json_agg(a), '[]'::json) from alerts a where a.device_id = d.id and a.status = 'ACTIVE') as alerts,
      (select coalesce(json_agg(json_build_array(w.start_time, w.end_time)), '[]'::json) from maintenance_windows w
        where w.organization_id = d.organization_id and w.end_time > now() - interval '7 days'
          and (cardinality(w.device_ids) = 0 or d.id = any(w.device_ids))) as windows,
      (select st.value from settings st where st.key = ${HEALTH_STATUS_SETTING_KEY}) as health_settings
    from devices d join organizations o on o.id = d.organization_id
    where d.id = any(${sql.param(locked)}::int[])
    order by d.id`);
  const rows = rowsOf<LoadedRow>(result);
  const stored = HealthStatusSettings.safeParse(rows[0]?.health_settings);
  return {
    healthSettings: stored.success ? stored.data : defaultHealthStatusSettings(),
    devices: rows.map((row) => ({
      device: {
        id: toNumber(row.id),
        organizationId: toNumber(row.organization_id),
        displayName: row.display_name,
        organizationName: row.organization_name,
      },
      states: row.states.map((st) => {
        const { updatedAt: _updatedAt, ...state } = fromJson<StateRow & { updatedAt: Date }>(st, stateDates);
        return state;
      }),
      alerts: row.alerts.map((a) => fromJson<AlertRow>(a, alertDates)),
      windows: row.windows.map(([start, end]) => ({ start: new Date(start), end: new Date(end) })),
    })),
  };
};

/** Ids for new alerts, taken from their sequence (so a statement can write them with their events). */
export const nextAlertIds = async (db: DbOrTx, count: number): Promise<number[]> => {
  if (count === 0) return [];
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence('alerts', 'id'))::int as id from generate_series(1, ${count}::int)`,
  );
  return rowsOf<{ id: number }>(result).map((r) => toNumber(r.id));
};

const alertJson = (a: AlertRow) => ({
  id: a.id,
  device_id: a.deviceId,
  organization_id: a.organizationId,
  condition_id: a.conditionId,
  instance: a.instance,
  condition_name: a.conditionName,
  condition_type: a.conditionType,
  policy_id: a.policyId,
  severity: a.severity,
  priority: a.priority,
  status: a.status,
  message: a.message,
  value: a.value,
  trigger_time: a.triggerTime.toISOString(),
  reset_time: a.resetTime?.toISOString() ?? null,
  reset_reason: a.resetReason,
  reset_by: a.resetBy,
  reset_due_time: a.resetDueTime?.toISOString() ?? null,
  flapping: a.flapping,
  reset_mode: a.resetMode,
  notifications: a.notifications,
  notify_on_reset: a.notifyOnReset,
  ticketing: a.ticketing,
});

const alertRecordset = (list: readonly AlertRow[]) => sql`jsonb_to_recordset(${JSON.stringify(
  list.map(alertJson),
)}::jsonb) as r(id integer, device_id integer, organization_id integer, condition_id text, instance text,
  condition_name text, condition_type text, policy_id integer, severity text, priority text, status text,
  message text, value double precision, trigger_time timestamptz, reset_time timestamptz, reset_reason text,
  reset_by text, reset_due_time timestamptz, flapping boolean, reset_mode text, notifications jsonb,
  notify_on_reset boolean, ticketing jsonb)`;

/**
 * Everything a batch of the engine changed, in one statement: new alerts (their ids taken already; ON CONFLICT on
 * the partial unique index, so the count written tells whether one met an ACTIVE alert of its key), changed
 * alerts, states, alert events, activities, and the touched devices' alert health with their status and health
 * status. Answers the devices whose status or health changed; throws when a new alert was not written.
 */
export const writeChanges = async (
  db: DbOrTx,
  changes: {
    newAlerts: readonly AlertRow[];
    changedAlerts: readonly AlertRow[];
    states: readonly StateRow[];
    events: { alertId: number; organizationId: number; change: string }[];
    activities: NewActivity[];
    alertHealth: { deviceId: number; alertHealth: AlertHealth }[];
  },
): Promise<HealthChange[]> => {
  if (changes.states.length === 0 && changes.events.length === 0 && changes.alertHealth.length === 0)
    return [];
  const events = changes.events.map((e) => ({
    alert_id: e.alertId,
    organization_id: e.organizationId,
    change: e.change,
  }));
  const health = changes.alertHealth.map((h) => ({ id: h.deviceId, alert_health: h.alertHealth }));
  const alertHealth = sql`h.alert_health`;
  const isDown = sql`(d.status = 'DOWN')`;
  const newStatus = sql`(case when ${isDown} then 'DOWN' else ${onlineStatusSql(alertHealth)} end)`;
  const newHealth = healthStatusSql({ isDown, alertHealth, lastSeen: sql`d.last_seen_at` });
  const result = await db.execute(sql`
    with new_alerts as (
      insert into alerts (id, device_id, organization_id, condition_id, instance, condition_name, condition_type,
        policy_id, severity, priority, status, message, value, trigger_time, reset_time, reset_reason, reset_by,
        reset_due_time, flapping, reset_mode, notifications, notify_on_reset, ticketing)
      select r.id, r.device_id, r.organization_id, r.condition_id, r.instance, r.condition_name, r.condition_type,
        r.policy_id, r.severity, r.priority, r.status, r.message, r.value, r.trigger_time, r.reset_time,
        r.reset_reason, r.reset_by, r.reset_due_time, r.flapping, r.reset_mode, r.notifications, r.notify_on_reset,
        coalesce(r.ticketing, '{"mode":"NONE"}'::jsonb)
      from ${alertRecordset(changes.newAlerts)}
      on conflict (device_id, condition_id, instance) where status = 'ACTIVE' do nothing
      returning id
    ), changed_alerts as (
      update alerts a set severity = r.severity, priority = r.priority, flapping = r.flapping, status = r.status,
        reset_time = r.reset_time, reset_reason = r.reset_reason, reset_by = r.reset_by,
        reset_due_time = r.reset_due_time, updated_at = now()
      from ${alertRecordset(changes.changedAlerts)}
      where a.id = r.id
      returning a.id
    ), ${statesUpsertCte(changes.states)}, events as (
      insert into alert_events (alert_id, organization_id, change)
      select e.alert_id, e.organization_id, e.change
      from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(alert_id integer, organization_id integer, change text)
    ), activity_rows as (${activitiesInsert(changes.activities)} returning 1),
    h as (
      select * from jsonb_to_recordset(${JSON.stringify(health)}::jsonb) as h(id integer, alert_health text)
    ), health_prev as (
      select d.id, d.status, d.health_status from devices d join h on h.id = d.id
    ), health_update as (
      update devices d set
        alert_health = h.alert_health,
        status = ${newStatus},
        health_status = ${newHealth},
        status_changed_at = case when d.status <> ${newStatus} then now() else d.status_changed_at end
      from h join health_prev on health_prev.id = h.id
      where d.id = h.id
        and (d.alert_health <> h.alert_health or d.status <> ${newStatus} or d.health_status <> ${newHealth})
      returning d.id, d.organization_id, health_prev.status as previous_status, d.status,
        health_prev.health_status as previous_health, d.health_status,
        extract(epoch from d.last_seen_at) * 1000 as last_seen_ms
    )
    select (select count(*)::int from new_alerts) as inserted,
      (select count(*)::int from changed_alerts) as changed,
      (select coalesce(json_agg(u), '[]'::json) from health_update u) as health`);
  const [row] = rowsOf<{ inserted: number; changed: number; health: Record<string, unknown>[] }>(result);
  if (toNumber(row?.inserted) !== changes.newAlerts.length)
    throw new Error('a new alert met an ACTIVE alert of its key: the batch is rolled back');
  return healthChangesOf({ rows: row?.health ?? [] });
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
    suppressed: st.suppressed ?? null,
  }));
  return sql`states_written as (
    insert into condition_states (device_id, condition_id, instance, organization_id, triggered, observed_at,
      changed_at, clears, flapping, due_at, due_condition, due_policy_id, suppressed)
    select r.device_id, r.condition_id, r.instance, r.organization_id, r.triggered, r.observed_at, r.changed_at,
      r.clears, r.flapping, r.due_at, r.due_condition, r.due_policy_id, r.suppressed
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(device_id integer, condition_id text,
      instance text, organization_id integer, triggered boolean, observed_at timestamptz, changed_at timestamptz,
      clears jsonb, flapping boolean, due_at timestamptz, due_condition jsonb, due_policy_id integer,
      suppressed jsonb)
    on conflict (device_id, condition_id, instance) do update set
      organization_id = excluded.organization_id, triggered = excluded.triggered,
      observed_at = excluded.observed_at, changed_at = excluded.changed_at, clears = excluded.clears,
      flapping = excluded.flapping, due_at = excluded.due_at, due_condition = excluded.due_condition,
      due_policy_id = excluded.due_policy_id, suppressed = excluded.suppressed, updated_at = now()
    returning 1)`;
};

export const updateStateOf = async (
  db: DbOrTx,
  key: { deviceId: number; conditionId: string; instance: string },
  change: Partial<
    Pick<StateRow, 'flapping' | 'clears' | 'dueAt' | 'dueCondition' | 'duePolicyId' | 'suppressed'>
  >,
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

/** Whether the device is DOWN. */
export const isStillDown = async (db: DbOrTx, deviceId: number) =>
  (await downSince(db, deviceId)) !== undefined;

/** When a DOWN device was last seen (never seen: when it was added); undefined when it is not DOWN. */
export const downSince = async (db: DbOrTx, deviceId: number): Promise<Date | undefined> => {
  const result = await db.execute(
    sql`select status, coalesce(last_seen_at, created_at) as seen from devices where id = ${deviceId}`,
  );
  const [row] = rowsOf<{ status: string; seen: Date | string }>(result);
  return row?.status === 'DOWN' ? new Date(row.seen) : undefined;
};

/** Of these devices, those that are DOWN. */
export const downDevices = async (db: DbOrTx, deviceIds: readonly number[]) =>
  deviceIds.length === 0
    ? []
    : rowsOf<{ id: number }>(
        await db.execute(sql`select id from devices
          where id = any(${sql.param([...deviceIds])}::int[]) and status = 'DOWN' order by id`),
      ).map((r) => toNumber(r.id));

/**
 * Devices with a trigger a maintenance window suppressed that is still triggered, and no window covering
 * them at `now`: the sweeper raises those triggers.
 */
export const devicesWithSuppressedTriggers = async (db: DbOrTx, now: Date) =>
  rowsOf<{ device_id: number }>(
    await db.execute(sql`
      select distinct s.device_id from condition_states s join devices d on d.id = s.device_id
      where s.suppressed is not null and s.triggered
        and not exists (select 1 from maintenance_windows w
          where w.organization_id = d.organization_id
            and (cardinality(w.device_ids) = 0 or d.id = any(w.device_ids))
            and w.start_time <= ${now.toISOString()}::timestamptz and w.end_time > ${now.toISOString()}::timestamptz)
      limit ${SWEEP_BATCH}`),
  ).map((r) => toNumber(r.device_id));

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
