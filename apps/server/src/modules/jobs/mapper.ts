import type { StoredJob } from '@rmm/domain';
import type { jobs } from '../../db/schema.ts';

/** A job row with its device's name and organization's name (for answers and activities). */
export type JobRow = typeof jobs.$inferSelect & { nodeName: string; organizationName: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toStoredJob = (row: JobRow): StoredJob => ({
  jobUid: row.jobUid,
  jobType: row.jobType,
  jobStatus: row.status,
  jobName: row.jobName,
  message: row.message,
  data: row.data,
  content: row.content,
  appUserId: row.appUserId,
  activityStatus: row.activityStatus,
  originalLocation: row.originalLocation,
  jobResult: row.jobResult,
  resultContent: row.resultContent,
  nodeId: row.deviceId,
  nodeName: row.nodeName,
  organizationId: row.organizationId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  startedAt: iso(row.startedAt),
  finishedAt: iso(row.finishedAt),
});

/** How a job reads in an activity's detail: `ACTION "Reboot" (jobUid)`. */
export const describeJob = (row: Pick<JobRow, 'jobType' | 'jobName'> & { jobUid: string | null }) =>
  `${row.jobType} "${row.jobName}"${row.jobUid ? ` (${row.jobUid})` : ''}`;
