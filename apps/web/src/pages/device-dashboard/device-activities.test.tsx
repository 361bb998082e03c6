import type { Activity } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDeviceNode } from '../../test/device-factories.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { DeviceActivitiesPage } from './device-activities.tsx';

const createActivity = (id: number, deviceId: number): Activity => ({
  id,
  time: '2024-05-01T10:00:00.000Z',
  actorId: 1,
  actorName: 'Tech',
  action: id === 1 ? 'job.result' : 'job.submit',
  targetType: 'device',
  targetId: String(deviceId),
  targetName: 'web-01',
  organizationId: 1,
  organizationName: 'Contoso',
  outcome: 'SUCCESS',
  detail: `step ${id}`,
  jobUid: null,
});

const activityRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/activities')
    .map((url) => Object.fromEntries(url.searchParams));

const openPage = (url: string) =>
  renderRoute(<DeviceActivitiesPage />, { path: '/deviceDashboard/:id/activities/:page', url });

afterEach(() => vi.unstubAllGlobals());

describe('DeviceActivitiesPage', () => {
  it('shows only this device’s activities, of the page in the URL, and pages through the URL', async () => {
    const device = createDeviceNode({ displayName: 'web-01' });
    const fetchMock = mockFetch({
      [`GET /devices/${device.id}`]: device,
      'POST /query/device': { nodes: [{ ...device, inventory: null }], cacheExpiration: Date.now() },
      'GET /activities': ({ url }: { url: URL }) => ({
        data: [createActivity(Number(url.searchParams.get('page')), device.id)],
        count: 60,
        page: Number(url.searchParams.get('page')),
        pageSize: 25,
      }),
    });
    const { user, router } = openPage(`/deviceDashboard/${device.id}/activities/2`);

    expect(await screen.findByRole('row', { name: /step 2/ })).toHaveTextContent('job.submit');
    expect(activityRequests(fetchMock)).toEqual([
      { page: '2', pageSize: '25', targetType: 'device', targetId: String(device.id) },
    ]);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(router.state.location.pathname).toBe(`/deviceDashboard/${device.id}/activities/3`);
    expect(await screen.findByRole('row', { name: /step 3/ })).toBeInTheDocument();
  });

  it('says so when nothing has been done to the device yet', async () => {
    const device = createDeviceNode();
    mockFetch({
      [`GET /devices/${device.id}`]: device,
      'POST /query/device': { nodes: [{ ...device, inventory: null }], cacheExpiration: Date.now() },
      'GET /activities': { data: [], count: 0, page: 1, pageSize: 25 },
    });
    openPage(`/deviceDashboard/${device.id}/activities/1`);
    expect(await screen.findByText('Nothing has been done to this device yet.')).toBeInTheDocument();
  });
});
