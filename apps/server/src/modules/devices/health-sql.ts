import { type SQL, sql } from 'drizzle-orm';

/**
 * A device's status and health status from its presence and its `alert_health` (the worst status its active
 * alerts map to, kept by the monitoring engine): the one definition the presence flush, the offline sweep and
 * the engine write with (docs/decisions.md "Monitoring engine"). WARNING is online with an alert health that is
 * not HEALTHY; an offline device is UNHEALTHY when the health status settings say so; one never heard from is
 * UNKNOWN.
 */

/** The settings key of HealthStatusSettings (alerts.ts); the alerts module reads and writes it. */
export const HEALTH_STATUS_SETTING_KEY = 'healthStatus';

/** Whether an offline device is UNHEALTHY, read inside the statement (true when nothing is stored). */
const offlineIsUnhealthy = sql`coalesce((select (s.value->>'offlineIsUnhealthy')::boolean from settings s
  where s.key = ${HEALTH_STATUS_SETTING_KEY}), true)`;

/** The status of a device that is online (`alertHealth`: an expression of HEALTHY, NEEDS_ATTENTION, UNHEALTHY). */
export const onlineStatusSql = (alertHealth: SQL) =>
  sql`(case when ${alertHealth} = 'HEALTHY' then 'UP' else 'WARNING' end)`;

/** The health status of a device that is down or not, seen at `lastSeen` (null: never). */
export const healthStatusSql = ({
  isDown,
  alertHealth,
  lastSeen,
}: {
  isDown: SQL;
  alertHealth: SQL;
  lastSeen: SQL;
}) =>
  sql`(case when ${lastSeen} is null then 'UNKNOWN' when ${isDown} and ${offlineIsUnhealthy} then 'UNHEALTHY'
    else ${alertHealth} end)`;
