import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { publishJobUpdates } from './dispatch.ts';
import { EXPIRE_BATCH, expireQueuedJobs } from './expire.ts';
import { pruneIdempotencyKeys } from './repository.ts';

type Logger = { error: (obj: object, msg: string) => void };

export type JobSweeperOptions = {
  db: Db;
  bus: Bus;
  idempotencyKeyTtlHours: number;
  log: Logger;
  now?: () => Date;
};

const HOUR_MS = 3_600_000;

/** Marks queued jobs past their expiry EXPIRED (consoles hear of each) and drops old idempotency keys. */
export const createJobSweeper = (options: JobSweeperOptions) => {
  const now = options.now ?? (() => new Date());

  const sweep = async () => {
    const at = now();
    let expired = 0;
    for (;;) {
      const rows = await expireQueuedJobs(options.db, at);
      publishJobUpdates(options.bus, rows);
      expired += rows.length;
      if (rows.length < EXPIRE_BATCH) break;
    }
    await pruneIdempotencyKeys(options.db, new Date(at.getTime() - options.idempotencyKeyTtlHours * HOUR_MS));
    return expired;
  };

  const safeSweep = async () => {
    try {
      await sweep();
    } catch (error) {
      options.log.error({ err: error }, 'job expiry sweep failed');
    }
  };

  return { sweep, safeSweep };
};
