import {
  type Alert,
  type AlertResetReason,
  alertSeverities,
  type ListAlertsQuery,
  type OrganizationScope,
} from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { inScope } from '../../lib/scope.ts';
import { activitiesInsert, type NewActivity } from '../activities/repository.ts';
import { devices } from '../devices/schema.ts';
import { organizations } from '../organizations/schema.ts';
import { type HealthChange, healthChangesOf, healthRefreshSql } from './health.ts';
import { type AlertRow, toAlert } from './mapper.ts';
import { alertEvents, alerts } from './schema.ts';

/** The SQL of alerts: the console's lists and the writes every transition makes (transitions.ts). */

const alertColumns = {
  alert: alerts,
  deviceName: devices.displayName,
  organizationName: organizations.name,
};

const selectAlerts = (db: DbOrTx) =>
  db
    .select(alertColumns)
    .from(alerts)
    .innerJoin(devices, eq(devices.id, alerts.deviceId))
    .innerJoin(organizations, eq(organizations.id, alerts.organizationId));

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Severity as its rank (NONE 0 ... CRITICAL 4), for sorting. */
const severityRankSql = sql`array_position(array[${sql.join(
  alertSeverities.map((s) => sql`${s}`),
  sql`, `,
)}]::text[], ${alerts.severity})`;

const sortOf = (sort: ListAlertsQuery['sort']): SQL[] => {
  switch (sort) {
    case 'triggerTime':
      return [asc(alerts.triggerTime), asc(alerts.id)];
    case '-severity':
      return [sql`${severityRankSql} desc`, desc(alerts.triggerTime), desc(alerts.id)];
    case 'severity':
      return [sql`${severityRankSql} asc`, desc(alerts.triggerTime), desc(alerts.id)];
    case 'deviceName':
      return [asc(sql`lower(${devices.displayName})`), desc(alerts.triggerTime), desc(alerts.id)];
    default:
      return [desc(alerts.triggerTime), desc(alerts.id)];
  }
};

export const listAlerts = async (db: DbOrTx, scope: OrganizationScope, query: ListAlertsQuery) => {
  const search = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const condition = and(
    inScope(alerts.organizationId, scope),
    query.organizationId === undefined ? undefined : eq(alerts.organizationId, query.organizationId),
    query.deviceId === undefined ? undefined : eq(alerts.deviceId, query.deviceId),
    eq(alerts.status, query.status),
    query.severity?.length ? inArray(alerts.severity, query.severity) : undefined,
    query.acknowledged === undefined
      ? undefined
      : query.acknowledged
        ? sql`${alerts.acknowledgeTime} is not null`
        : isNull(alerts.acknowledgeTime),
    search
      ? or(
          ilike(devices.displayName, search),
          ilike(alerts.conditionName, search),
          ilike(alerts.message, search),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectAlerts(db)
      .where(condition)
      .orderBy(...sortOf(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ value: count() })
      .from(alerts)
      .innerJoin(devices, eq(devices.id, alerts.deviceId))
      .where(condition),
  ]);
  return {
    data: rows.map(toAlertOf),
    count: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
};

const toAlertOf = (row: { alert: AlertRow; deviceName: string; organizationName: string }): Alert =>
  toAlert(row.alert, row.deviceName, row.organizationName);

export const findAlert = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await selectAlerts(db).where(and(eq(alerts.id, id), inScope(alerts.organizationId, scope)));
  return row ? toAlertOf(row) : undefined;
};

/** The devices of the caller's ACTIVE alerts among these ids (not locked). */
export const devicesOfActiveAlerts = async (db: DbOrTx, scope: OrganizationScope, ids: readonly number[]) =>
  (
    await db
      .selectDistinct({ deviceId: alerts.deviceId })
      .from(alerts)
      .where(
        and(
          anyOf(alerts.id, ids, 'integer'),
          eq(alerts.status, 'ACTIVE'),
          inScope(alerts.organizationId, scope),
        ),
      )
  ).map((r) => r.deviceId);

/** Locks these devices' rows in id order: the engine locks a device before its alerts, so everyone does. */
export const lockDevices = async (db: DbOrTx, deviceIds: readonly number[]) => {
  if (deviceIds.length === 0) return;
  await db.execute(
    sql`select id from devices where id = any(${sql.param([...deviceIds])}::int[]) order by id for no key update`,
  );
};

/** The caller's ACTIVE alerts among these ids, locked in id order (acknowledge and reset by hand). */
export const lockActiveAlerts = async (db: DbOrTx, scope: OrganizationScope, ids: readonly number[]) =>
  db
    .select()
    .from(alerts)
    .where(
      and(
        anyOf(alerts.id, ids, 'integer'),
        eq(alerts.status, 'ACTIVE'),
        inScope(alerts.organizationId, scope),
      ),
    )
    .orderBy(asc(alerts.id))
    .for('no key update');

export type AlertUpdate = Partial<
  Pick<
    typeof alerts.$inferInsert,
    | 'severity'
    | 'priority'
    | 'message'
    | 'value'
    | 'flapping'
    | 'acknowledgeTime'
    | 'acknowledgedBy'
    | 'resetDueTime'
  >
>;

export const updateAlert = async (db: DbOrTx, id: number, change: AlertUpdate): Promise<AlertRow> => {
  const [row] = await db
    .update(alerts)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(alerts.id, id))
    .returning();
  return row!;
};

/** Resets an ACTIVE alert; undefined when it was not ACTIVE any more. */
export const resetAlertRow = async (
  db: DbOrTx,
  id: number,
  reset: { reason: AlertResetReason; by: string | null; at: Date },
): Promise<AlertRow | undefined> => {
  const [row] = await db
    .update(alerts)
    .set({
      status: 'RESET',
      resetReason: reset.reason,
      resetBy: reset.by,
      resetTime: reset.at,
      resetDueTime: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(alerts.id, id), eq(alerts.status, 'ACTIVE')))
    .returning();
  return row;
};

/**
 * A transaction's alert events, activities and the health refresh of the devices they touched, in one statement
 * (the lists as one JSON parameter each); answers the devices whose status or health changed.
 */
export const writeEventsActivitiesAndHealth = async (
  db: DbOrTx,
  events: { alertId: number; organizationId: number; change: string }[],
  activities: NewActivity[],
  deviceIds: readonly number[],
  /** Further data-modifying CTEs of the caller's (named, without WITH). */
  extraCtes: readonly SQL[] = [],
): Promise<HealthChange[]> => {
  const rows = events.map((e) => ({
    alert_id: e.alertId,
    organization_id: e.organizationId,
    change: e.change,
  }));
  const health = healthRefreshSql(deviceIds);
  const result = await db.execute(sql`
    with events as (
      insert into ${alertEvents} (alert_id, organization_id, change)
      select r.alert_id, r.organization_id, r.change
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(alert_id integer, organization_id integer, change text)
    ), activity_rows as (${activitiesInsert(activities)} returning 1),
    ${sql.join([...extraCtes, health.ctes], sql`, `)}
    ${health.statement}`);
  return healthChangesOf(result);
};

export const findDevicesByIds = async (db: DbOrTx, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select({
          id: devices.id,
          organizationId: devices.organizationId,
          displayName: devices.displayName,
          organizationName: organizations.name,
        })
        .from(devices)
        .innerJoin(organizations, eq(organizations.id, devices.organizationId))
        .where(anyOf(devices.id, ids, 'integer'));
