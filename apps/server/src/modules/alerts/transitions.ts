import type { Alert, AlertChangedEvent } from '@rmm/domain';
import type { SQL } from 'drizzle-orm';
import type { Bus } from '../../bus/index.ts';
import type { DbOrTx } from '../../db/database.ts';
import type { NewActivity } from '../activities/repository.ts';
import { publishStatusChanges } from '../devices/events.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import type { HealthChange } from './health.ts';
import { type AlertRow, toAlert } from './mapper.ts';
import { writeEventsActivitiesAndHealth } from './repository.ts';

/**
 * Every alert transition (RAISED, UPDATED, ACKNOWLEDGED, RESET), whoever makes it (the engine, the sweeper, a
 * technician), is written the same way inside the caller's transaction: the alert row (by the caller), an
 * `alert_events` row (the durable feed notifications and ticket rulesets read), an activity, and the device's
 * health, the last three in one statement. Consoles hear of it (`alert.changed`, `device.status` with the health
 * status) only after the commit.
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
  /** Each alert as the transition left it (a later transition of the same alert comes later). */
  changes: { change: AlertChange; alert: Alert }[];
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
    get size() {
      return changes.length;
    },
    /** The alert events, the activities and the devices' health: one statement in the caller's transaction. */
    async write(tx: DbOrTx, extraCtes: readonly SQL[] = []): Promise<TransitionOutcome> {
      const events = changes.map(({ change, alert }) => ({
        alertId: alert.id,
        organizationId: alert.organizationId,
        change,
      }));
      const activities = changes.map(
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
      );
      const health = await writeEventsActivitiesAndHealth(
        tx,
        events,
        activities,
        [...touched].sort((a, b) => a - b),
        extraCtes,
      );
      return {
        changes: changes.map(({ change, alert, device }) => ({
          change,
          alert: toAlert(alert, device.displayName, device.organizationName),
        })),
        health,
      };
    },
  };
};

export type TransitionBatch = ReturnType<typeof createTransitionBatch>;

/** After the commit: each alert as it now is, and the devices whose status or health changed. */
export const publishTransitions = (bus: Bus, outcome: TransitionOutcome) => {
  const time = new Date().toISOString();
  for (const { change, alert } of outcome.changes)
    publishConsoleEvent(bus, {
      type: 'alert.changed',
      time,
      organizationId: alert.organizationId,
      change,
      alert,
    });
  publishHealthChanges(bus, outcome.health);
};

/** A change of status or health as `device.status` (with the health status; the status may be unchanged). */
export const publishHealthChanges = (bus: Bus, health: readonly HealthChange[]) =>
  publishStatusChanges(
    bus,
    health.map(({ deviceId, organizationId, previousStatus, status, lastSeen, healthStatus }) => ({
      deviceId,
      organizationId,
      previousStatus,
      status,
      lastSeen,
      healthStatus,
    })),
  );
