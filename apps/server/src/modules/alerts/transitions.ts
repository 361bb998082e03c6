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

type TransitionRecord = {
  change: AlertChange;
  /** The alert row as the transaction keeps changing it (a new one gets its id before the write). */
  live: AlertRow;
  /** The row as this transition left it. */
  snapshot: AlertRow;
  device: DeviceRef;
  who: Who;
  detail?: string;
};

/** The transitions of one transaction, written together (`write`, or the engine's own statement). */
export const createTransitionBatch = () => {
  const records: TransitionRecord[] = [];
  const touched = new Set<number>();
  const resolved = () => records.map((r) => ({ ...r, snapshot: { ...r.snapshot, id: r.live.id } }));
  return {
    add(change: AlertChange, alert: AlertRow, device: DeviceRef, who: Who, detail?: string) {
      records.push({
        change,
        live: alert,
        snapshot: { ...alert },
        device,
        who,
        ...(detail === undefined ? {} : { detail }),
      });
      touched.add(device.id);
    },
    get size() {
      return records.length;
    },
    /** The devices whose health the transitions may change, in id order. */
    touched: () => [...touched].sort((a, b) => a - b),
    events: () =>
      resolved().map(({ change, snapshot }) => ({
        alertId: snapshot.id,
        organizationId: snapshot.organizationId,
        change,
      })),
    activities: () =>
      resolved().map(
        ({ change, snapshot, device, who, detail }): NewActivity => ({
          actorId: who.id,
          actorName: who.email,
          action: activityActions[change],
          targetType: 'device',
          targetId: device.id,
          targetName: device.displayName,
          organizationId: device.organizationId,
          organizationName: device.organizationName,
          outcome: 'SUCCESS',
          detail: describe(change, snapshot, detail),
        }),
      ),
    /** What consoles are told after the commit. */
    outcome(health: HealthChange[], now = new Date()): TransitionOutcome {
      return {
        changes: resolved().map(({ change, snapshot, device }) => ({
          change,
          alert: toAlert(
            { ...snapshot, updatedAt: snapshot.updatedAt ?? now },
            device.displayName,
            device.organizationName,
          ),
        })),
        health,
      };
    },
    /** The alert events, the activities and the devices' health: one statement in the caller's transaction. */
    async write(tx: DbOrTx, extraCtes: readonly SQL[] = []): Promise<TransitionOutcome> {
      const health = await writeEventsActivitiesAndHealth(
        tx,
        this.events(),
        this.activities(),
        this.touched(),
        extraCtes,
      );
      return this.outcome(health);
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
