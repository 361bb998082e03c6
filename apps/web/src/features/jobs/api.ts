import {
  type GetJobResponse,
  IDEMPOTENCY_KEY_HEADER,
  jobPath,
  type ListJobsResponse,
  SUBMIT_JOB_PATH,
  type SubmitJobRequest,
  type SubmitJobResponse,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type PendingJobListParams = { page: number; pageSize: number; organizationId?: number };

/** The job calls of spec §7 and our pending-job list. */
export const jobsApi = {
  submit: (body: SubmitJobRequest, { idempotencyKey }: { idempotencyKey?: string } = {}) =>
    apiRequest<SubmitJobResponse>('POST', SUBMIT_JOB_PATH, body, {
      headers: idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : undefined,
    }),
  get: async (jobUid: string) => (await apiRequest<GetJobResponse>('GET', jobPath(jobUid))).job,
  listPending: (params: PendingJobListParams) =>
    apiRequest<ListJobsResponse>('GET', `${apiPaths.jobs()}${toQuery({ ...params, state: 'PENDING' })}`),
};

/** A job as GET /webapp/job answers it (with its history). */
export type JobDetail = GetJobResponse['job'];
