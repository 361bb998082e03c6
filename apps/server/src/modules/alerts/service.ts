import {
  type Alert,
  alertMessages,
  type HealthStatusSettings,
  type ListAlertsQuery,
  type ListMaintenanceWindowsQuery,
  type MaintenanceWindow,
  type MaintenanceWindowInput,
} from '@rmm/domain';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { scopeAllows } from '../../lib/scope.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { getHealthStatusSettings, putHealthStatusSettings, refreshDeviceHealth } from './health.ts';
import * as windows from './maintenance-repository.ts';
import * as repo from './repository.ts';
import { createTransitionBatch, publishHealthChanges, publishTransitions } from './transitions.ts';

/** Alerts by hand (list, acknowledge, reset), maintenance windows and the health status settings. */

type Read = { db: Db; actor: Actor };
type Change = { db: Db; bus: Bus; actor: Actor };

export const listAlerts = ({ db, actor, query }: Read & { query: ListAlertsQuery }) =>
  repo.listAlerts(db, actor.scope, query);

export const getAlert = async ({ db, actor, id }: Read & { id: number }): Promise<Alert> => {
  const alert = await repo.findAlert(db, actor.scope, id);
  if (!alert) throw notFound(alertMessages.ALERT_NOT_FOUND);
  return alert;
};

/** ACTIVE alerts of these ids in the caller's scope, with their devices, changed by `apply` in one transaction. */
const changeAlerts = async (
  { db, bus, actor }: Change,
  ids: number[],
  apply: (
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    row: Awaited<ReturnType<typeof repo.lockActiveAlerts>>[number],
  ) => Promise<Awaited<ReturnType<typeof repo.lockActiveAlerts>>[number] | undefined>,
  change: 'ACKNOWLEDGED' | 'RESET',
) => {
  const outcome = await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    // Devices first, then alerts: the engine's order, so the two never wait on each other in a circle.
    await repo.lockDevices(tx, await repo.devicesOfActiveAlerts(tx, actor.scope, unique));
    const rows = await repo.lockActiveAlerts(tx, actor.scope, unique);
    const devices = new Map(
      (await repo.findDevicesByIds(tx, [...new Set(rows.map((r) => r.deviceId))])).map((d) => [d.id, d]),
    );
    const batch = createTransitionBatch();
    for (const row of rows) {
      const changed = await apply(tx, row);
      if (changed) batch.add(change, changed, devices.get(row.deviceId)!, actor);
    }
    return { size: batch.size, written: await batch.write(tx) };
  });
  publishTransitions(bus, outcome.written);
  return { changed: outcome.size };
};

/** Acknowledges the caller's ACTIVE, unacknowledged alerts among the ids; the others are left as they are. */
export const acknowledgeAlerts = (context: Change & { ids: number[] }) => {
  const at = new Date();
  return changeAlerts(
    context,
    context.ids,
    async (tx, row) =>
      row.acknowledgeTime
        ? undefined
        : repo.updateAlert(tx, row.id, { acknowledgeTime: at, acknowledgedBy: context.actor.email }),
    'ACKNOWLEDGED',
  );
};

/** Resets the caller's ACTIVE alerts among the ids by hand (reason MANUAL, who did it). */
export const resetAlerts = (context: Change & { ids: number[] }) => {
  const at = new Date();
  return changeAlerts(
    context,
    context.ids,
    (tx, row) => repo.resetAlertRow(tx, row.id, { reason: 'MANUAL', by: context.actor.email, at }),
    'RESET',
  );
};

// ---- maintenance windows ----

type WindowInput = z.output<typeof MaintenanceWindowInput>;
type WindowQuery = z.output<typeof ListMaintenanceWindowsQuery>;
const WINDOW_NOT_FOUND = 'The maintenance window does not exist.';

export const listMaintenanceWindows = ({ db, actor, query }: Read & { query: WindowQuery }) =>
  windows.listWindows(db, actor.scope, query, new Date());

export const getMaintenanceWindow = async ({ db, actor, id }: Read & { id: number }) => {
  const window = await windows.findWindow(db, actor.scope, id);
  if (!window) throw notFound(WINDOW_NOT_FOUND);
  return window;
};

const valuesOf = async (db: Db, actor: Actor, input: WindowInput) => {
  if (!scopeAllows(actor.scope, input.organizationId)) throw notFound('Organization not found.');
  const deviceIds = [...new Set(input.deviceIds)];
  const outside = await windows.devicesOutside(db, input.organizationId, deviceIds);
  if (outside.length)
    throw badRequest(`body.deviceIds: device ${outside[0]} is not a device of the window's organization`);
  return {
    name: input.name,
    organizationId: input.organizationId,
    deviceIds,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
  };
};

const windowActivity = (actor: Actor, action: string, window: MaintenanceWindow) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'maintenanceWindow',
  targetId: window.id,
  targetName: window.name,
  organizationId: window.organizationId,
  organizationName: window.organizationName,
  outcome: 'SUCCESS' as const,
  detail: `${window.startTime} to ${window.endTime}, ${window.deviceIds.length || 'all'} device(s)`,
});

export const createMaintenanceWindow = async ({ db, actor, input }: Read & { input: WindowInput }) => {
  const values = await valuesOf(db, actor, input);
  const window = await db.transaction(async (tx) => {
    const id = await windows.insertWindow(tx, { ...values, createdBy: actor.email });
    const created = (await windows.findWindow(tx, 'all', id))!;
    await insertActivity(tx, windowActivity(actor, 'maintenanceWindow.create', created));
    return created;
  });
  return window;
};

export const updateMaintenanceWindow = async ({
  db,
  actor,
  id,
  input,
}: Read & { id: number; input: WindowInput }) => {
  await getMaintenanceWindow({ db, actor, id });
  const values = await valuesOf(db, actor, input);
  return db.transaction(async (tx) => {
    await windows.updateWindow(tx, id, values);
    const updated = (await windows.findWindow(tx, 'all', id))!;
    await insertActivity(tx, windowActivity(actor, 'maintenanceWindow.update', updated));
    return updated;
  });
};

export const deleteMaintenanceWindow = async ({ db, actor, id }: Read & { id: number }) => {
  const window = await getMaintenanceWindow({ db, actor, id });
  await db.transaction(async (tx) => {
    await windows.deleteWindow(tx, id);
    await insertActivity(tx, windowActivity(actor, 'maintenanceWindow.delete', window));
  });
  return { ok: true as const };
};

// ---- health status settings ----

export const getHealthSettings = ({ db }: { db: Db }) => getHealthStatusSettings(db);

/** Stores the settings and brings every device's health and status in line with them, in one transaction. */
export const updateHealthSettings = async ({
  db,
  bus,
  actor,
  settings,
}: Change & { settings: HealthStatusSettings }) => {
  const health = await db.transaction(async (tx) => {
    await putHealthStatusSettings(tx, settings);
    const changes = await refreshDeviceHealth(tx, 'all', settings);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.healthStatus.update',
      targetType: 'settings',
      targetName: 'Health status',
      outcome: 'SUCCESS',
      detail: `${changes.length} device(s) changed`,
    });
    return changes;
  });
  publishHealthChanges(bus, health);
  return settings;
};
