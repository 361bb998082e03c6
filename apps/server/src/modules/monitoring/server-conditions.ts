import type { Condition } from '@rmm/domain';
import type { AlertRow } from '../alerts/mapper.ts';
import type { StatusChange } from '../devices/presence-repository.ts';
import { serverConditionsOf } from './condition-sets.ts';
import { apply, type EngineCondition, type EngineContext, type Observation } from './engine.ts';
import { devicesUnderPolicies, type PolicyScanCache } from './policy-scan.ts';
import * as repo from './repository.ts';

/**
 * Condition types the server evaluates itself (docs/decisions.md "Monitoring engine"):
 * - DEVICE_DOWN: when the status sweeper marks a device DOWN, each of its DEVICE_DOWN conditions gets a trigger
 *   due at last seen + afterMinutes (a state row); the alert sweeper raises it when due and the device is still
 *   DOWN; the device coming back drops the due triggers and clears the key.
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

const HOUR_MS = 3_600_000;

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
      if (c.parameters.trigger === 'FAILED') {
        for (const run of ofDevice)
          observations.push({
            condition,
            instance: run.planId,
            triggered: run.failed,
            value: null,
            text: run.failed ? `Backup of plan ${run.planName || run.planId} failed (job ${run.jobUid})` : '',
            observedAt: run.finishedAt,
          });
        continue;
      }
      const successes = ofDevice.filter((r) => !r.failed).map((r) => r.finishedAt.getTime());
      const since = successes.length
        ? Math.max(...successes)
        : (created.get(deviceId)?.getTime() ?? now.getTime());
      const late = now.getTime() - since > c.parameters.notRunHours * HOUR_MS;
      observations.push({
        condition,
        instance: '',
        triggered: late,
        value: null,
        text: late
          ? successes.length
            ? `No successful backup since ${new Date(since).toISOString()}`
            : 'No successful backup yet'
          : '',
        observedAt: now,
      });
    }
    if (observations.length) await apply(context, { deviceId, observations });
  }
};
