import type { Db } from '../../db/database.ts';
import { insertActivities } from '../activities/repository.ts';
import { jobActivity } from './activities.ts';
import type { JobRow } from './mapper.ts';
import * as repo from './repository.ts';

/** Jobs expired in one transaction; the sweeper repeats until none are left. */
export const EXPIRE_BATCH = 500;

/**
 * Marks queued jobs past their expiry EXPIRED (of one device, or all), with history and an
 * activity each, in one transaction. Safe with several server processes: a job expires once.
 */
export const expireQueuedJobs = (db: Db, now: Date, deviceId?: number): Promise<JobRow[]> =>
  db.transaction(async (tx) => {
    const ids = await repo.markExpiredJobs(tx, now, {
      limit: EXPIRE_BATCH,
      ...(deviceId === undefined ? {} : { deviceId }),
    });
    const rows = await repo.findJobsByIds(tx, ids);
    const detail = 'not delivered to the device before it expired';
    await repo.insertHistory(
      tx,
      rows.map((row) => ({ jobId: row.id, event: 'expired', detail })),
    );
    await insertActivities(
      tx,
      rows.map((row) => jobActivity(row, 'job.expire', { actorName: 'system', outcome: 'FAILURE', detail })),
    );
    return rows;
  });
