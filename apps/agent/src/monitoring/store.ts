import fs from 'node:fs';
import path from 'node:path';
import { AgentCondition, ConditionObservation, MAX_OBSERVATIONS_PER_REPORT } from '@rmm/domain';
import { z } from 'zod';
import { writeFileAtomic } from '../jobs/journal.ts';
import type { Logger } from '../log.ts';
import { InstanceState } from './evaluate.ts';

/**
 * What the agent keeps for monitoring, in `<stateDir>/monitoring/` (atomic writes, mode 0600, the job
 * journal's way): `set.json` the condition set the server sent last; `state.json` each condition's
 * instances (triggered or not, since when a breach lasts), so a restart neither forgets a trigger nor
 * starts a duration window again; `outbox.json` the observations the server has not confirmed.
 */

export const HeldSet = z.object({
  conditionSetHash: z.string(),
  conditions: z.array(AgentCondition),
  receivedAt: z.string(),
});
export type HeldSet = z.infer<typeof HeldSet>;

export const HeldStates = z.object({
  conditionSetHash: z.string(),
  /** Per condition key: its parameters' text (a changed condition starts afresh) and its instances. */
  conditions: z.record(
    z.string(),
    z.object({ parameters: z.string(), instances: z.record(z.string(), InstanceState) }),
  ),
});
export type HeldStates = z.infer<typeof HeldStates>;

export const QueuedObservation = z.object({
  conditionSetHash: z.string(),
  observation: ConditionObservation,
});
export type QueuedObservation = z.infer<typeof QueuedObservation>;

export const HeldReport = z.object({
  reportId: z.string().uuid(),
  conditionSetHash: z.string(),
  observations: z.array(ConditionObservation).max(MAX_OBSERVATIONS_PER_REPORT),
});
export type HeldReport = z.infer<typeof HeldReport>;

export const HeldOutbox = z.object({
  /** Crossings not yet in a report, oldest first. */
  queue: z.array(QueuedObservation),
  /** Reports sent (or formed to be sent) and not yet confirmed, in the order formed. */
  inFlight: z.array(HeldReport),
});
export type HeldOutbox = z.infer<typeof HeldOutbox>;

const DIR_MODE = 0o700;

export const openMonitoringStore = (stateDir: string, log: Logger) => {
  const dir = path.join(stateDir, 'monitoring');
  fs.mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  for (const name of fs.readdirSync(dir))
    if (name.endsWith('.tmp')) fs.rmSync(path.join(dir, name), { force: true });
  const files = {
    set: path.join(dir, 'set.json'),
    states: path.join(dir, 'state.json'),
    outbox: path.join(dir, 'outbox.json'),
  };

  const load = <T>(file: string, schema: z.ZodType<T>, what: string): T | undefined => {
    if (!fs.existsSync(file)) return undefined;
    try {
      return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    } catch (error) {
      log.error(`monitoring: ${file} (${what}) is damaged and dropped: ${(error as Error).message}`);
      fs.rmSync(file, { force: true });
      return undefined;
    }
  };

  return {
    dir,
    loadSet: () => load(files.set, HeldSet, 'the condition set'),
    saveSet: (set: HeldSet) => writeFileAtomic(files.set, JSON.stringify(set)),
    loadStates: () => load(files.states, HeldStates, 'the conditions’ states'),
    saveStates: (states: HeldStates) => writeFileAtomic(files.states, JSON.stringify(states)),
    loadOutbox: () => load(files.outbox, HeldOutbox, 'the unconfirmed observations'),
    saveOutbox: (outbox: HeldOutbox) => writeFileAtomic(files.outbox, JSON.stringify(outbox)),
  };
};
export type MonitoringStore = ReturnType<typeof openMonitoringStore>;
