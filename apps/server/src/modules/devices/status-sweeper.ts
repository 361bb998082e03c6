import type { Db } from '../../db/database.ts';
import { markOfflineDevices, pruneMetricSamples, type StatusChange } from './presence-repository.ts';

type Logger = { error: (obj: object, msg: string) => void };

export type SweeperOptions = {
  db: Db;
  offlineThresholdSeconds: number;
  metricRetentionDays: number;
  onStatusChanges: (changes: StatusChange[]) => void;
  log: Logger;
  now?: () => Date;
};

const PRUNE_EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Marks devices DOWN past the offline threshold, and prunes old metric samples once an hour. */
export const createStatusSweeper = (options: SweeperOptions) => {
  const now = options.now ?? (() => new Date());
  let lastPruneAt = 0;

  const sweep = async () => {
    const at = now();
    const cutoff = new Date(at.getTime() - options.offlineThresholdSeconds * 1000);
    const changes = await markOfflineDevices(options.db, cutoff);
    if (changes.length) options.onStatusChanges(changes);
    if (at.getTime() - lastPruneAt >= PRUNE_EVERY_MS) {
      lastPruneAt = at.getTime();
      await pruneMetricSamples(options.db, new Date(at.getTime() - options.metricRetentionDays * DAY_MS));
    }
    return changes;
  };

  const safeSweep = async () => {
    try {
      await sweep();
    } catch (error) {
      options.log.error({ err: error }, 'status sweep failed');
    }
  };

  return { sweep, safeSweep };
};
