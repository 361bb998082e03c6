import {
  alertSeverities,
  type DeviceStatus,
  defaultHealthStatusSettings,
  type HealthStatus,
  HealthStatusSettings,
} from '@rmm/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, toNumber } from '../../db/database.ts';
import { HEALTH_STATUS_SETTING_KEY, healthStatusSql, onlineStatusSql } from '../devices/health-sql.ts';
import type { StatusChange } from '../devices/presence-repository.ts';
import { getSetting, putSetting } from '../settings/repository.ts';

/**
 * Device health from active alerts (alerts.ts `deriveHealthStatus`): the stored settings, and the statement that
 * brings a device's `alert_health`, `health_status` and `status` in line with its ACTIVE alerts, run in the
 * transaction of every alert transition (docs/decisions.md "Monitoring engine").
 */

export const getHealthStatusSettings = async (db: DbOrTx): Promise<HealthStatusSettings> => {
  const stored = await getSetting<unknown>(db, HEALTH_STATUS_SETTING_KEY);
  const parsed = HealthStatusSettings.safeParse(stored);
  return parsed.success ? parsed.data : defaultHealthStatusSettings();
};

export const putHealthStatusSettings = (db: DbOrTx, settings: HealthStatusSettings) =>
  putSetting(db, HEALTH_STATUS_SETTING_KEY, settings);

const rankOf: Readonly<Record<Exclude<HealthStatus, 'UNKNOWN'>, number>> = {
  HEALTHY: 0,
  NEEDS_ATTENTION: 1,
  UNHEALTHY: 2,
};

/**
 * The worst status a device's ACTIVE alerts map to, as SQL over `d` (the devices row): with the settings given,
 * or (undefined) those stored, read inside the statement (the defaults where none are stored).
 */
const alertHealthSql = (settings: HealthStatusSettings | undefined) => {
  const defaults = defaultHealthStatusSettings();
  const statusOf = settings
    ? sql`case a.severity ${sql.join(
        alertSeverities.map((s) => sql`when ${s} then ${settings.severities[s]}`),
        sql` `,
      )} end`
    : sql`coalesce((select st.value->'severities'->>a.severity from settings st where st.key = ${HEALTH_STATUS_SETTING_KEY}),
        case a.severity ${sql.join(
          alertSeverities.map((s) => sql`when ${s} then ${defaults.severities[s]}`),
          sql` `,
        )} end)`;
  const rank = sql`case ${statusOf} ${sql.join(
    (Object.keys(rankOf) as (keyof typeof rankOf)[]).map(
      (status) => sql`when ${status} then ${rankOf[status]}::int`,
    ),
    sql` `,
  )} else 0 end`;
  return sql`(case coalesce((select max(${rank}) from alerts a where a.device_id = d.id and a.status = 'ACTIVE'), 0)
    when 2 then 'UNHEALTHY' when 1 then 'NEEDS_ATTENTION' else 'HEALTHY' end)`;
};

export type HealthChange = StatusChange & { healthStatus: HealthStatus; previousHealth: HealthStatus };

type Row = {
  id: number;
  organization_id: number;
  previous_status: string;
  status: string;
  previous_health: string;
  health_status: string;
  last_seen_ms: number | string | null;
};

/**
 * The health refresh as parts of a statement: `ctes` (to follow a WITH, after the caller's own CTEs) and the
 * UPDATE that ends it. Its rows are locked in id order; it answers (RETURNING) the devices whose status or health
 * changed. `settings`: the mapping to apply, by default the stored one (read by the statement itself).
 */
export const healthRefreshSql = (deviceIds: readonly number[] | 'all', settings?: HealthStatusSettings) => {
  const which = deviceIds === 'all' ? sql`true` : sql`d.id = any(${sql.param([...deviceIds])}::int[])`;
  const alertHealth = sql`h.alert_health`;
  const isDown = sql`(d.status = 'DOWN')`;
  const newStatus = sql`(case when ${isDown} then 'DOWN' else ${onlineStatusSql(alertHealth)} end)`;
  const newHealth = healthStatusSql({ isDown, alertHealth, lastSeen: sql`d.last_seen_at` });
  return {
    ctes: sql`health_prev as (
      select d.id, d.status, d.health_status from devices d where ${which} order by d.id for no key update
    ), h as (
      select d.id, ${alertHealthSql(settings)} as alert_health from devices d join health_prev on health_prev.id = d.id
    )`,
    statement: sql`
    update devices d set
      alert_health = h.alert_health,
      status = ${newStatus},
      health_status = ${newHealth},
      status_changed_at = case when d.status <> ${newStatus} then now() else d.status_changed_at end
    from h join health_prev on health_prev.id = h.id
    where d.id = h.id and (d.alert_health <> h.alert_health or d.status <> ${newStatus} or d.health_status <> ${newHealth})
    returning d.id, d.organization_id, health_prev.status as previous_status, d.status,
      health_prev.health_status as previous_health, d.health_status,
      extract(epoch from d.last_seen_at) * 1000 as last_seen_ms`,
  };
};

export const healthChangesOf = (result: unknown): HealthChange[] =>
  (result as { rows: Row[] }).rows.map((row) => ({
    deviceId: toNumber(row.id),
    organizationId: toNumber(row.organization_id),
    previousStatus: row.previous_status as DeviceStatus,
    status: row.status as DeviceStatus,
    previousHealth: row.previous_health as HealthStatus,
    healthStatus: row.health_status as HealthStatus,
    lastSeen: row.last_seen_ms === null ? null : new Date(toNumber(row.last_seen_ms)).toISOString(),
  }));

/** Recomputes these devices' health (all devices when `deviceIds` is 'all': the settings changed). */
export const refreshDeviceHealth = async (
  db: DbOrTx,
  deviceIds: readonly number[] | 'all',
  settings?: HealthStatusSettings,
): Promise<HealthChange[]> => {
  if (deviceIds !== 'all' && deviceIds.length === 0) return [];
  const { ctes, statement } = healthRefreshSql(deviceIds, settings);
  return healthChangesOf(await db.execute(sql`with ${ctes} ${statement}`));
};
