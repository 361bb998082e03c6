import { defaultFeatureFlags, type MeResponse, type StoredJob, type SubmitJobResponse } from '@rmm/domain';
import type { JobDetail } from '../features/jobs/api.ts';

let next = 1;

/** A stored job with overrides; every call gets a jobUid of its own. */
export const createStoredJob = (overrides: Partial<StoredJob> = {}): StoredJob => {
  const n = next++;
  return {
    jobUid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    jobType: 'ACTION',
    jobStatus: 'START_REQUESTED',
    jobName: `Job ${n}`,
    message: null,
    data: null,
    content: {},
    appUserId: 1,
    activityStatus: null,
    originalLocation: null,
    nodeId: 7,
    nodeName: 'web-01',
    organizationId: 1,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    expiresAt: '2024-05-02T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    jobResult: null,
    resultContent: null,
    ...overrides,
  };
};

export const createJobDetail = (overrides: Partial<JobDetail> = {}): JobDetail => ({
  ...createStoredJob(overrides),
  history: [],
  ...overrides,
});

/** POST /webapp/submit/job's answer for these jobs. */
export const submitAnswer = (...jobs: StoredJob[]): SubmitJobResponse => ({
  resultCode: 'SUCCESS',
  status: 'SUCCESS',
  nodes: [...new Set(jobs.map((job) => job.nodeId))].map((nodeId) => ({
    nodeId,
    jobs: jobs.filter((job) => job.nodeId === nodeId),
  })),
});

/** GET /auth/me for a user with these permissions. */
export const meAnswer = (permissions: string[]): MeResponse => ({
  user: {
    id: 1,
    email: 'tech@example.com',
    name: 'Tech',
    roleName: 'Technician',
    roleId: 2,
    organizationScope: 'all',
  },
  permissions,
  featureFlags: defaultFeatureFlags,
});

/** POST /query/device's answer: the device cache, valid for `ttlMs` from now. */
export const deviceCacheAnswer = (ttlMs = 300_000) => ({ nodes: [], cacheExpiration: Date.now() + ttlMs });
