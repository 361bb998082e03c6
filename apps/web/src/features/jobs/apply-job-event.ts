import { isTerminalJobStatus, type JobOutputEvent, type JobUpdatedEvent, type StoredJob } from '@rmm/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { JobDetail } from './api.ts';
import { jobKeys } from './job-keys.ts';
import { addChunk, holdEarlyOutput, type JobOutput } from './job-output.ts';

/** The later of two states of one job: a terminal status never goes back, then the newer update wins. */
export const newerJob = <T extends StoredJob>(current: T | undefined, next: T): T => {
  if (!current) return next;
  const isCurrentTerminal = isTerminalJobStatus(current.jobStatus);
  if (isCurrentTerminal !== isTerminalJobStatus(next.jobStatus)) return isCurrentTerminal ? current : next;
  return next.updatedAt >= current.updatedAt ? next : current;
};

/**
 * A job the console holds takes the newer state (its history stays). Only jobs someone looks at are
 * kept, unless `isWatched`: a job this console just submitted or cancelled.
 */
export const storeJob = (queryClient: QueryClient, job: StoredJob, { isWatched = false } = {}) => {
  queryClient.setQueryData<JobDetail>(jobKeys.detail(job.jobUid), (current) =>
    current ? newerJob(current, { ...current, ...job }) : isWatched ? { ...job, history: [] } : undefined,
  );
};

/** Job events change the cache in place: a status for a watched job, output for a watched job's view. */
export const applyJobEvent = (queryClient: QueryClient, event: JobUpdatedEvent | JobOutputEvent) => {
  if (event.type === 'job.updated') {
    storeJob(queryClient, event.job);
    return;
  }
  const chunk = { seq: event.seq, stream: event.stream, data: event.data };
  const key = jobKeys.output(event.jobUid);
  if (queryClient.getQueryData(key) === undefined) holdEarlyOutput(event.jobUid, chunk);
  else queryClient.setQueryData<JobOutput>(key, (output) => addChunk(output ?? { chunks: [] }, chunk));
};
