import type { Activity } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
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
});
