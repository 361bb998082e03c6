import type { ConditionObservation } from '@rmm/domain';
import { z } from 'zod';
import { clip } from '../collectors/text.ts';
import type { Reading } from './types.ts';

/** What the agent holds of one condition's instance between samples (kept on disk with the set). */
export const InstanceState = z.object({
  triggered: z.boolean(),
  /** When the current breach began (ISO), null while the threshold is not crossed. */
  since: z.string().nullable(),
  value: z.number().nullable(),
  text: z.string(),
  /** The last crossing, or the first sample. */
  changedAt: z.string(),
});
export type InstanceState = z.infer<typeof InstanceState>;

export type Observation = Omit<ConditionObservation, 'key'>;

const observationOf = (instance: string, state: InstanceState): Observation => ({
  instance: clip(instance, 500),
  triggered: state.triggered,
  value: state.value !== null && Number.isFinite(state.value) ? state.value : null,
  text: clip(state.text, 2000),
  observedAt: state.changedAt,
});

/**
 * One sample of a condition against what was held: a breach that has lasted `durationMs` triggers, the
 * first sample without the breach clears (the server's flap protection smooths a value that hovers). An
 * instance that is gone (a volume unmounted) clears if it was triggered and is forgotten. Only crossings
 * become observations.
 */
export const evaluate = (
  held: ReadonlyMap<string, InstanceState>,
  readings: readonly Reading[],
  durationMs: number,
  now: Date,
): { states: Map<string, InstanceState>; observations: Observation[] } => {
  const at = now.toISOString();
  const states = new Map<string, InstanceState>();
  const observations: Observation[] = [];
  for (const reading of readings) {
    const before = held.get(reading.instance);
    const since = reading.breached ? (before?.since ?? at) : null;
    const isTriggered = reading.breached
      ? (before?.triggered ?? false) || now.getTime() - Date.parse(since ?? at) >= durationMs
      : false;
    const isCrossing = isTriggered !== (before?.triggered ?? false);
    const state: InstanceState = {
      triggered: isTriggered,
      since,
      value: reading.value,
      text: reading.text,
      changedAt: isCrossing || !before ? at : before.changedAt,
    };
    states.set(reading.instance, state);
    if (isCrossing) observations.push(observationOf(reading.instance, state));
  }
  for (const [instance, before] of held) {
    if (states.has(instance) || !before.triggered) continue;
    observations.push(
      observationOf(instance, {
        ...before,
        triggered: false,
        since: null,
        text: clip(`${instance || 'The instance'} is no longer present`, 2000),
        changedAt: at,
      }),
    );
  }
  return { states, observations };
};

/** The held state as a full report lists it. */
export const currentObservations = (states: ReadonlyMap<string, InstanceState>): Observation[] =>
  [...states].map(([instance, state]) => observationOf(instance, state));
