import { randomUUID } from 'node:crypto';
import { type JobTypeName, jobContentSchemas } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
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

/**
 * Stores new jobs (START_REQUESTED) with their history and one activity each, in one statement (so on
 * the database itself or in the caller's transaction).
 */
export const insertNewJobs = async (
  db: DbOrTx,
  actor: Actor,
  list: NewJob[],
  expiresAt: Date,
): Promise<JobRow[]> => {
  if (list.length === 0) return [];
  // In the order submitted (the id order too: one agent gets them in this order).
  const planned = list.map(
    (job): Omit<JobRow, 'id' | 'createdAt' | 'updatedAt'> => ({
      jobUid: randomUUID(),
      deviceId: job.device.id,
      organizationId: job.device.organizationId,
      jobType: job.jobType,
      jobName: job.jobName,
      content: job.content,
      status: 'START_REQUESTED',
      jobResult: null,
      resultContent: null,
      message: job.message ?? null,
      data: job.data ?? null,
      appUserId: actor.id,
      activityStatus: null,
      originalLocation: job.originalLocation ?? null,
      expiresAt,
      startedAt: null,
      finishedAt: null,
      nodeName: job.device.displayName,
      organizationName: job.device.organizationName,
    }),
  );
  const stored = await repo.insertJobsWithTrail(db, planned, {
    historyDetail: `by ${actor.email}`,
    activities: planned.map((row) => jobActivity(row, 'job.submit', { actor })),
  });
  return planned.map((row, n) => ({ ...row, ...stored[n]! }));
};
