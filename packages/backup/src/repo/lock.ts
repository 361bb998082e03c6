import os from 'node:os';
import { StrataError } from '../errors.ts';
import type { Repository } from './repository.ts';

export type LockInfo = {
  exclusive: boolean;
  operation: string;
  hostname: string;
  pid: number;
  /** When the lock was written or last refreshed. */
  time: string;
};

const LOCK_AAD = 'strata/v1/lock';
export const LOCK_STALE_AFTER_MS = 30 * 60 * 1000;
const LOCK_REFRESH_MS = 5 * 60 * 1000;

export type LockOptions = {
  exclusive: boolean;
  operation: string;
  /** A lock not refreshed for this long is stale (its process died on another host). Default 30 minutes. */
  staleAfterMs?: number;
  /** How often a held lock is rewritten with a new time. Default 5 minutes; 0 for never. */
  refreshMs?: number;
};

const isProcessAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const isStale = (lock: LockInfo, now: Date, staleAfterMs = LOCK_STALE_AFTER_MS): boolean =>
  now.getTime() - new Date(lock.time).getTime() > staleAfterMs ||
  (lock.hostname === os.hostname() && lock.pid !== process.pid && !isProcessAlive(lock.pid));

/**
 * locks/<id>: shared for backup, copy, check and forget; exclusive for prune. Stale locks (old, or of a dead
 * process on this host) are removed on the way. Two lockers racing both look again after writing their own.
 */
export class Lock {
  private name: string;
  private timer: NodeJS.Timeout | undefined;
  private released = false;

  private constructor(
    private readonly repo: Repository,
    private info: LockInfo,
    name: string,
  ) {
    this.name = name;
  }

  static async acquire(repo: Repository, options: LockOptions): Promise<Lock> {
    const staleAfter = options.staleAfterMs ?? LOCK_STALE_AFTER_MS;
    await Lock.findConflict(repo, options.exclusive, staleAfter, null, true);
    const info: LockInfo = {
      exclusive: options.exclusive,
      operation: options.operation,
      hostname: os.hostname(),
      pid: process.pid,
      time: repo.clock.now().toISOString(),
    };
    const name = await repo.saveSealedJson('locks', LOCK_AAD, info);
    try {
      await Lock.findConflict(repo, options.exclusive, staleAfter, name, false);
    } catch (error) {
      await repo.backend.remove('locks', name);
      throw error;
    }
    const lock = new Lock(repo, info, name);
    const refresh = options.refreshMs ?? LOCK_REFRESH_MS;
    if (refresh > 0) {
      lock.timer = setInterval(() => void lock.refresh().catch(() => {}), refresh);
      lock.timer.unref();
    }
    return lock;
  }

  private static async findConflict(
    repo: Repository,
    exclusive: boolean,
    staleAfterMs: number,
    own: string | null,
    removeStale: boolean,
  ): Promise<void> {
    for (const { name } of await repo.backend.list('locks')) {
      if (name === own) continue;
      const other = await repo.loadSealedJson<LockInfo>('locks', LOCK_AAD, name).catch(() => null);
      if (!other) continue; // removed meanwhile, or unreadable: not a lock of this repository's key
      if (isStale(other, repo.clock.now(), staleAfterMs)) {
        if (removeStale) await repo.backend.remove('locks', name);
        continue;
      }
      if (exclusive || other.exclusive) {
        throw new StrataError(
          'LOCKED',
          `The repository is locked by ${other.operation} on ${other.hostname} (pid ${other.pid}) since ${other.time}.`,
        );
      }
    }
  }

  /** Writes the lock again with the current time, then removes the old file. */
  async refresh(): Promise<void> {
    if (this.released) return;
    this.info = { ...this.info, time: this.repo.clock.now().toISOString() };
    const old = this.name;
    this.name = await this.repo.saveSealedJson('locks', LOCK_AAD, this.info);
    if (old !== this.name) await this.repo.backend.remove('locks', old);
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    clearInterval(this.timer);
    await this.repo.backend.remove('locks', this.name);
  }
}

/** Runs `work` under a lock, releasing it however the work ends. */
export const withLock = async <T>(
  repo: Repository,
  options: LockOptions,
  work: () => Promise<T>,
): Promise<T> => {
  const lock = await Lock.acquire(repo, options);
  try {
    return await work();
  } finally {
    await lock.release();
  }
};
