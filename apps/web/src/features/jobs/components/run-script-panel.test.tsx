import { Notifications, notifications } from '@mantine/notifications';
import {
  type JobOutputEvent,
  type JobUpdatedEvent,
  jobPath,
  type StoredJob,
  SUBMIT_JOB_PATH,
} from '@rmm/domain';
import type { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { createStoredJob, deviceCacheAnswer, meAnswer, submitAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { applyJobEvent } from '../queries.ts';
import { RunScriptPanel } from './run-script-panel.tsx';

const HOSTILE = '<img src=x onerror=alert(1)>';
const submitRoute = `POST ${SUBMIT_JOB_PATH}`;
let nextNode = 500;

type SubmitBody = { nodes: { jobs: { jobStatus?: string }[] }[] };

/**
 * The panel of a fresh device. The fake server holds one job (`server.job`): a submission without a
 * jobUid stores it, a cancel marks it CANCELLED, GET /webapp/job answers it.
 */
const openPanel = ({
  platform = 'linux',
  loseFirstAnswer = false,
  beforeAnswer = (_queryClient: QueryClient, _job: StoredJob) => {},
} = {}) => {
  const device = createDevice({ id: nextNode++, platform: platform as 'linux', displayName: 'web-01' });
  const server = { job: createStoredJob({ nodeId: device.id, jobName: 'echo hello' }), submits: 0 };
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(['jobs.view', 'jobs.run', 'jobs.cancel']),
    'POST /query/device': () => deviceCacheAnswer(),
    [submitRoute]: ({ body }: { body: unknown }) => {
      if (loseFirstAnswer && server.submits++ === 0) throw new TypeError('Failed to fetch');
      if ((body as SubmitBody).nodes[0]?.jobs[0]?.jobStatus)
        server.job = { ...server.job, jobStatus: 'CANCELLED', updatedAt: '2024-05-01T10:05:00.000Z' };
      beforeAnswer(view.queryClient, server.job);
      return submitAnswer(server.job);
    },
    [`GET ${jobPath(server.job.jobUid)}`]: () => ({
      resultCode: 'SUCCESS',
      job: { ...server.job, history: [] },
    }),
  });
  const view = renderRoute(
    <>
      <Notifications />
      <RunScriptPanel device={device} />
    </>,
    { path: '/deviceDashboard/:id/overview', url: `/deviceDashboard/${device.id}/overview` },
  );
  const run = async (code: string) => {
    // The form shows once the user's permissions are known.
    await view.user.click(await screen.findByRole('textbox', { name: 'Script' }));
    await view.user.paste(code);
    await view.user.click(screen.getByRole('button', { name: 'Run' }));
    return screen.findByRole('log', { name: 'Output' });
  };
  return { ...view, device, server, fetchMock, run };
};

/** The Idempotency-Key header of each submission, in order. */
const idempotencyKeys = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === SUBMIT_JOB_PATH)
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));

type Pushed = Omit<JobOutputEvent, 'type' | 'time' | 'organizationId' | 'nodeId' | 'jobUid'>;

/** What the server pushes over /events, as the realtime hook hands it on (the query cache notifies on a timer). */
const push = (queryClient: QueryClient, event: JobOutputEvent | JobUpdatedEvent) =>
  act(async () => {
    applyJobEvent(queryClient, event);
    await vi.advanceTimersByTimeAsync(1);
  });
const outputOf = (job: StoredJob) => ({
  type: 'job.output' as const,
  time: '',
  organizationId: 1,
  nodeId: job.nodeId,
  jobUid: job.jobUid,
});
const pushOutput = (queryClient: QueryClient, job: StoredJob, chunk: Pushed) =>
  push(queryClient, { ...outputOf(job), ...chunk });
const pushJob = (queryClient: QueryClient, job: StoredJob) =>
  push(queryClient, { type: 'job.updated', time: '', organizationId: 1, job });

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Typing through user-event is slow on a busy machine; nothing here waits on a real interval.
describe('RunScriptPanel', { timeout: 20_000 }, () => {
  it('sends the script as an ACTION job with an Idempotency-Key', async () => {
    const { user, device, fetchMock, run } = openPanel();
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('Bash');
    await user.click(screen.getByRole('textbox', { name: 'Parameters' }));
    // Trimmed and sanitised as the server stores them (spec §5).
    await user.paste('  first arg \n\nsec;ond $(rm)');
    const timeout = screen.getByRole('textbox', { name: 'Timeout (seconds)' });
    await user.clear(timeout);
    await user.type(timeout, '60');

    expect(await run('echo hello')).toHaveTextContent('No output yet.');
    expect(requestBodies(fetchMock, submitRoute)).toEqual([
      {
        nodes: [
          {
            nodeId: device.id,
            jobs: [
              {
                jobType: 'ACTION',
                jobName: 'echo hello',
                content: {
                  script: { language: 'bash', code: 'echo hello' },
                  parameters: ['first arg', 'second (rm)'],
                  runAs: 'SYSTEM',
                  timeoutSeconds: 60,
                },
              },
            ],
          },
        ],
        cacheExpiration: expect.any(Number),
      },
    ]);
    expect(idempotencyKeys(fetchMock)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('starts with PowerShell on Windows and refuses an empty script', async () => {
    const { user, fetchMock } = openPanel({ platform: 'win32' });
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('PowerShell');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText('Mandatory value is undefined. Please enter a value.'),
    ).toBeInTheDocument();
    expect(requestBodies(fetchMock, submitRoute)).toHaveLength(0);
  });

  it('shows live output in seq order, stderr apart, as text, then the result and exit code', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    // The first chunk can arrive over /events before the submit answer; it is kept for the view.
    const { queryClient, server, run } = openPanel({
      beforeAnswer: (client, job) =>
        applyJobEvent(client, { ...outputOf(job), seq: 0, stream: 'stdout', data: `${HOSTILE}\n` }),
    });
    const log = await run('echo hello');
    await pushOutput(queryClient, server.job, { seq: 2, stream: 'stdout', data: 'line 2\n' });
    await pushOutput(queryClient, server.job, { seq: 1, stream: 'stderr', data: 'warning: careful\n' });
    await pushOutput(queryClient, server.job, { seq: 1, stream: 'stderr', data: 'warning: careful\n' });
    await pushJob(queryClient, {
      ...server.job,
      jobStatus: 'IN_PROGRESS',
      updatedAt: '2024-05-01T10:00:01.000Z',
    });

    expect(log.textContent).toBe(`${HOSTILE}\nwarning: careful\nline 2\n`);
    expect(log.querySelector('img')).toBeNull();
    expect(within(log).getByText('warning: careful', { exact: false })).toHaveAttribute(
      'data-stream',
      'stderr',
    );
    expect(screen.getByTestId('job-status')).toHaveTextContent('Running');
    expect(screen.getByText('Running on the device…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();

    // A script may run for an hour: the console waits for it, it never gives up on the device.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(screen.queryByText('Did not receive a response from the device')).toBeNull();

    await pushJob(queryClient, {
      ...server.job,
      jobStatus: 'COMPLETED',
      jobResult: 'SUCCESS',
      updatedAt: '2024-05-01T10:00:05.000Z',
      resultContent: { exitCode: 0, stdout: `${HOSTILE}\nline 2\n`, stderr: 'warning: careful\n' },
    });
    expect(screen.getByTestId('job-status')).toHaveTextContent('Completed');
    expect(screen.getByTestId('job-result')).toHaveTextContent('Success');
    expect(screen.getByTestId('job-exit-code')).toHaveTextContent('Exit code 0');
    expect(log.textContent).toBe(`${HOSTILE}\nwarning: careful\nline 2\n`);
    expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the stored output and the device error of a job whose live output it missed', async () => {
    const { queryClient, server, run } = openPanel();
    const log = await run('sleep 5');
    await pushOutput(queryClient, server.job, { seq: 3, stream: 'stdout', data: 'late\n' });
    expect(screen.getByText(/Some output was missed/)).toBeInTheDocument();
    await pushJob(queryClient, {
      ...server.job,
      jobStatus: 'COMPLETED',
      jobResult: 'FAILURE',
      updatedAt: '2024-05-01T10:01:00.000Z',
      resultContent: {
        exitCode: null,
        stdout: 'early\nlate\n',
        stderr: '',
        errorMessage: 'Timed out after 5 s',
      },
    });
    expect(log.textContent).toBe('early\nlate\n');
    expect(screen.getByTestId('job-result')).toHaveTextContent('Failed');
    expect(screen.getByText('Timed out after 5 s')).toBeInTheDocument();
  });

  it('cancels the running job after asking, by submitting it again with the cancel status', async () => {
    const { user, queryClient, server, device, fetchMock, run } = openPanel();
    await run('sleep 600');
    await pushJob(queryClient, {
      ...server.job,
      jobStatus: 'IN_PROGRESS',
      updatedAt: '2024-05-01T10:00:01.000Z',
    });

    await user.click(screen.getByRole('button', { name: 'Cancel job: echo hello' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel “echo hello”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));

    expect(await screen.findByText('Job cancelled')).toBeInTheDocument();
    expect(screen.getByTestId('job-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: /Cancel job/ })).toBeNull();
    expect(requestBodies(fetchMock, submitRoute)[1]).toEqual({
      nodes: [
        {
          nodeId: device.id,
          jobs: [
            { jobUid: server.job.jobUid, jobType: 'ACTION', jobName: 'echo hello', jobStatus: 'CANCELLED' },
          ],
        },
      ],
      cacheExpiration: expect.any(Number),
    });
  });

  it('sends the same request with the same key again when its answer was lost', async () => {
    const { fetchMock, run } = openPanel({ loseFirstAnswer: true });
    await run('echo once');
    const [first, second] = idempotencyKeys(fetchMock);
    expect(first).toBeDefined();
    expect(second).toBe(first);
    const [firstBody, secondBody] = requestBodies(fetchMock, submitRoute);
    expect(secondBody).toEqual(firstBody);
    expect(screen.queryByText('Error creating/updating jobs')).toBeNull();
  });
});
