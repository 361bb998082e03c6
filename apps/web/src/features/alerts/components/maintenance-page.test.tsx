import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMaintenanceWindow, maintenancePage } from '../../../test/alert-factories.ts';
import { createDevice, createOrganization } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { CustomerMaintenancePage, SystemMaintenancePage } from './maintenance-page.tsx';

const MANAGER = ['alerts.view', 'alerts.manage', 'devices.view', 'organizations.view'];

const openSystem = (routes: MockRoutes, permissions = MANAGER) => {
  const fetchMock = mockFetch({ 'GET /auth/me': meAnswer(permissions), ...routes });
  const view = renderRoute(
    <>
      <Notifications />
      <SystemMaintenancePage />
    </>,
    { path: '/systemDashboard/maintenance', url: '/systemDashboard/maintenance' },
  );
  return { ...view, fetchMock };
};

afterEach(() => act(() => notifications.clean()));

describe('Maintenance windows', { timeout: 30_000 }, () => {
  it('lists current and upcoming windows with their organization, devices, times and author', async () => {
    const current = createMaintenanceWindow({ name: 'Patch night', organizationName: 'Contoso' });
    const upcoming = createMaintenanceWindow({
      name: 'Server move',
      deviceIds: [1, 2, 3],
      startTime: new Date(Date.now() + 86_400_000).toISOString(),
      endTime: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      createdBy: null,
    });
    const { fetchMock } = openSystem({ 'GET /maintenance-windows': maintenancePage([current, upcoming]) });
    const table = await screen.findByRole('table', { name: 'Maintenance windows' });
    const first = within(table).getByRole('row', { name: /Patch night/ });
    expect(first).toHaveTextContent('Contoso');
    expect(first).toHaveTextContent('All devices');
    expect(first).toHaveTextContent('In progress');
    expect(first).toHaveTextContent('tech@example.com');
    const second = within(table).getByRole('row', { name: /Server move/ });
    expect(second).toHaveTextContent('3 devices');
    expect(second).toHaveTextContent('Upcoming');
    expect(second).toHaveTextContent('Unknown');
    const [request] = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === '/maintenance-windows');
    expect(request?.searchParams.get('current')).toBe('true');
  });

  it('says when there is no window', async () => {
    openSystem({ 'GET /maintenance-windows': maintenancePage([]) });
    expect(await screen.findByText('No current or upcoming maintenance windows.')).toBeInTheDocument();
  });

  it('refuses a window that ends before it starts with the domain’s message, then creates a valid one', async () => {
    const org = createOrganization({ name: 'Fabrikam' });
    const device = createDevice({ organizationId: org.id, displayName: 'db-01' });
    const { user, fetchMock } = openSystem({
      'GET /maintenance-windows': maintenancePage([]),
      'GET /organizations': { data: [org], count: 1, page: 1, pageSize: 500 },
      'GET /devices': { data: [device], count: 1, page: 1, pageSize: 50 },
      'POST /maintenance-windows': ({ body }: { body: unknown }) => ({
        ...createMaintenanceWindow(),
        ...(body as object),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'New window' }));
    const dialog = await screen.findByRole('dialog', { name: 'New maintenance window' });
    await user.click(within(dialog).getByRole('button', { name: 'Create window' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      'Give the window a name.',
    );
    expect(within(dialog).getByRole('combobox', { name: /Organization/ })).toHaveAccessibleDescription(
      'Pick an organization.',
    );

    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Database upgrade');
    await user.click(within(dialog).getByRole('combobox', { name: /Organization/ }));
    await user.click(await screen.findByRole('option', { name: 'Fabrikam' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Devices/ }));
    await user.click(await screen.findByRole('option', { name: 'db-01' }));
    const start = within(dialog).getByLabelText(/Start/);
    const end = within(dialog).getByLabelText(/End/);
    await user.clear(start);
    await user.type(start, '2030-06-01T22:00');
    await user.clear(end);
    await user.type(end, '2030-06-01T21:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create window' }));
    expect(end).toHaveAccessibleDescription(/The window must end after it starts/);
    expect(requestBodies(fetchMock, 'POST /maintenance-windows')).toEqual([]);

    await user.clear(end);
    await user.type(end, '2030-06-02T01:30');
    expect(end).not.toHaveAccessibleDescription(/The window must end after it starts/);
    await user.click(within(dialog).getByRole('button', { name: 'Create window' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /maintenance-windows')).toEqual([
        {
          name: 'Database upgrade',
          organizationId: org.id,
          deviceIds: [device.id],
          startTime: new Date('2030-06-01T22:00').toISOString(),
          endTime: new Date('2030-06-02T01:30').toISOString(),
        },
      ]),
    );
    expect(await screen.findByText('Maintenance window created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('creates a window for every device of the dashboard’s organization', async () => {
    const org = createOrganization({ name: 'Fabrikam' });
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer(MANAGER),
      [`GET /client/${org.id}`]: { resultCode: 'SUCCESS', client: org },
      'GET /maintenance-windows': maintenancePage([]),
      'GET /devices': { data: [], count: 0, page: 1, pageSize: 50 },
      'POST /maintenance-windows': () => createMaintenanceWindow(),
    });
    const { user } = renderRoute(<CustomerMaintenancePage />, {
      path: '/customerDashboard/:id/maintenance',
      url: `/customerDashboard/${org.id}/maintenance`,
    });
    await user.click(await screen.findByRole('button', { name: 'New window' }));
    const dialog = await screen.findByRole('dialog', { name: 'New maintenance window' });
    expect(dialog).toHaveTextContent('Fabrikam');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Office move');
    await user.click(within(dialog).getByRole('button', { name: 'Create window' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /maintenance-windows')).toEqual([
        expect.objectContaining({ name: 'Office move', organizationId: org.id, deviceIds: [] }),
      ]),
    );
    const list = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .find((url) => url.pathname === '/maintenance-windows');
    expect(list?.searchParams.get('organizationId')).toBe(String(org.id));
  });

  it('deletes a window only once confirmed', async () => {
    const patchNight = createMaintenanceWindow({ name: 'Patch night' });
    const { user, fetchMock } = openSystem({
      'GET /maintenance-windows': maintenancePage([patchNight]),
      [`DELETE /maintenance-windows/${patchNight.id}`]: { ok: true },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete window Patch night' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Delete the maintenance window “Patch night”?',
    });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete window' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
    expect(await screen.findByText('Maintenance window deleted')).toBeInTheDocument();
  });

  it('offers no changes to those who may only view alerts', async () => {
    openSystem(
      { 'GET /maintenance-windows': maintenancePage([createMaintenanceWindow({ name: 'Patch night' })]) },
      ['alerts.view'],
    );
    expect(await screen.findByRole('row', { name: /Patch night/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New window' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete window/ })).not.toBeInTheDocument();
  });
});
