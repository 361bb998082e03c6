import { currentConditionsOf } from './condition-sets.ts';
import { apply, type EngineContext } from './engine.ts';
import * as repo from './repository.ts';
import { raiseDueTriggers, type ServerConditionContext } from './server-conditions.ts';

/**
 * The alert sweeper, run by every process (a device another transaction holds is skipped: SKIP LOCKED, so two
 * processes never do one device's work twice): AFTER_TIME resets that are due, flapping keys that have been
 * stable for the flap window (a clear key's held alert is reset then, a triggered one stops flapping),
 * triggers a maintenance window suppressed once no window covers the device any more, and DEVICE_DOWN triggers
 * that fell due.
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

/**
 * The first instant from `from` on that none of the windows covers (windows may overlap or follow each other);
 * never `from` itself, which a window covered when the trigger was suppressed (or one since deleted or
 * shortened did): 1 ms later then, so the observation is newer than the state's.
 */
export const endOfWindows = (windows: readonly { start: Date; end: Date }[], from: Date): Date => {
  let at = from.getTime();
  for (let moved = true; moved; ) {
    moved = false;
    for (const w of windows)
      if (w.start.getTime() <= at && at < w.end.getTime()) {
        at = w.end.getTime();
        moved = true;
      }
  }
  return new Date(Math.max(at, from.getTime() + 1));
};

/**
 * Triggers a maintenance window suppressed, raised once the windows covering them have ended, if the key is
 * still triggered (a clear in between dropped it) and its condition still applies to the device (with the
 * condition as it is now). The alert's trigger time is the end of the windows. A DEVICE_DOWN trigger of a
 * device that is no longer DOWN clears instead.
 */
const raiseSuppressed = async (context: ServerConditionContext, now: Date) => {
  for (const deviceId of await repo.devicesWithSuppressedTriggers(context.db, now))
    await apply(context, {
      deviceId,
      step: async (step) => {
        const waiting = [...step.states.values()].filter((s) => s.triggered && s.suppressed);
        if (waiting.length === 0) return;
        const conditions = await currentConditionsOf(step.tx, context.scans, deviceId);
        for (const state of waiting) {
          const at = endOfWindows(step.windows, state.observedAt);
          if (at > now) continue;
          const key = { deviceId, conditionId: state.conditionId, instance: state.instance };
          const condition = conditions.get(state.conditionId);
          if (!condition) {
            await repo.updateStateOf(step.tx, key, { suppressed: null });
            continue;
          }
          const stillTriggered =
            condition.condition.type !== 'DEVICE_DOWN' || (await repo.isStillDown(step.tx, deviceId));
          step.observe({
            condition,
            instance: state.instance,
            triggered: stillTriggered,
            value: state.suppressed!.value,
            text: stillTriggered ? state.suppressed!.message : '',
            observedAt: stillTriggered ? at : now,
          });
        }
      },
    });
};

export const sweepAlerts = async (context: ServerConditionContext, now: Date) => {
  await resetDue(context, now);
  await settleFlapping(context, now);
  await raiseSuppressed(context, now);
  await raiseDueTriggers(context, now);
};
