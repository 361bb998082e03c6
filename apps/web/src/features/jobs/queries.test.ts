import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createStoredJob } from '../../test/job-factories.ts';
import type { JobDetail } from './api.ts';
import { applyJobEvent, jobKeys, storeJob } from './queries.ts';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 25, 8, 0, seconds)).toISOString();

describe('a job this console submits', () => {
  it('keeps the state its events brought before the answer to the submission arrived', () => {
    const queryClient = new QueryClient();
    const queued = createStoredJob({ jobStatus: 'START_REQUESTED', updatedAt: at(0) });
    // The agent acknowledged the job before the submission's answer reached the browser.
    applyJobEvent(queryClient, {
      type: 'job.updated',
      time: at(1),
      organizationId: 1,
      job: { ...queued, jobStatus: 'IN_PROGRESS', updatedAt: at(1) },
    });
    expect(queryClient.getQueryData(jobKeys.detail(queued.jobUid))).toBeUndefined();
    storeJob(queryClient, queued, { isWatched: true });
    expect(queryClient.getQueryData<JobDetail>(jobKeys.detail(queued.jobUid))).toMatchObject({
      jobStatus: 'IN_PROGRESS',
      history: [],
    });
  });

  it('takes the answer when no newer event came first', () => {
    const queryClient = new QueryClient();
    const queued = createStoredJob({ jobStatus: 'START_REQUESTED', updatedAt: at(5) });
    storeJob(queryClient, queued, { isWatched: true });
    expect(queryClient.getQueryData<JobDetail>(jobKeys.detail(queued.jobUid))?.jobStatus).toBe(
      'START_REQUESTED',
    );
  });
});
