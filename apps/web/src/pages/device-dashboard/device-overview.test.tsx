import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertPage, createAlert } from '../../test/alert-factories.ts';
import { createDeviceNode, createInventory } from '../../test/device-factories.ts';
import { meAnswer } from '../../test/job-factories.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { DeviceOverviewPage } from './device-overview.tsx';

const HOSTILE = '<img src=x onerror=alert(1)>';

const openOverview = (id: number) =>
  renderRoute(<DeviceOverviewPage />, {
    path: '/deviceDashboard/:id/overview',
    url: `/deviceDashboard/${id}/overview`,
  });

afterEach(() => vi.unstubAllGlobals());

describe('DeviceOverviewPage', () => {
  it('renders what the agent reported as text, never as HTML', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const device = createDeviceNode({
      displayName: HOSTILE,
      hostname: HOSTILE,
      osName: '<b>Debian</b>',
      loggedOnUser: '<script>alert(2)</script>',
      inventory: createInventory({ hostname: HOSTILE }),
    });
    mockFetch({
      [`GET /devices/${device.id}`]: device,
      'POST /query/device': { nodes: [{ ...device, inventory: null }], cacheExpiration: Date.now() },
      [`GET /devices/${device.id}/metrics`]: {
        data: [
          { time: '2024-05-01T10:00:00.000Z', cpuPercent: 10, memoryPercent: 40, diskPercent: 55 },
          { time: '2024-05-01T10:05:00.000Z', cpuPercent: 20, memoryPercent: 41, diskPercent: 55 },
        ],
      },
    });
    const { container } = openOverview(device.id);

    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent(HOSTILE, {
      normalizeWhitespace: false,
    });
    const facts = screen.getByRole('heading', { name: 'Key facts' }).closest('div')!;
    const hostnameRow = within(facts).getByRole('row', { name: /Hostname/ });
    expect(hostnameRow).toHaveTextContent(`Hostname${HOSTILE}`);
    expect(within(facts).getByRole('row', { name: /Logged-on user/ })).toHaveTextContent(
      '<script>alert(2)</script>',
    );
    expect(within(facts).getByRole('row', { name: /Operating system/ })).toHaveTextContent(
      '<b>Debian</b> 12',
    );
    // Nothing the agent sent became an element.
    expect(container.querySelector('img, script, b')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('shows the status, the key facts and the current metrics', async () => {
    const device = createDeviceNode({
      status: 'WARNING',
      hostname: 'web-01',
      pendingReboot: true,
      metrics: { cpuPercent: 97.4, memoryPercent: 40, diskPercent: 55 },
      owner: { id: 7, name: 'Olivia Owner', email: 'olivia@contoso.test', userType: 'END_USER' },
    });
    mockFetch({
      [`GET /devices/${device.id}`]: device,
      'POST /query/device': { nodes: [{ ...device, inventory: null }], cacheExpiration: Date.now() },
      [`GET /devices/${device.id}/metrics`]: { data: [] },
    });
    openOverview(device.id);

    expect(await screen.findByTestId('device-status')).toHaveTextContent('Warning');
    expect(screen.getByRole('row', { name: /Hostname/ })).toHaveTextContent('web-01');
    expect(screen.getByRole('row', { name: /Pending reboot/ })).toHaveTextContent('Yes');
    expect(screen.getByRole('row', { name: /Owner/ })).toHaveTextContent('Olivia Owner');
    expect(await screen.findByLabelText('CPU: 97 %')).toBeInTheDocument();
    // No stored samples yet: the charts draw the live value instead of an empty state.
    expect(screen.queryAllByText('No samples in the last 24 hours yet.')).toHaveLength(0);
    // The dashboard refresh interval starts at 4 hours.
    expect(screen.getByRole('combobox', { name: 'Refresh every' })).toHaveDisplayValue('4 hours');
  });

  it('shows the device’s health and its alerts to those who may see alerts', async () => {
    const device = createDeviceNode({ hostname: 'web-01' });
    const withHealth = { ...device, healthStatus: 'UNHEALTHY' };
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer(['devices.view', 'alerts.view']),
      [`GET /devices/${device.id}`]: withHealth,
      'POST /query/device': { nodes: [{ ...withHealth, inventory: null }], cacheExpiration: Date.now() },
      [`GET /devices/${device.id}/metrics`]: { data: [] },
      'GET /alerts': alertPage([
        createAlert({
          deviceId: device.id,
          conditionName: 'Disk low',
          conditionType: 'DISK',
          instance: '/var',
        }),
      ]),
    });
    openOverview(device.id);

    expect(await screen.findByTestId('device-health')).toHaveTextContent('Unhealthy');
    const section = await screen.findByRole('region', { name: 'Alerts' });
    const row = await within(section).findByRole('row', { name: /Disk low/ });
    expect(row).toHaveTextContent('/var');
    expect(within(section).queryByRole('columnheader', { name: 'Device' })).not.toBeInTheDocument();
    const request = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .find((url) => url.pathname === '/alerts');
    expect(request?.searchParams.get('deviceId')).toBe(String(device.id));
    expect(request?.searchParams.get('status')).toBe('ACTIVE');
  });

  it('shows "Device not found" for a device that does not exist', async () => {
    mockFetch({});
    openOverview(999);
    expect(await screen.findByRole('heading', { name: 'Device not found' })).toBeInTheDocument();
  });
});
