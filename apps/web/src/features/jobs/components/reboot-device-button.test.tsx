import { Notifications, notifications } from '@mantine/notifications';
import { JOB_POLL_INTERVAL_MS, JOB_POLL_MAX_ATTEMPTS, jobPath, SUBMIT_JOB_PATH } from '@rmm/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import {
  createJobDetail,
  createStoredJob,
  deviceCacheAnswer,
  submitAnswer,
} from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { RebootDeviceButton } from './reboot-device-button.tsx';

const submitRoute = `POST ${SUBMIT_JOB_PATH}`;
const device = createDevice({ id: 7, displayName: 'web-01' });

/** Opens the device's Reboot button with these answers, confirms, and lets `seconds` of polling pass. */
const rebootWith = async (routes: (jobUid: string) => MockRoutes, seconds = 1) => {
  const job = createStoredJob({ nodeId: device.id, jobName: 'Reboot' });
  const fetchMock = mockFetch({
    'POST /query/device': () => deviceCacheAnswer(),
    [submitRoute]: submitAnswer(job),
    ...routes(job.jobUid),
  });
  const { user } = renderRoute(
    <>
      <Notifications />
      <RebootDeviceButton device={device} />
    </>,
    { path: '/deviceDashboard/:id/overview', url: '/deviceDashboard/7/overview' },
  );
  await user.click(screen.getByRole('button', { name: 'Reboot' }));
  const dialog = screen.getByRole('dialog', { name: 'Reboot web-01?' });
  await user.click(within(dialog).getByRole('button', { name: 'Reboot' }));
  await act(() => vi.advanceTimersByTimeAsync(seconds * JOB_POLL_INTERVAL_MS));
  return { fetchMock, job };
};

const completed = (overrides: Parameters<typeof createJobDetail>[0]) => ({
  resultCode: 'SUCCESS',
  job: createJobDetail({ jobStatus: 'COMPLETED', ...overrides }),
});

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('RebootDeviceButton', { timeout: 20_000 }, () => {
  it('asks, submits the built-in REBOOT action and says so when the device reports success', async () => {
    const { fetchMock } = await rebootWith((uid) => ({
      [`GET ${jobPath(uid)}`]: completed({ jobResult: 'SUCCESS' }),
    }));
    expect(await screen.findByText('The device is rebooting.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, submitRoute)[0].nodes).toEqual([
      { nodeId: 7, jobs: [{ jobType: 'ACTION', jobName: 'Reboot', content: { builtin: 'REBOOT' } }] },
    ]);
  });

  it('shows "Unable to perform this action" with the message the device gave', async () => {
    await rebootWith((uid) => ({
      [`GET ${jobPath(uid)}`]: completed({
        jobResult: 'FAILURE',
        resultContent: { errorMessage: '<b>shutdown</b>: not permitted' },
      }),
    }));
    expect(await screen.findByText('Unable to perform this action')).toBeInTheDocument();
    expect(screen.getByText('<b>shutdown</b>: not permitted')).toBeInTheDocument();
  });

  it('shows "Did not receive a response from the device" after 30 polls without an answer', async () => {
    const { job, fetchMock } = await rebootWith(
      (uid) => ({ [`GET ${jobPath(uid)}`]: { job: createJobDetail({ jobStatus: 'START_REQUESTED' }) } }),
      JOB_POLL_MAX_ATTEMPTS - 1,
    );
    expect(screen.queryByText('Did not receive a response from the device')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(JOB_POLL_INTERVAL_MS));
    expect(await screen.findByText('Did not receive a response from the device')).toBeInTheDocument();
    const polls = fetchMock.mock.calls.filter(([url]) => String(url) === jobPath(job.jobUid));
    expect(polls).toHaveLength(JOB_POLL_MAX_ATTEMPTS);
  });

  it('shows "There was a problem completing the request you made" when a poll fails', async () => {
    await rebootWith((uid) => ({
      [`GET ${jobPath(uid)}`]: () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    }));
    expect(
      await screen.findByText('There was a problem completing the request you made'),
    ).toBeInTheDocument();
  });

  it('shows "Error creating/updating jobs" with the reason when the submission is refused', async () => {
    await rebootWith(() => ({
      [submitRoute]: () => errorAnswer(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    }));
    expect(await screen.findByText('Error creating/updating jobs')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to do this.')).toBeInTheDocument();
  });

  it('loads the device cache again when it expired and reboots without showing an error', async () => {
    let submits = 0;
    const { fetchMock } = await rebootWith((uid) => ({
      [submitRoute]: () =>
        submits++ === 0
          ? errorAnswer(409, 'DEVICE_CACHE_EXPIRED', 'The device information has expired.')
          : submitAnswer(createStoredJob({ jobUid: uid, nodeId: 7 })),
      [`GET ${jobPath(uid)}`]: completed({ jobResult: 'SUCCESS' }),
    }));
    expect(await screen.findByText('The device is rebooting.')).toBeInTheDocument();
    expect(screen.queryByText('Error creating/updating jobs')).toBeNull();
    expect(requestBodies(fetchMock, submitRoute)).toHaveLength(2);
    expect(requestBodies(fetchMock, 'POST /query/device')).toHaveLength(2);
  });
});
