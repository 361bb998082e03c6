import type { ServerJob, ServerJobCancel, StoredJob } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import { agentSubject } from '../../bus/subjects.ts';
import { publishConsoleEvent } from '../events/publish.ts';
import { type JobRow, toStoredJob } from './mapper.ts';

/** Messages to agents and consoles, always sent after the change they tell of has committed. */

export const jobMessage = (row: JobRow): ServerJob => ({
  v: 1,
  type: 'job',
  job: {
    jobUid: row.jobUid,
    jobType: row.jobType,
    jobName: row.jobName,
    content: row.content,
    expiresAt: row.expiresAt.toISOString(),
  },
});

export const cancelMessage = (jobUid: string): ServerJobCancel => ({ v: 1, type: 'jobCancel', jobUid });

/** Consoles see each job as it now is (job.updated), within their scope and with jobs.view. */
export const publishJobUpdates = (bus: Bus, rows: JobRow[]) => {
  const time = new Date().toISOString();
  for (const row of rows) {
    const job: StoredJob = toStoredJob(row);
    publishConsoleEvent(bus, { type: 'job.updated', time, organizationId: row.organizationId, job });
  }
};

/** New jobs go to their device: the server process holding its socket (if any) forwards them. */
export const dispatchJobs = (bus: Bus, rows: JobRow[]) => {
  for (const row of rows) bus.publish(agentSubject(row.deviceId), jobMessage(row));
  publishJobUpdates(bus, rows);
};

export const dispatchCancels = (bus: Bus, rows: JobRow[]) => {
  for (const row of rows) bus.publish(agentSubject(row.deviceId), cancelMessage(row.jobUid));
  publishJobUpdates(bus, rows);
};
