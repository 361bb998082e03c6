import { randomUUID } from 'node:crypto';
import { MAX_OBSERVATIONS_PER_REPORT } from '@rmm/domain';
import type { Logger } from '../log.ts';
import type { HeldOutbox, HeldReport, QueuedObservation } from './store.ts';

export type OutboxOptions = {
  initial: HeldOutbox | undefined;
  save: (outbox: HeldOutbox) => void;
  /** Observations held at most, queued and in flight together. */
  maxHeld: number;
  maxInFlight: number;
  log: Logger;
  newId?: () => string;
};

const keyOf = (entry: QueuedObservation) => `${entry.observation.key}\u0000${entry.observation.instance}`;

/**
 * The observations the server has not confirmed. A crossing is queued (on disk) the moment it is seen;
 * while connected the queue is cut into reports of at most MAX_OBSERVATIONS_PER_REPORT with a new
 * reportId (on disk before they are sent), at most `maxInFlight` unconfirmed at once; a report leaves the
 * disk only when the server names its reportId, and every unconfirmed report is sent again, with the same
 * id, after a reconnect or a restart.
 *
 * Bounded: past `maxHeld`, the oldest queued crossing of a key and instance that has a later one queued
 * goes first (the later one carries the state the server needs; a flap seen while offline is lost, the
 * state is not); only when every queued crossing is the last of its key and instance does the oldest go.
 * Reports in flight are never changed (the server may have stored them).
 */
export const createOutbox = (options: OutboxOptions) => {
  const newId = options.newId ?? randomUUID;
  const queue: QueuedObservation[] = [...(options.initial?.queue ?? [])];
  const inFlight: HeldReport[] = [...(options.initial?.inFlight ?? [])];
  const save = () => options.save({ queue, inFlight });

  const heldCount = () =>
    queue.length + inFlight.reduce((sum, report) => sum + report.observations.length, 0);

  const trim = () => {
    let excess = heldCount() - options.maxHeld;
    if (excess <= 0) return;
    const later = new Set<string>();
    const superseded = new Set<number>();
    for (let index = queue.length - 1; index >= 0; index--) {
      const key = keyOf(queue[index]!);
      if (later.has(key)) superseded.add(index);
      later.add(key);
    }
    const drop = new Set<number>();
    for (let index = 0; index < queue.length && excess > 0; index++)
      if (superseded.has(index)) {
        drop.add(index);
        excess--;
      }
    for (let index = 0; index < queue.length && excess > 0; index++)
      if (!drop.has(index)) {
        drop.add(index);
        excess--;
      }
    const kept = queue.filter((_, index) => !drop.has(index));
    options.log.warn(
      `monitoring: ${drop.size} unconfirmed observation(s) dropped (at most ${options.maxHeld} are held; older crossings of a condition first)`,
    );
    queue.splice(0, queue.length, ...kept);
  };

  return {
    /** Queues crossings (on disk before anything is sent). */
    append: (entries: QueuedObservation[]) => {
      if (entries.length === 0) return;
      queue.push(...entries);
      trim();
      save();
    },
    /**
     * New reports from the queue, as many as the window allows, each of one condition set's observations
     * in the order seen; they are held in flight (on disk) before the caller sends them.
     */
    takeReports: (): HeldReport[] => {
      const formed: HeldReport[] = [];
      while (queue.length > 0 && inFlight.length < options.maxInFlight) {
        const hash = queue[0]!.conditionSetHash;
        let count = 0;
        while (
          count < queue.length &&
          count < MAX_OBSERVATIONS_PER_REPORT &&
          queue[count]!.conditionSetHash === hash
        )
          count++;
        const taken = queue.splice(0, count);
        const report = {
          reportId: newId(),
          conditionSetHash: hash,
          observations: taken.map((entry) => entry.observation),
        };
        inFlight.push(report);
        formed.push(report);
      }
      if (formed.length) save();
      return formed;
    },
    /** Every report sent and not confirmed, oldest first (to send again after a reconnect). */
    inFlight: (): HeldReport[] => [...inFlight],
    /** The server stored the report: it leaves the disk. False when no held report has this id. */
    acknowledge: (reportId: string): boolean => {
      const index = inFlight.findIndex((report) => report.reportId === reportId);
      if (index < 0) return false;
      inFlight.splice(index, 1);
      save();
      return true;
    },
    queued: (): QueuedObservation[] => [...queue],
    heldCount,
  };
};
export type Outbox = ReturnType<typeof createOutbox>;
