import { cancelStatusFor, JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS, type JobTypeName } from '@rmm/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type JobDetail, jobsApi } from './api.ts';
import { JobActionError } from './job-action-error.ts';
import { submitJobs } from './submit-jobs.ts';

/** A job that ends within seconds (a reboot, a service restart): submitted, then polled. */
export type ShortJob = { jobType: JobTypeName; jobName: string; content: Record<string, unknown> };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a polled job ended: `undefined` while it has not. */
const outcomeOf = (job: JobDetail): 'success' | 'deviceError' | 'noResponse' | undefined => {
  if (job.jobStatus === 'COMPLETED') return job.jobResult === 'SUCCESS' ? 'success' : 'deviceError';
  if (job.jobStatus === 'CANCELLED') return 'deviceError';
  // Expired in the queue: the device never picked it up.
  if (job.jobStatus === 'EXPIRED') return 'noResponse';
  return undefined;
};

/**
 * A short action the device never picked up is withdrawn when the console gives up on it, so a
 * reboot does not happen hours later when the device comes back. Best effort: it may have just started.
 */
const withdraw = (queryClient: QueryClient, job: JobDetail) =>
  submitJobs(queryClient, [
    {
      nodeId: job.nodeId,
      jobs: [
        { jobUid: job.jobUid, jobType: job.jobType, jobName: job.jobName, jobStatus: cancelStatusFor(job) },
      ],
    },
  ]).catch(() => undefined);

/**
 * Spec §7/§8: submits one job to one device, then reads GET /webapp/job/{jobUid} every
 * JOB_POLL_INTERVAL_MS, at most JOB_POLL_MAX_ATTEMPTS times. Resolves with the job on COMPLETED +
 * SUCCESS; otherwise throws a JobActionError naming the spec text. Scripts, which may run for
 * hours, follow the live events instead (they never end in "no response").
 */
export const runShortJob = async (
  queryClient: QueryClient,
  { nodeId, job }: { nodeId: number; job: ShortJob },
): Promise<JobDetail> => {
  const [submitted] = await submitJobs(queryClient, [{ nodeId, jobs: [job] }]);
  if (!submitted) throw new JobActionError('jobs.submitError');
  let polled: JobDetail | undefined;
  for (let attempt = 1; attempt <= JOB_POLL_MAX_ATTEMPTS; attempt += 1) {
    await sleep(JOB_POLL_INTERVAL_MS);
    polled = await jobsApi.get(submitted.jobUid).catch((error: unknown) => {
      throw new JobActionError('jobs.requestError', null, { cause: error });
    });
    const outcome = outcomeOf(polled);
    if (outcome === 'success') return polled;
    if (outcome === 'deviceError')
      throw new JobActionError('jobs.deviceError', polled.resultContent?.errorMessage);
    if (outcome === 'noResponse') throw new JobActionError('jobs.noResponse');
  }
  if (polled?.jobStatus === 'START_REQUESTED') await withdraw(queryClient, polled);
  throw new JobActionError('jobs.noResponse');
};
