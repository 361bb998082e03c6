import type { AlertChangedEvent } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { NewActivity } from '../activities/repository.ts';
import { publishStatusChanges } from '../devices/events.ts';
import { findDeviceSummary } from '../devices/repository.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { type HealthChange, refreshDeviceHealth } from './health.ts';
import type { AlertRow } from './mapper.ts';
import { findAlertsByIds, insertEventsAndActivities } from './repository.ts';

/**
 * Every alert transition (RAISED, UPDATED, ACKNOWLEDGED, RESET), whoever makes it (the engine, the sweeper, a
 * technician), is written the same way inside the caller's transaction: the alert row (by the caller), an
 * `alert_events` row (the durable feed notifications and ticket rulesets read), an activity, and the device's
 * health. Consoles hear of it (`alert.changed`, `device.status`, `device.updated`) only after the commit.
 */

export type AlertChange = AlertChangedEvent['change'];
export type Who = { id: number | null; email: string };
export type DeviceRef = {
  id: number;
  organizationId: number;
  displayName: string;
  organizationName: string;
};

/** Who acts for nobody: the engine and its sweeper. */
export const MONITORING: Who = { id: null, email: 'monitoring' };

const activityActions: Readonly<Record<AlertChange, string>> = {
  RAISED: 'alert.raised',
  UPDATED: 'alert.updated',
  ACKNOWLEDGED: 'alert.acknowledged',
  RESET: 'alert.reset',
};

const describe = (change: AlertChange, alert: AlertRow, detail?: string) => {
  const key = alert.instance ? `${alert.conditionName} (${alert.instance})` : alert.conditionName;
  const what =
    change === 'RESET'
      ? `reset (${alert.resetReason ?? 'MANUAL'})`
      : change === 'ACKNOWLEDGED'
        ? 'acknowledged'
        : `${alert.severity}${alert.flapping ? ', flapping' : ''}: ${alert.message}`;
  return `${key}: ${what}${detail ? `; ${detail}` : ''}`.slice(0, 1000);
};

export type TransitionOutcome = {
  changes: { change: AlertChange; alertId: number }[];
  health: HealthChange[];
};

/** The transitions of one transaction, written together by `write`. */
export const createTransitionBatch = () => {
  const changes: { change: AlertChange; alert: AlertRow; device: DeviceRef; who: Who; detail?: string }[] =
    [];
  const touched = new Set<number>();
  return {
    add(change: AlertChange, alert: AlertRow, device: DeviceRef, who: Who, detail?: string) {
      changes.push({ change, alert, device, who, ...(detail === undefined ? {} : { detail }) });
      touched.add(device.id);
    },
    /** Also refresh these devices' health (a change without a transition, none here so far). */
    touch(deviceId: number) {
      touched.add(deviceId);
    },
    get size() {
      return changes.length;
    },
    /** Events, activities and health, in the caller's transaction. */
    async write(tx: DbOrTx): Promise<TransitionOutcome> {
      await insertEventsAndActivities(
        tx,
        changes.map(({ change, alert }) => ({
          alertId: alert.id,
          organizationId: alert.organizationId,
          change,
        })),
        changes.map(
          ({ change, alert, device, who, detail }): NewActivity => ({
            actorId: who.id,
            actorName: who.email,
            action: activityActions[change],
            targetType: 'device',
            targetId: device.id,
            targetName: device.displayName,
            organizationId: device.organizationId,
            organizationName: device.organizationName,
            outcome: 'SUCCESS',
            detail: describe(change, alert, detail),
          }),
        ),
      );
      // The stored health mapping, read by the statement itself.
      const health =
        touched.size === 0
          ? []
          : await refreshDeviceHealth(
              tx,
              [...touched].sort((a, b) => a - b),
            );
      return { changes: changes.map(({ change, alert }) => ({ change, alertId: alert.id })), health };
    },
  };
};

export type TransitionBatch = ReturnType<typeof createTransitionBatch>;

/** After the commit: each alert as it now is, and the devices whose status or health changed. */
export const publishTransitions = async (db: DbOrTx, bus: Bus, outcome: TransitionOutcome) => {
  const time = new Date().toISOString();
  if (outcome.changes.length) {
    const byId = new Map(
      (await findAlertsByIds(db, [...new Set(outcome.changes.map((c) => c.alertId))])).map((a) => [a.id, a]),
    );
    for (const { change, alertId } of outcome.changes) {
      const alert = byId.get(alertId);
      if (alert)
        publishConsoleEvent(bus, {
          type: 'alert.changed',
          time,
          organizationId: alert.organizationId,
          change,
          alert,
        });
    }
  }
  await publishHealthChanges(db, bus, outcome.health);
};

/** Status changes as `device.status`; a health change as `device.updated` with the device as it now is. */
export const publishHealthChanges = (db: DbOrTx, bus: Bus, health: readonly HealthChange[]) => {
  const statusChanges = health.filter((h) => h.previousStatus !== h.status);
  if (statusChanges.length)
    publishStatusChanges(
      bus,
      statusChanges.map(({ deviceId, organizationId, previousStatus, status, lastSeen }) => ({
        deviceId,
        organizationId,
        previousStatus,
        status,
        lastSeen,
      })),
    );
  const healthChanged = health.filter((h) => h.previousHealth !== h.healthStatus);
  if (healthChanged.length === 0) return Promise.resolve();
  return (async () => {
    const time = new Date().toISOString();
    for (const change of healthChanged) {
      const device = await findDeviceSummary(db, 'all', change.deviceId);
      if (device)
        publishConsoleEvent(bus, {
          type: 'device.updated',
          time,
          organizationId: device.organizationId,
          device,
        });
    }
  })();
};
