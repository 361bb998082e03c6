import type { DeviceMetrics } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import {
  flushPresence,
  insertMetricSamples,
  type PresenceEntry,
  type StatusChange,
} from './presence-repository.ts';
import { createSampleWindows } from './sample-windows.ts';

type Logger = { error: (obj: object, msg: string) => void };

export type PresenceOptions = {
  db: Db;
  offlineThresholdSeconds: number;
  sampleSeconds: number;
  onStatusChanges: (changes: StatusChange[]) => void;
  log: Logger;
  now?: () => Date;
};

/**
 * Keeps last-seen and metrics of connected devices in memory and writes them with one statement
 * per flush, never a row per heartbeat.
 */
export const createPresenceTracker = (options: PresenceOptions) => {
  const now = options.now ?? (() => new Date());
  const samples = createSampleWindows(options.sampleSeconds, now);
  let pending = new Map<number, PresenceEntry>();
  let flushing: Promise<void> | undefined;

  const seen = (device: { id: number; organizationId: number }, metrics?: DeviceMetrics) => {
    const previous = pending.get(device.id);
    pending.set(device.id, {
      deviceId: device.id,
      seenAt: now(),
      cpuPercent: metrics?.cpuPercent ?? previous?.cpuPercent ?? null,
      memoryPercent: metrics?.memoryPercent ?? previous?.memoryPercent ?? null,
      diskPercent: metrics?.diskPercent ?? previous?.diskPercent ?? null,
    });
    if (metrics) samples.add(device.id, device.organizationId, metrics);
  };

  const writeBatch = async () => {
    const batch = pending;
    pending = new Map();
    try {
      const cutoff = new Date(now().getTime() - options.offlineThresholdSeconds * 1000);
      const changes = await flushPresence(options.db, [...batch.values()], cutoff);
      if (changes.length) options.onStatusChanges(changes);
      await insertMetricSamples(options.db, samples.takeDue());
    } catch (error) {
      // Keep what was not written; newer entries of the same device win.
      for (const [id, entry] of batch) if (!pending.has(id)) pending.set(id, entry);
      options.log.error({ err: error }, 'presence flush failed');
    }
  };

  /** One flush at a time; a call during a flush waits for it and then flushes again. */
  const flush = async (): Promise<void> => {
    while (flushing) await flushing;
    flushing = writeBatch().finally(() => {
      flushing = undefined;
    });
    await flushing;
  };

  /** For the timer: a tick that finds a flush still running is skipped, not queued. */
  const flushIfIdle = async () => {
    if (!flushing) await flush();
  };

  return { seen, flush, flushIfIdle, pendingCount: () => pending.size };
};

export type PresenceTracker = ReturnType<typeof createPresenceTracker>;
