import type { StoredJob, SubmitJobRequest, SubmitJobResponse } from '@rmm/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { jobsApi } from './api.ts';
import { getDeviceCache } from './device-cache.ts';
import { JobActionError } from './job-action-error.ts';

export type SubmitJobsOptions = {
  /** Sends an Idempotency-Key, so a submission whose answer was lost can be sent again safely. */
  isIdempotent?: boolean;
};

const isSuccess = (answer: SubmitJobResponse | undefined) =>
  answer?.resultCode === 'SUCCESS' || answer?.status === 'SUCCESS';

/** fetch rejects with a TypeError when no answer came back at all. */
const isLostAnswer = (error: unknown) => error instanceof TypeError;

const sendOnce = async (body: SubmitJobRequest, isIdempotent: boolean) => {
  const idempotencyKey = isIdempotent ? crypto.randomUUID() : undefined;
  try {
    return await jobsApi.submit(body, { idempotencyKey });
  } catch (error) {
    // Same key, same body: the server answers what it stored and runs nothing twice.
    if (idempotencyKey && isLostAnswer(error)) return jobsApi.submit(body, { idempotencyKey });
    throw error;
  }
};

/**
 * POST /webapp/submit/job with the `cacheExpiration` of the device cache it is based on. When the
 * server says that cache expired, it is loaded again and the submission retried once. Any other
 * failure is "Error creating/updating jobs" with the server's message. Answers the stored jobs.
 */
export const submitJobs = async (
  queryClient: QueryClient,
  nodes: SubmitJobRequest['nodes'],
  { isIdempotent = false }: SubmitJobsOptions = {},
): Promise<StoredJob[]> => {
  const nodeIds = nodes.map((node) => node.nodeId);
  const attempt = async (refresh: boolean) => {
    const cache = await getDeviceCache(queryClient, nodeIds, { refresh });
    return sendOnce({ nodes, cacheExpiration: cache.cacheExpiration }, isIdempotent);
  };
  let answer: SubmitJobResponse;
  try {
    answer = await attempt(false).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'DEVICE_CACHE_EXPIRED') return attempt(true);
      throw error;
    });
  } catch (error) {
    throw new JobActionError('jobs.submitError', error instanceof ApiError ? error.message : null, {
      cause: error,
    });
  }
  if (!isSuccess(answer)) throw new JobActionError('jobs.submitError');
  return answer.nodes.flatMap((node) => node.jobs);
};
