import { type Clock, systemClock } from '@rmm/backup';

/** How the agent talks to the server's repository store; tests shorten every timing. */
export type StoreRetrySettings = {
  /** Tries of one request (the first included) on a network error or a 5xx answer. */
  attempts: number;
  /** Wait before the second try; doubled for each further try, up to maxDelayMs, with jitter. */
  minDelayMs: number;
  maxDelayMs: number;
  /** A request that has sent or received nothing for this long is dropped and tried again. */
  idleTimeoutMs: number;
};

export type BackupSettings = {
  /** Progress messages of one job at most this often (and at each change of phase). */
  progressIntervalMs: number;
  /** Pack size of the repositories this agent creates (bytes). */
  packSize: number;
  /** Flush each repository file to disk before it is renamed into place (local folders and shares). */
  fsync: boolean;
  store: StoreRetrySettings;
  /** Time as the engine sees it: waits of the throttle and of retries go through it. */
  clock: Clock;
};

export const defaultBackupSettings = (): BackupSettings => ({
  progressIntervalMs: 1000,
  packSize: 16 * 1024 * 1024,
  fsync: true,
  store: { attempts: 6, minDelayMs: 1000, maxDelayMs: 60_000, idleTimeoutMs: 120_000 },
  clock: systemClock,
});
