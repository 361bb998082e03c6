import { type Activity, jobPath } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobDetail, meAnswer } from '../../test/job-factories.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { SystemActivitiesPage } from './dashboard-activities-page.tsx';

const createActivity = (id: number): Activity => ({
  id,
  time: '2024-05-01T10:00:00.000Z',
  actorId: 1,
  actorName: 'Tech',
  action: 'job.submit',
  targetType: 'device',
  targetId: '7',
  targetName: `web-${id}`,
  organizationId: 1,
  organizationName: 'Contoso',
  outcome: 'SUCCESS',
  detail: null,
  jobUid: null,
});

const activityRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/activities')
    .map((url) => Object.fromEntries(url.searchParams));

afterEach(() => vi.unstubAllGlobals());

describe('SystemActivitiesPage', () => {
  it('shows the devices’ activities of the page in the URL, and pages and filters through the URL', async () => {
    const fetchMock = mockFetch({
      'GET /activities': ({ url }: { url: URL }) => ({
        data: [createActivity(Number(url.searchParams.get('page')))],
        count: 120,
        page: Number(url.searchParams.get('page')),
        pageSize: 50,
      }),
    });
    const { user, router } = renderRoute(<SystemActivitiesPage />, {
      path: '/systemDashboard/activities/:page',
      url: '/systemDashboard/activities/2',
    });
    expect(await screen.findByRole('row', { name: /web-2/ })).toHaveTextContent('job.submit');
    expect(activityRequests(fetchMock)).toEqual([{ page: '2', pageSize: '50', targetType: 'device' }]);

    await user.click(screen.getByRole('button', { name: '3' }));
    expect(router.state.location.pathname).toBe('/systemDashboard/activities/3');
    expect(await screen.findByRole('row', { name: /web-3/ })).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Failure' }));
    expect(await screen.findByRole('row', { name: /web-1/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/systemDashboard/activities/1');
    expect(router.state.location.search).toBe('?outcome=FAILURE');
    expect(activityRequests(fetchMock).at(-1)).toEqual({
      page: '1',
      pageSize: '50',
      targetType: 'device',
      outcome: 'FAILURE',
    });
  });

  it('opens the job of a job activity: its output, outcome and history, all as text', async () => {
    const HOSTILE = '<img src=x onerror=alert(1)>';
    const job = createJobDetail({
      jobStatus: 'COMPLETED',
      jobResult: 'FAILURE',
      jobName: 'cleanup',
      startedAt: '2024-05-01T10:00:01.000Z',
      finishedAt: '2024-05-01T10:00:02.000Z',
      resultContent: {
        exitCode: 2,
        stdout: `${HOSTILE}\n`,
        stderr: 'oops\n',
        truncated: false,
        errorMessage: null,
      },
      history: [
        { id: 1, time: '2024-05-01T10:00:00.000Z', event: 'created', detail: 'by tech@example.com' },
        { id: 2, time: '2024-05-01T10:00:00.100Z', event: 'sent', detail: 'to the connected agent' },
        { id: 3, time: '2024-05-01T10:00:00.200Z', event: 'acknowledged', detail: 'accepted' },
        { id: 4, time: '2024-05-01T10:00:02.000Z', event: 'result', detail: HOSTILE },
      ],
    });
    mockFetch({
      'GET /auth/me': meAnswer(['activities.view', 'jobs.view']),
      'GET /activities': () => ({
        data: [
          { ...createActivity(1), action: 'job.result', outcome: 'FAILURE', jobUid: job.jobUid },
          { ...createActivity(2), action: 'device.enroll' },
        ],
        count: 2,
        page: 1,
        pageSize: 50,
      }),
      [`GET ${jobPath(job.jobUid)}`]: () => ({ resultCode: 'SUCCESS', job }),
    });
    const { user } = renderRoute(<SystemActivitiesPage />, {
      path: '/systemDashboard/activities/:page',
      url: '/systemDashboard/activities/1',
    });
    const enrolled = await screen.findByRole('row', { name: /device\.enroll/ });
    expect(within(enrolled).queryByRole('button', { name: 'View job' })).toBeNull();
    const row = screen.getByRole('row', { name: /job\.result/ });
    await user.click(await within(row).findByRole('button', { name: 'View job' }));

    const details = await screen.findByRole('dialog', { name: 'Job' });
    expect(await within(details).findByRole('log', { name: 'Output' })).toHaveTextContent(`${HOSTILE} oops`);
    expect(within(details).getByTestId('job-exit-code')).toHaveTextContent('Exit code 2');
    const history = within(details).getByTestId('job-history');
    expect(within(history).getByText('Created')).toBeInTheDocument();
    expect(within(history).getByText('Acknowledged')).toBeInTheDocument();
    expect(within(history).getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('offers no job view to a user without jobs.view', async () => {
    mockFetch({
      'GET /auth/me': meAnswer(['activities.view']),
      'GET /activities': () => ({
        data: [{ ...createActivity(1), jobUid: '00000000-0000-4000-8000-000000000001' }],
        count: 1,
        page: 1,
        pageSize: 50,
      }),
    });
    renderRoute(<SystemActivitiesPage />, {
      path: '/systemDashboard/activities/:page',
      url: '/systemDashboard/activities/1',
    });
    expect(await screen.findByRole('row', { name: /web-1/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View job' })).toBeNull();
  });
});
