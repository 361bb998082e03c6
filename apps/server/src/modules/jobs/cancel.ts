import {
  cancelStatusFor,
  isTerminalJobStatus,
  type JobStatus,
  jobPermissionsFor,
  type Permission,
} from '@rmm/domain';
import type { Db, Tx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivities } from '../activities/repository.ts';
import { jobActivity } from './activities.ts';
import { jobError } from './errors.ts';
import type { JobRow } from './mapper.ts';
import * as repo from './repository.ts';

export type CancelRequest = { nodeId: number; jobUid: string };

/** Thrown inside the transaction when a job to cancel has finished (perhaps a result just won the race). */
export class JobFinishedError extends Error {
  constructor(readonly row: JobRow) {
    super(`job ${row.jobUid} is ${row.status}`);
  }
}

/** Thrown inside the transaction when the caller may not cancel this job (spec §6: backup permissions). */
export class CancelForbiddenError extends Error {
  constructor(
    readonly row: JobRow,
    readonly permission: Permission,
  ) {
    super(`cancelling job ${row.jobUid} needs ${permission}`);
  }
}

/**
 * What a cancel sets, by the spec's rule (§4) whatever the job's state: backup, disk-or-file restore
 * and remote jobs are asked to stop (CANCEL_REQUESTED, the device side winds them down and its CANCELLED
 * result finishes them; one not delivered yet is sent with its cancel when the agent connects), others
 * end now (CANCELLED).
 */
const cancelledStatusOf = (row: JobRow): JobStatus =>
  cancelStatusFor({ jobType: row.jobType, content: row.content });

/** Cancels jobs in the caller's transaction, each locked first; answers the changed rows. */
export const cancelJobs = async (tx: Tx, actor: Actor, requests: CancelRequest[], now: Date) => {
  if (requests.length === 0) return [];
  const locked = await repo.lockJobs(
    tx,
    requests.map((r) => r.jobUid),
  );
  const current = new Map(locked.map((row) => [row.jobUid, row]));
  const changed = new Map<string, JobRow>();
  for (const request of requests) {
    const row = current.get(request.jobUid);
    if (!row || row.deviceId !== request.nodeId) throw jobError('JOB_NOT_FOUND');
    const missing = jobPermissionsFor(row, 'cancel').find((p) => !actor.permissions.has(p));
    if (missing) throw new CancelForbiddenError(row, missing);
    if (isTerminalJobStatus(row.status)) throw new JobFinishedError(row);
    const status = cancelledStatusOf(row);
    const updated = await repo.updateJobRow(tx, row, {
      status,
      updatedAt: now,
      ...(status === 'CANCELLED' ? { finishedAt: now } : {}),
    });
    current.set(row.jobUid, updated);
    changed.set(row.jobUid, updated);
  }
  const rows = [...changed.values()];
  const detailOf = (row: JobRow) => (row.status === 'CANCELLED' ? 'cancelled' : 'cancel requested');
  await repo.insertHistory(
    tx,
    rows.map((row) => ({ jobId: row.id, event: detailOf(row), detail: `by ${actor.email}` })),
  );
  await insertActivities(
    tx,
    rows.map((row) => jobActivity(row, 'job.cancel', { actor, detail: detailOf(row) })),
  );
  return rows;
};

/** The losing cancel of a race is kept in the job's history (its transaction was rolled back). */
export const recordRefusedCancel = (db: Db, actor: Actor, row: JobRow) =>
  repo.insertHistory(db, [
    {
      jobId: row.id,
      event: 'cancel refused',
      detail: `by ${actor.email}: the job was already ${row.status}`,
    },
  ]);
