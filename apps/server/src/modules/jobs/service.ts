import type { GetJobResponse, ListJobsQuery } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { jobError } from './errors.ts';
import { toStoredJob } from './mapper.ts';
import * as repo from './repository.ts';

/** Spec §7 GET /webapp/job/{jobUid}: the job with its history; one outside the scope is not found. */
export const getJob = async ({
  db,
  actor,
  jobUid,
}: {
  db: Db;
  actor: Actor;
  jobUid: string;
}): Promise<GetJobResponse> => {
  const row = await repo.findJob(db, actor.scope, jobUid);
  if (!row) throw jobError('JOB_NOT_FOUND');
  const history = await repo.listJobHistory(db, row.id);
  return {
    resultCode: 'SUCCESS',
    job: {
      ...toStoredJob(row),
      history: history.map((entry) => ({ ...entry, time: entry.time.toISOString() })),
    },
  };
};

/** GET /jobs: pending jobs (or all) in the caller's scope, newest first. */
export const listJobs = async ({ db, actor, query }: { db: Db; actor: Actor; query: ListJobsQuery }) => {
  const { rows, count } = await repo.listJobs(db, actor.scope, query);
  return { data: rows.map(toStoredJob), count, page: query.page, pageSize: query.pageSize };
};
