import type { Condition } from '@rmm/domain';
import type { AlertRow } from '../alerts/mapper.ts';
import type { StatusChange } from '../devices/presence-repository.ts';
import { judgeBackupJob } from './backup-job.ts';
import { serverConditionsOf } from './condition-sets.ts';
import { apply, type EngineCondition, type EngineContext, keyOf, type Observation } from './engine.ts';
import { devicesUnderPolicies, type PolicyScanCache } from './policy-scan.ts';
import * as repo from './repository.ts';

/**
 * Condition types the server evaluates itself (docs/decisions.md "Monitoring engine"):
 * - DEVICE_DOWN: when the status sweeper marks a device DOWN, each of its DEVICE_DOWN conditions gets a trigger
 *   due at last seen + afterMinutes (a state row); the alert sweeper raises it when due and the device is still
 *   DOWN; the device coming back drops the due triggers and clears the key. A device already DOWN when such a
 *   condition starts to apply to it (CONDITIONS_CHANGED: a condition added, a policy assigned) is judged then:
 *   due at last seen + afterMinutes, raised at once when that has passed.
 * - BACKUP_JOB: the alert sweeper reads, for the devices whose policies hold the type, their latest finished
 *   BACKUP job per plan (FAILED: a failure triggers, a success clears; the plan id is the instance) and their last
 *   success (NOT_RUN: none within notRunHours triggers). Observations carry the job's own time, so reading the
 *   same job again changes nothing.
 * SCRIPT_RESULT is sampled by the agent.
 */

export type ServerConditionContext = EngineContext & { scans: PolicyScanCache };

/** A DEVICE_DOWN condition for an alert whose condition is gone: it clears as it would have. */
const fallbackCondition = (alert: AlertRow): EngineCondition => ({
  condition: {
    id: alert.conditionId,
    name: alert.conditionName,
    type: 'DEVICE_DOWN',
    enabled: true,
    severity: alert.severity as Condition['severity'],
    priority: alert.priority as Condition['priority'],
    reset: { mode: 'WHEN_CLEARED' },
    notifyOnReset: alert.notifyOnReset,
    notifications: alert.notifications,
    ticketing: alert.ticketing,
    automations: [],
    probeDeviceId: null,
    parameters: { afterMinutes: 1 },
  },
  policyId: alert.policyId,
});

const wentDown = async (context: ServerConditionContext, changes: StatusChange[], now: Date) => {
  if (!(await context.scans.get()).serverTypes.has('DEVICE_DOWN')) return;
  for (const change of changes) {
    const conditions = await serverConditionsOf(context.db, change.deviceId, 'DEVICE_DOWN');
    if (conditions.length === 0) continue;
    const lastSeen = change.lastSeen ? new Date(change.lastSeen) : now;
    await repo.scheduleDueTriggers(
      context.db,
      conditions.map(({ condition, policyId }) => ({
        deviceId: change.deviceId,
        organizationId: change.organizationId,
        condition,
        policyId,
        lastSeen,
        dueAt: new Date(
          lastSeen.getTime() +
            (condition.type === 'DEVICE_DOWN' ? condition.parameters.afterMinutes : 0) * 60_000,
        ),
      })),
    );
  }
};

const cameBack = async (context: ServerConditionContext, deviceIds: number[], now: Date) => {
  await repo.cancelDueTriggers(context.db, deviceIds);
  for (const deviceId of await repo.devicesWithActiveAlertsOfType(context.db, deviceIds, 'DEVICE_DOWN')) {
    const conditions = new Map(
      (await serverConditionsOf(context.db, deviceId, 'DEVICE_DOWN')).map((c) => [c.condition.id, c]),
    );
    const alerts = await repo.activeAlertsOfType(context.db, deviceId, 'DEVICE_DOWN');
    // Waits for a transaction holding the device: the clear must not be lost.
    await apply(
      context,
      {
        deviceId,
        observations: alerts.map(
          (alert): Observation => ({
            condition: conditions.get(alert.conditionId) ?? fallbackCondition(alert),
            instance: alert.instance,
            triggered: false,
            value: null,
            text: '',
            observedAt: now,
          }),
        ),
      },
      { skipLocked: false },
    );
  }
};

const afterMinutesOf = (condition: Condition) =>
  condition.type === 'DEVICE_DOWN' ? condition.parameters.afterMinutes : 0;

/**
 * A device's condition set changed (CONDITIONS_CHANGED names it, or `all`): each DEVICE_DOWN condition that
 * applies to a device already DOWN and has not been judged for this outage (no due trigger with its minutes, no
 * trigger since the device was last seen) is judged now: due at last seen + afterMinutes, or, when that has
 * passed, raised at once (trigger time: now, when the condition started to apply). Under the device's lock,
 * waiting for it; every process hears the message, and the second to get the lock finds the work done.
 */
export const judgeDownDevices = async (
  context: ServerConditionContext,
  change: { all: boolean; deviceIds: readonly number[] },
  now = new Date(),
) => {
  const policyIds = (await context.scans.get()).serverTypes.get('DEVICE_DOWN');
  if (!policyIds?.length) return;
  const candidates = change.all ? await devicesUnderPolicies(context.db, policyIds) : change.deviceIds;
  for (const deviceId of await repo.downDevices(context.db, candidates)) {
    const conditions = await serverConditionsOf(context.db, deviceId, 'DEVICE_DOWN');
    if (conditions.length === 0) continue;
    await apply(
      context,
      {
        deviceId,
        step: async (step) => {
          const lastSeen = await repo.downSince(step.tx, deviceId);
          if (!lastSeen) return;
          const later: Parameters<typeof repo.scheduleDueTriggers>[1] = [];
          for (const entry of conditions) {
            const minutes = afterMinutesOf(entry.condition);
            const state = step.states.get(keyOf(entry.condition.id, ''));
            const due = state?.dueAt && state.dueCondition && afterMinutesOf(state.dueCondition) === minutes;
            if (due || (state?.triggered && state.observedAt >= lastSeen)) continue;
            const dueAt = new Date(lastSeen.getTime() + minutes * 60_000);
            if (dueAt > now) {
              later.push({
                deviceId,
                organizationId: step.device.organizationId,
                condition: entry.condition,
                policyId: entry.policyId,
                lastSeen,
                dueAt,
              });
              continue;
            }
            const offline = Math.floor((now.getTime() - lastSeen.getTime()) / 60_000);
            step.observe({
              condition: entry,
              instance: '',
              triggered: true,
              value: minutes,
              text: `Offline for ${offline} minute(s)`,
              observedAt: now,
              clearDue: true,
            });
          }
          await repo.scheduleDueTriggers(step.tx, later);
        },
      },
      { skipLocked: false },
    );
  }
};

/** The status changes a process wrote (its flushes and sweeps): DEVICE_DOWN's part. */
export const onStatusChanges = async (
  context: ServerConditionContext,
  changes: readonly StatusChange[],
  now = new Date(),
) => {
  const back = changes.filter((c) => c.previousStatus === 'DOWN' && c.status !== 'DOWN');
  if (back.length)
    await cameBack(
      context,
      back.map((c) => c.deviceId),
      now,
    );
  const down = changes.filter((c) => c.status === 'DOWN' && c.previousStatus !== 'DOWN');
  if (down.length) await wentDown(context, down, now);
};

/** Raises the DEVICE_DOWN triggers that fell due on devices still DOWN. */
export const raiseDueTriggers = async (context: ServerConditionContext, now: Date) => {
  for (const deviceId of await repo.devicesWithDueTriggers(context.db, now)) {
    await apply(context, {
      deviceId,
      step: async (step) => {
        const isDown = await repo.isStillDown(step.tx, step.device.id);
        for (const state of step.states.values()) {
          if (!state.dueAt || state.dueAt > now || !state.dueCondition) continue;
          const key = { deviceId: state.deviceId, conditionId: state.conditionId, instance: state.instance };
          const condition = { condition: state.dueCondition, policyId: state.duePolicyId };
          await repo.updateStateOf(step.tx, key, { dueAt: null, dueCondition: null, duePolicyId: null });
          if (!isDown) continue;
          const minutes =
            state.dueCondition.type === 'DEVICE_DOWN' ? state.dueCondition.parameters.afterMinutes : 0;
          await step.observe({
            condition,
            instance: state.instance,
            triggered: true,
            value: minutes,
            text: `Offline for ${minutes} minute(s)`,
            observedAt: state.dueAt,
            clearDue: true,
          });
        }
      },
    });
  }
};

/** BACKUP_JOB: failures and successes of the latest runs, and devices with no success for too long. */
export const checkBackupJobs = async (context: ServerConditionContext, now: Date) => {
  const policyIds = (await context.scans.get()).serverTypes.get('BACKUP_JOB');
  if (!policyIds?.length) return;
  const candidates = await devicesUnderPolicies(context.db, policyIds);
  const runs = await repo.latestBackupRuns(context.db, candidates);
  const created = await repo.deviceCreationTimes(context.db, candidates);
  for (const deviceId of candidates) {
    const conditions = await serverConditionsOf(context.db, deviceId, 'BACKUP_JOB');
    if (conditions.length === 0) continue;
    const ofDevice = runs.filter((r) => r.deviceId === deviceId);
    const observations: Observation[] = [];
    for (const condition of conditions) {
      const c = condition.condition;
      if (c.type !== 'BACKUP_JOB') continue;
      for (const verdict of judgeBackupJob(c.parameters, ofDevice, created.get(deviceId), now))
        observations.push({ condition, value: null, ...verdict });
    }
    if (observations.length) await apply(context, { deviceId, observations });
  }
};
