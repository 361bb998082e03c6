import { randomUUID } from 'node:crypto';
import { type JobTypeName, jobContentSchemas } from '@rmm/domain';
import type { Tx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivities } from '../activities/repository.ts';
import { jobActivity } from './activities.ts';
import { jobError } from './errors.ts';
import type { JobRow } from './mapper.ts';
import * as repo from './repository.ts';

export type NewJob = {
  device: repo.JobDevice;
  jobType: JobTypeName;
  jobName: string;
  content: Record<string, unknown>;
  message?: string | null;
  data?: Record<string, unknown> | null;
  originalLocation?: string | null;
};

/**
 * The content as stored and sent to the agent: its job type's schema with defaults filled in.
 * A library script cannot be resolved yet (the script library arrives with the scripting issue).
 */
export const contentOf = (jobType: JobTypeName, content: unknown): Record<string, unknown> => {
  const parsed = jobContentSchemas[jobType].parse(content) as Record<string, unknown>;
  const script = parsed.script as { scriptId?: number } | undefined;
  if (jobType === 'ACTION' && script?.scriptId !== undefined) throw jobError('SCRIPT_NOT_FOUND');
  return parsed;
};

/** Stores new jobs (START_REQUESTED) with their history and one activity each, in the caller's transaction. */
export const insertNewJobs = async (
  tx: Tx,
  actor: Actor,
  list: NewJob[],
  expiresAt: Date,
): Promise<JobRow[]> => {
  if (list.length === 0) return [];
  const planned = list.map((job) => ({ job, jobUid: randomUUID() }));
  const inserted = await repo.insertJobRows(
    tx,
    planned.map(({ job, jobUid }) => ({
      jobUid,
      deviceId: job.device.id,
      organizationId: job.device.organizationId,
      jobType: job.jobType,
      jobName: job.jobName,
      content: job.content,
      status: 'START_REQUESTED',
      message: job.message ?? null,
      data: job.data ?? null,
      originalLocation: job.originalLocation ?? null,
      appUserId: actor.id,
      expiresAt,
    })),
  );
  const byUid = new Map(inserted.map((row) => [row.jobUid, row]));
  // In the order submitted (the id order too: one agent gets them in this order).
  const rows = planned.map(
    ({ job, jobUid }): JobRow => ({
      ...byUid.get(jobUid)!,
      nodeName: job.device.displayName,
      organizationName: job.device.organizationName,
    }),
  );
  await repo.insertHistory(
    tx,
    rows.map((row) => ({ jobId: row.id, event: 'created', detail: `by ${actor.email}` })),
  );
  await insertActivities(
    tx,
    rows.map((row) => jobActivity(row, 'job.submit', { actor })),
  );
  return rows;
};
