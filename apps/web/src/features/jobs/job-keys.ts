import type { PendingJobListParams } from './api.ts';

/** Jobs and their lists; live output sits under a root of its own, so a resync never refetches it. */
export const jobKeys = {
  all: ['jobs'] as const,
  lists: ['jobs', 'list'] as const,
  list: (params: PendingJobListParams) => ['jobs', 'list', params] as const,
  detail: (jobUid: string) => ['jobs', 'detail', jobUid] as const,
  output: (jobUid: string) => ['job-output', jobUid] as const,
};
