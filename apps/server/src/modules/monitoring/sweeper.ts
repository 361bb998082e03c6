import { apply, type EngineContext } from './engine.ts';
import * as repo from './repository.ts';
import { raiseDueTriggers, type ServerConditionContext } from './server-conditions.ts';

/**
 * The alert sweeper, run by every process (a device another transaction holds is skipped: SKIP LOCKED, so two
 * processes never do one device's work twice): AFTER_TIME resets that are due, flapping keys that have been
 * stable for the flap window (a clear key's held alert is reset then, a triggered one stops flapping), and
 * DEVICE_DOWN triggers that fell due.
 */

const resetDue = async (context: EngineContext, now: Date) => {
  for (const deviceId of await repo.devicesWithDueResets(context.db, now))
    await apply(context, {
      deviceId,
      step: async (step) => {
        for (const alert of [...step.active.values()])
          if (alert.resetDueTime && alert.resetDueTime <= now) await step.reset(alert, 'TIME', now);
      },
    });
};

const settleFlapping = async (context: EngineContext, now: Date) => {
  const before = new Date(now.getTime() - context.settings.flapWindowMinutes * 60_000);
  for (const deviceId of await repo.devicesWithStableFlapping(context.db, before))
    await apply(context, {
      deviceId,
      step: async (step) => {
        for (const [key, state] of step.states) {
          if (!state.flapping || state.changedAt > before) continue;
          await repo.updateStateOf(
            step.tx,
            { deviceId: state.deviceId, conditionId: state.conditionId, instance: state.instance },
            { flapping: false, clears: [] },
          );
          const alert = step.active.get(key);
          if (!alert) continue;
          if (!state.triggered && alert.resetMode === 'WHEN_CLEARED') await step.reset(alert, 'CLEARED', now);
          else if (alert.flapping) await step.update(alert, { flapping: false }, 'stable again');
        }
      },
    });
};

export const sweepAlerts = async (context: ServerConditionContext, now: Date) => {
  await resetDue(context, now);
  await settleFlapping(context, now);
  await raiseDueTriggers(context, now);
};
