import { randomUUID } from 'node:crypto';
import {
  type JobTypeName,
  jobContentSchemas,
  type ScriptJobContent,
  type ScriptOperatingSystem,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { jobActivity } from './activities.ts';
import { jobError } from './errors.ts';
import {
  type LibraryVersions,
  libraryKeyOf,
  libraryRefOf,
  resolveLibraryContent,
} from './library-scripts.ts';
import type { JobRow } from './mapper.ts';
import * as repo from './repository.ts';

/** Who creates jobs: a user, or a server part acting for nobody (`id` null: the backup scheduler). */
export type JobCreator = Pick<Actor, 'email'> & { id: number | null };

export type NewJob = {
  device: repo.JobDevice;
  jobType: JobTypeName;
  jobName: string;
  content: Record<string, unknown>;
  message?: string | null;
  data?: Record<string, unknown> | null;
  originalLocation?: string | null;
  /** A library script job: its script's operating systems, checked against the device's platform. */
  scriptOperatingSystems?: ScriptOperatingSystem[];
};

/**
 * The content as stored and sent to the agent: its job type's schema with defaults filled in, a library
 * script resolved to the version that runs (its versions loaded beforehand by `loadLibraryScripts`).
 */
export const contentOf = (
  jobType: JobTypeName,
  content: Record<string, unknown>,
  library: LibraryVersions = new Map(),
): Pick<NewJob, 'content' | 'scriptOperatingSystems'> => {
  const parsed = jobContentSchemas[jobType].parse(content) as Record<string, unknown>;
  const ref = libraryRefOf(jobType, content);
  if (!ref) return { content: parsed };
  if (!library.has(libraryKeyOf(ref))) throw jobError('SCRIPT_NOT_FOUND');
  return resolveLibraryContent(content, parsed as ScriptJobContent, library, ref);
};

/**
 * Stores new jobs (START_REQUESTED) with their history and one activity each, in one statement (so on
 * the database itself or in the caller's transaction).
 */
export const insertNewJobs = async (
  db: DbOrTx,
  actor: JobCreator,
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
