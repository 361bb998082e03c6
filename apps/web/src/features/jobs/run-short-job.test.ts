import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS, jobPath, SUBMIT_JOB_PATH } from '@rmm/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createJobDetail,
  createStoredJob,
  deviceCacheAnswer,
  submitAnswer,
} from '../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { createTestQueryClient } from '../../test/render-route.tsx';
import { JobActionError } from './job-action-error.ts';
import { runShortJob } from './run-short-job.ts';

const reboot = { jobType: 'ACTION' as const, jobName: 'Reboot', content: { builtin: 'REBOOT' } };
const submitRoute = `POST ${SUBMIT_JOB_PATH}`;

/** Runs the helper against these answers; `settled` is its result or the error it threw. */
const run = (routes: (job: ReturnType<typeof createStoredJob>) => MockRoutes) => {
  const job = createStoredJob({ nodeId: 7, jobName: 'Reboot' });
  const fetchMock = mockFetch({
    'POST /query/device': () => deviceCacheAnswer(),
    [submitRoute]: submitAnswer(job),
    ...routes(job),
  });
  const settled = runShortJob(createTestQueryClient(), { nodeId: 7, job: reboot }).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const polls = () => fetchMock.mock.calls.filter(([url]) => String(url) === jobPath(job.jobUid)).length;
  return { job, fetchMock, settled, polls };
};

const expectJobError = async (settled: Promise<object>, messageId: string, detail?: string) => {
  const { error } = (await settled) as { error?: unknown };
  expect(error).toBeInstanceOf(JobActionError);
  expect(error).toMatchObject({ messageId, detail });
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('runShortJob', () => {
  it('submits with the device cache expiry, polls every second and resolves on COMPLETED + SUCCESS', async () => {
    let answer = createJobDetail({ jobStatus: 'IN_PROGRESS' });
    const { job, fetchMock, settled, polls } = run((job) => ({
      [`GET ${jobPath(job.jobUid)}`]: () => ({
        resultCode: 'SUCCESS',
        job: { ...answer, jobUid: job.jobUid },
      }),
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * 2);
    expect(polls()).toBe(2);
    answer = createJobDetail({ jobStatus: 'COMPLETED', jobResult: 'SUCCESS' });
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS);

    expect(await settled).toMatchObject({ value: { jobUid: job.jobUid, jobStatus: 'COMPLETED' } });
    expect(polls()).toBe(3);
    const [body] = requestBodies(fetchMock, submitRoute);
    expect(body).toEqual({
      nodes: [{ nodeId: 7, jobs: [reboot] }],
      cacheExpiration: Date.now() + 300_000 - 3000,
    });
  });

  it('accepts an answer whose status alone says SUCCESS, and refuses one that says neither', async () => {
    const withStatus = run((job) => ({
      [submitRoute]: { ...submitAnswer(job), resultCode: undefined },
      [`GET ${jobPath(job.jobUid)}`]: {
        job: createJobDetail({ jobStatus: 'COMPLETED', jobResult: 'SUCCESS' }),
      },
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS);
    expect(await withStatus.settled).toHaveProperty('value');

    const withNeither = run((job) => ({
      [submitRoute]: { ...submitAnswer(job), resultCode: 'FAILURE', status: 'FAILURE' },
    }));
    await expectJobError(withNeither.settled, 'jobs.submitError');
    expect(withNeither.polls()).toBe(0);
  });

  it('reports the device error with the message the device gave', async () => {
    const { settled } = run((job) => ({
      [`GET ${jobPath(job.jobUid)}`]: {
        job: createJobDetail({
          jobStatus: 'COMPLETED',
          jobResult: 'FAILURE',
          resultContent: { errorMessage: 'shutdown: command not found' },
        }),
      },
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS);
    await expectJobError(settled, 'jobs.deviceError', 'shutdown: command not found');
  });

  it(`gives up after ${JOB_POLL_MAX_ATTEMPTS} polls without an answer, not before, and withdraws the job`, async () => {
    const { job, fetchMock, settled, polls } = run((job) => ({
      [`GET ${jobPath(job.jobUid)}`]: { job: { ...job, history: [] } },
    }));
    let isSettled = false;
    void settled.then(() => (isSettled = true));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * JOB_POLL_MAX_ATTEMPTS - 1);
    expect(isSettled).toBe(false);
    expect(polls()).toBe(JOB_POLL_MAX_ATTEMPTS - 1);

    await vi.advanceTimersByTimeAsync(1);
    await expectJobError(settled, 'jobs.noResponse');
    expect(polls()).toBe(JOB_POLL_MAX_ATTEMPTS);
    // Never picked up: it must not reboot the device when it comes back hours later.
    expect(requestBodies(fetchMock, submitRoute)[1].nodes).toEqual([
      {
        nodeId: 7,
        jobs: [{ jobUid: job.jobUid, jobType: 'ACTION', jobName: 'Reboot', jobStatus: 'CANCELLED' }],
      },
    ]);
  });

  it('leaves a job the device is running alone when it gives up', async () => {
    const { fetchMock, settled } = run((job) => ({
      [`GET ${jobPath(job.jobUid)}`]: { job: { ...job, jobStatus: 'IN_PROGRESS', history: [] } },
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * JOB_POLL_MAX_ATTEMPTS);
    await expectJobError(settled, 'jobs.noResponse');
    expect(requestBodies(fetchMock, submitRoute)).toHaveLength(1);
  });

  it('stops at the first poll that fails as a request', async () => {
    const { settled, polls } = run((job) => ({
      [`GET ${jobPath(job.jobUid)}`]: () =>
        errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS * 5);
    await expectJobError(settled, 'jobs.requestError');
    expect(polls()).toBe(1);
  });

  it('reports a refused submission with the server message, and polls nothing', async () => {
    const { settled, polls } = run(() => ({
      [submitRoute]: () => errorAnswer(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    }));
    await expectJobError(settled, 'jobs.submitError', 'You do not have permission to do this.');
    expect(polls()).toBe(0);
  });

  it('loads the device cache again when the server says it expired, and submits once more', async () => {
    let submits = 0;
    let caches = 0;
    const { fetchMock, settled } = run((job) => ({
      'POST /query/device': () => ({ nodes: [], cacheExpiration: 1000 + caches++ }),
      [submitRoute]: () =>
        submits++ === 0
          ? errorAnswer(409, 'DEVICE_CACHE_EXPIRED', 'The device information this was based on has expired.')
          : submitAnswer(job),
      [`GET ${jobPath(job.jobUid)}`]: {
        job: createJobDetail({ jobStatus: 'COMPLETED', jobResult: 'SUCCESS' }),
      },
    }));
    await vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS);

    expect(await settled).toHaveProperty('value');
    expect(requestBodies(fetchMock, submitRoute).map((body) => body.cacheExpiration)).toEqual([1000, 1001]);
    expect(requestBodies(fetchMock, 'POST /query/device')).toEqual([
      { nodeIds: [7], includeParentsAndChildren: false, mode: 'SUMMARY', cacheExpiration: 300 },
      { nodeIds: [7], includeParentsAndChildren: false, mode: 'SUMMARY', cacheExpiration: 300 },
    ]);
  });

  it('retries an expired device cache only once', async () => {
    const { fetchMock, settled } = run(() => ({
      [submitRoute]: () => errorAnswer(409, 'DEVICE_CACHE_EXPIRED', 'The device information has expired.'),
    }));
    await expectJobError(settled, 'jobs.submitError', 'The device information has expired.');
    expect(requestBodies(fetchMock, submitRoute)).toHaveLength(2);
  });
});
