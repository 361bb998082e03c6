import { Notifications, notifications } from '@mantine/notifications';
import { type StoredJob, SUBMIT_JOB_PATH } from '@rmm/domain';
import { act, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INVALIDATE_BATCH_MS,
  loadEventHandling,
  useRealtimeEvents,
} from '../../../app/realtime/use-realtime-events.ts';
import { createOrganization } from '../../../test/device-factories.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { createStoredJob, deviceCacheAnswer, meAnswer, submitAnswer } from '../../../test/job-factories.ts';
import { type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { CustomerPendingJobsPage, SystemPendingJobsPage } from './pending-jobs-page.tsx';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** The console's realtime channel, as the signed-in layout keeps it. */
const Live = () => {
  useRealtimeEvents();
  return null;
};

const list = (jobs: StoredJob[]) => ({ data: jobs, count: jobs.length, page: 1, pageSize: 50 });

const openPage = (
  element: ReactElement,
  {
    path,
    url,
    extraRoutes = {},
    permissions = ['jobs.view', 'jobs.run', 'jobs.cancel', 'backup.viewAndManage'],
  }: { path: string; url: string; extraRoutes?: MockRoutes; permissions?: string[] },
  server: { jobs: StoredJob[] },
) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    'GET /jobs': () => list(server.jobs),
    'POST /query/device': () => deviceCacheAnswer(),
    [`POST ${SUBMIT_JOB_PATH}`]: ({ body }: { body: unknown }) => {
      const cancelled = (body as { nodes: { jobs: { jobUid: string; jobStatus: string }[] }[] }).nodes[0]!
        .jobs[0]!;
      const job = server.jobs.find((j) => j.jobUid === cancelled.jobUid)!;
      server.jobs = server.jobs.filter((j) => j !== job);
      return submitAnswer({ ...job, jobStatus: cancelled.jobStatus as StoredJob['jobStatus'] });
    },
    ...extraRoutes,
  });
  const view = renderRoute(
    <>
      <Notifications />
      <Live />
      {element}
    </>,
    { path, url },
  );
  return { ...view, fetchMock };
};

const jobsRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/jobs')
    .map((url) => Object.fromEntries(url.searchParams));

// The events' schema and the features' event keys load lazily in the console; here they are there before the first event.
beforeAll(() => loadEventHandling());
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Pending jobs', { timeout: 20_000 }, () => {
  it('lists the jobs that have not finished, with device, name, type, status, created and expiry', async () => {
    const server = {
      jobs: [
        createStoredJob({ nodeId: 7, nodeName: 'web-01', jobName: HOSTILE, jobStatus: 'IN_PROGRESS' }),
        createStoredJob({ nodeId: 8, nodeName: 'db-01', jobName: 'Nightly backup', jobType: 'BACKUP' }),
      ],
    };
    const { fetchMock } = openPage(
      <SystemPendingJobsPage />,
      { path: '/systemDashboard/pendingScripts', url: '/systemDashboard/pendingScripts?page=2' },
      server,
    );
    const row = (await screen.findByRole('link', { name: 'web-01' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      '/deviceDashboard/7/overview',
    );
    expect(row).toHaveTextContent(HOSTILE);
    expect(row.querySelector('img')).toBeNull();
    expect(row).toHaveTextContent('Action');
    expect(row).toHaveTextContent('Running');
    const backup = screen.getByRole('row', { name: /db-01/ });
    expect(backup).toHaveTextContent('Backup');
    expect(backup).toHaveTextContent('Queued');
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Device',
      'Job',
      'Type',
      'Status',
      'Created',
      'Expires',
      'Actions',
    ]);
    expect(jobsRequests(fetchMock)).toEqual([{ page: '2', pageSize: '50', state: 'PENDING' }]);
  });

  it('asks for the organization’s jobs on its dashboard', async () => {
    const org = createOrganization({ name: 'Contoso' });
    const { fetchMock } = openPage(
      <CustomerPendingJobsPage />,
      {
        path: '/customerDashboard/:id/pendingScripts',
        url: `/customerDashboard/${org.id}/pendingScripts`,
        extraRoutes: { [`GET /client/${org.id}`]: { resultCode: 'SUCCESS', client: org } },
      },
      { jobs: [] },
    );
    expect(await screen.findByText('No jobs are waiting or running.')).toBeInTheDocument();
    expect(screen.getByText(/Jobs of Contoso that have not finished/)).toBeInTheDocument();
    expect(jobsRequests(fetchMock)).toEqual([
      { page: '1', pageSize: '50', organizationId: String(org.id), state: 'PENDING' },
    ]);
  });

  it('cancels one row after asking, with the cancel status its job type takes', async () => {
    const backup = createStoredJob({ nodeName: 'db-01', jobName: 'Nightly backup', jobType: 'BACKUP' });
    const script = createStoredJob({ nodeName: 'web-01', jobName: 'Clear temp' });
    const { user, fetchMock } = openPage(
      <SystemPendingJobsPage />,
      { path: '/systemDashboard/pendingScripts', url: '/systemDashboard/pendingScripts' },
      { jobs: [backup, script] },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel job: Nightly backup' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel “Nightly backup”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));

    expect(await screen.findByText('Job cancelled')).toBeInTheDocument();
    expect(requestBodies(fetchMock, `POST ${SUBMIT_JOB_PATH}`)).toEqual([
      {
        nodes: [
          {
            nodeId: backup.nodeId,
            jobs: [
              {
                jobUid: backup.jobUid,
                jobType: 'BACKUP',
                jobName: 'Nightly backup',
                jobStatus: 'CANCEL_REQUESTED',
              },
            ],
          },
        ],
        cacheExpiration: expect.any(Number),
      },
    ]);
    await screen.findByRole('row', { name: /web-01/ });
    expect(screen.queryByRole('row', { name: /db-01/ })).toBeNull();
  });

  it('offers no cancel for a backup to a technician without backup.viewAndManage (spec §6)', async () => {
    const backup = createStoredJob({ nodeName: 'db-01', jobName: 'Nightly backup', jobType: 'BACKUP' });
    const script = createStoredJob({ nodeName: 'web-01', jobName: 'Clear temp' });
    openPage(
      <SystemPendingJobsPage />,
      {
        path: '/systemDashboard/pendingScripts',
        url: '/systemDashboard/pendingScripts',
        permissions: ['jobs.view', 'jobs.run', 'jobs.cancel'],
      },
      { jobs: [backup, script] },
    );
    expect(await screen.findByRole('button', { name: 'Cancel job: Clear temp' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /db-01/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel job: Nightly backup' })).toBeNull();
  });

  it('cancels a script from the organization’s page: CANCELLED, and it leaves the list', async () => {
    const org = createOrganization({ name: 'Contoso' });
    const script = createStoredJob({ nodeName: 'web-01', jobName: 'Clear temp', organizationId: org.id });
    const { user, fetchMock } = openPage(
      <CustomerPendingJobsPage />,
      {
        path: '/customerDashboard/:id/pendingScripts',
        url: `/customerDashboard/${org.id}/pendingScripts`,
        extraRoutes: { [`GET /client/${org.id}`]: { resultCode: 'SUCCESS', client: org } },
      },
      { jobs: [script] },
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel job: Clear temp' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel “Clear temp”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));

    expect(await screen.findByText('Job cancelled')).toBeInTheDocument();
    const [body] = requestBodies(fetchMock, `POST ${SUBMIT_JOB_PATH}`);
    expect(body).toMatchObject({
      nodes: [{ nodeId: script.nodeId, jobs: [{ jobUid: script.jobUid, jobStatus: 'CANCELLED' }] }],
    });
    expect(await screen.findByText('No jobs are waiting or running.')).toBeInTheDocument();
  });

  it('reads the list again when a job changes (job.updated over /events)', async () => {
    const server = { jobs: [createStoredJob({ nodeName: 'web-01', jobName: 'Clear temp' })] };
    const { fetchMock } = openPage(
      <SystemPendingJobsPage />,
      { path: '/systemDashboard/pendingScripts', url: '/systemDashboard/pendingScripts' },
      server,
    );
    await screen.findByRole('row', { name: /web-01/ });
    const added = createStoredJob({ nodeName: 'mail-01', jobName: 'Restart service' });
    server.jobs = [...server.jobs, added];
    FakeWebSocket.instances[0]!.receive({ type: 'ready' });
    FakeWebSocket.instances[0]!.receive({ type: 'job.updated', organizationId: 1, job: added });
    await act(() => vi.advanceTimersByTimeAsync(INVALIDATE_BATCH_MS));

    expect(await screen.findByRole('row', { name: /mail-01/ })).toHaveTextContent('Restart service');
    expect(jobsRequests(fetchMock)).toHaveLength(2);
  });
});
