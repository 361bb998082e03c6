import type { Condition } from '@rmm/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { alerts, conditionStates } from '../alerts/schema.ts';
import type { DeviceRef } from '../alerts/transitions.ts';
import { jobs } from '../jobs/schema.ts';

/** The engine's SQL: the device lock, the states per key, and what the sweepers look for. */

export type StateRow = Omit<typeof conditionStates.$inferSelect, 'updatedAt'>;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Locks the device's row (NO KEY UPDATE: jobs and samples inserted for it do not wait) and answers its names;
 * undefined when it is gone, or locked by another transaction when `skipLocked`.
 */
export const lockDevice = async (
  db: DbOrTx,
  deviceId: number,
  skipLocked: boolean,
): Promise<DeviceRef | undefined> => {
  const result = await db.execute(sql`
    select d.id, d.organization_id, d.display_name, o.name as organization_name
    from devices d join organizations o on o.id = d.organization_id
    where d.id = ${deviceId}
    for no key update of d ${skipLocked ? sql`skip locked` : sql``}`);
  const [row] = rowsOf<{
    id: number;
    organization_id: number;
    display_name: string;
    organization_name: string;
  }>(result);
  return row
    ? {
        id: toNumber(row.id),
        organizationId: toNumber(row.organization_id),
        displayName: row.display_name,
        organizationName: row.organization_name,
      }
    : undefined;
};

export const findStates = async (db: DbOrTx, deviceId: number): Promise<StateRow[]> =>
  (await db.select().from(conditionStates).where(eq(conditionStates.deviceId, deviceId))).map(
    ({ updatedAt: _updatedAt, ...state }) => state,
  );

export const saveState = async (db: DbOrTx, state: StateRow) => {
  const { deviceId, conditionId, instance, ...rest } = state;
  await db
    .insert(conditionStates)
    .values(state)
    .onConflictDoUpdate({
      target: [conditionStates.deviceId, conditionStates.conditionId, conditionStates.instance],
      set: { ...rest, updatedAt: sql`now()` },
    });
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
