import { Notifications, notifications } from '@mantine/notifications';
import type { Alert } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INVALIDATE_BATCH_MS,
  loadEventHandling,
  useRealtimeEvents,
} from '../../../app/realtime/use-realtime-events.ts';
import { alertPage, createAlert } from '../../../test/alert-factories.ts';
import { createOrganization } from '../../../test/device-factories.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, type MockRoutes, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { forgetRaisedNotification } from '../queries.ts';
import { CustomerAlertsPage, SystemAlertsPage } from './alerts-page.tsx';

const HOSTILE = '<img src=x onerror=alert(1)>';
const MANAGER = ['alerts.view', 'alerts.manage', 'devices.view'];

/** The console's realtime channel, as the signed-in layout keeps it. */
const Live = () => {
  useRealtimeEvents();
  return null;
};

type Server = { alerts: Alert[] };

/** GET /alerts answers from `server` as a real one would for the status asked (filters are checked separately). */
const openAlerts = (
  {
    element = <SystemAlertsPage />,
    path = '/systemDashboard/alerts',
    url = '/systemDashboard/alerts',
    permissions = MANAGER,
    extraRoutes = {},
  }: {
    element?: ReactElement;
    path?: string;
    url?: string;
    permissions?: string[];
    extraRoutes?: MockRoutes;
  },
  server: Server,
) => {
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    'GET /alerts': ({ url }: { url: URL }) =>
      alertPage(
        server.alerts.filter((alert) => alert.status === (url.searchParams.get('status') ?? 'ACTIVE')),
      ),
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

const alertRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === '/alerts')
    .map((url) => Object.fromEntries(url.searchParams));

// The events' schema and the features' event keys load lazily in the console; here they are there before the first event.
beforeAll(() => loadEventHandling());
beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  forgetRaisedNotification();
});
afterEach(() => {
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Alerts', { timeout: 30_000 }, () => {
  it('shows the table’s shape while loading, then says there are no active alerts', async () => {
    let send: (value: unknown) => void = () => {};
    mockFetch({
      'GET /auth/me': meAnswer(MANAGER),
      'GET /alerts': () => new Promise((resolve) => (send = resolve)),
    });
    renderRoute(<SystemAlertsPage />, { path: '/systemDashboard/alerts', url: '/systemDashboard/alerts' });
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    send(alertPage([]));
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('lists severity, priority, device, organization, condition, instance, message as text, times and flapping', async () => {
    const disk = createAlert({
      deviceId: 7,
      deviceName: 'web-01',
      organizationName: 'Contoso',
      conditionName: 'Disk low',
      conditionType: 'DISK',
      instance: 'C:',
      severity: 'CRITICAL',
      priority: 'HIGH',
      message: HOSTILE,
      triggerTime: '2024-05-01T10:00:00.000Z',
      flapping: true,
    });
    const acknowledged = createAlert({
      deviceName: 'db-01',
      severity: 'MINOR',
      priority: 'LOW',
      acknowledgeTime: new Date().toISOString(),
      acknowledgedBy: 'alice@example.com',
    });
    openAlerts({}, { alerts: [disk, acknowledged] });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '',
      'Severity',
      'Priority',
      'Device',
      'Organization',
      'Condition',
      'Instance',
      'Message',
      'Triggered',
      'Acknowledged',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /web-01/ });
    expect(within(row).getByText('Critical')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      '/deviceDashboard/7/overview',
    );
    expect(within(row).getByRole('link', { name: 'Contoso' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Disk lowFlapping');
    expect(row).toHaveTextContent('Disk free space');
    expect(row).toHaveTextContent('C:');
    expect(row).toHaveTextContent(HOSTILE);
    expect(row.querySelector('img')).toBeNull();
    const triggered = within(row).getByText(/ago$/);
    expect(triggered).toHaveAttribute('dateTime', '2024-05-01T10:00:00.000Z');
    expect(triggered.getAttribute('title')).toMatch(/^2024-05-01 \d\d:00:00$/);
    expect(row).toHaveTextContent('Not yet');
    expect(within(table).getByRole('row', { name: /db-01/ })).toHaveTextContent('alice@example.com');
    expect(within(table).getByRole('button', { name: 'Acknowledge CPU high on db-01' })).toBeDisabled();
  });

  it('puts the filters and the sort in the URL and in the request', async () => {
    const server = { alerts: [createAlert()] };
    const { user, router, fetchMock } = openAlerts({}, server);
    await screen.findByRole('table', { name: 'Alerts' });
    expect(alertRequests(fetchMock).at(-1)).toEqual({
      page: '1',
      pageSize: '50',
      status: 'ACTIVE',
      sort: '-triggerTime',
    });

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }));
    await user.click(screen.getByRole('option', { name: 'Major' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: 'Acknowledged' }));
    await user.click(await screen.findByRole('option', { name: 'Not acknowledged' }));
    await user.type(screen.getByRole('textbox', { name: 'Search alerts' }), 'web');
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        severity: 'MAJOR,CRITICAL',
        acknowledged: 'false',
        q: 'web',
      }),
    );
    await waitFor(() =>
      expect(alertRequests(fetchMock).at(-1)).toEqual({
        page: '1',
        pageSize: '50',
        status: 'ACTIVE',
        severity: 'MAJOR,CRITICAL',
        acknowledged: 'false',
        search: 'web',
        sort: '-triggerTime',
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Severity' }));
    await waitFor(() => expect(alertRequests(fetchMock).at(-1)?.sort).toBe('-severity'));
    expect(screen.getByRole('columnheader', { name: 'Severity' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('radio', { name: 'Reset' }));
    await waitFor(() => expect(alertRequests(fetchMock).at(-1)?.status).toBe('RESET'));
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('RESET');
    expect(await screen.findByText('No alert matches these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=RESET&sort=-severity'));
    expect(await screen.findByText('No reset alerts')).toBeInTheDocument();
  });

  it('acknowledges the selected alerts in one request', async () => {
    const [a, b, c] = [
      createAlert({ deviceName: 'web-01' }),
      createAlert({ deviceName: 'web-02' }),
      createAlert({ deviceName: 'web-03' }),
    ];
    const server = { alerts: [a!, b!, c!] };
    const { user, fetchMock } = openAlerts(
      { extraRoutes: { 'POST /alerts/acknowledge': { changed: 2 } } },
      server,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select the alert CPU high on web-01' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select the alert CPU high on web-03' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Actions for the selected alerts' });
    expect(toolbar).toHaveTextContent('2 alerts selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));

    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /alerts/acknowledge')).toEqual([{ ids: [a!.id, c!.id] }]),
    );
    expect(await screen.findByText('2 alerts acknowledged')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
    expect(alertRequests(fetchMock).length).toBeGreaterThanOrEqual(2);
  });

  it('asks before resetting, and resets only once confirmed', async () => {
    const alert = createAlert({ deviceName: 'web-01' });
    const server = { alerts: [alert, createAlert({ deviceName: 'web-02' })] };
    const { user, fetchMock } = openAlerts(
      {
        extraRoutes: {
          'POST /alerts/reset': ({ body }: { body: unknown }) => {
            const { ids } = body as { ids: number[] };
            server.alerts = server.alerts.map((a) => (ids.includes(a.id) ? { ...a, status: 'RESET' } : a));
            return { changed: ids.length };
          },
        },
      },
      server,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select every alert on this page' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reset 2 alerts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestBodies(fetchMock, 'POST /alerts/reset')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset CPU high on web-01' }));
    dialog = await screen.findByRole('dialog', { name: 'Reset this alert?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /alerts/reset')).toEqual([{ ids: [alert.id] }]),
    );
    expect(await screen.findByText('1 alert reset')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /web-01/ })).not.toBeInTheDocument());
    expect(screen.getByRole('row', { name: /web-02/ })).toBeInTheDocument();
  });

  it('offers no selection or actions to those who may only view alerts', async () => {
    openAlerts({ permissions: ['alerts.view'] }, { alerts: [createAlert({ deviceName: 'web-01' })] });
    expect(await screen.findByRole('row', { name: /web-01/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Acknowledge|Reset CPU/ })).not.toBeInTheDocument();
  });

  it('shows a failed read with a way to try again', async () => {
    let fail = true;
    mockFetch({
      'GET /auth/me': meAnswer(MANAGER),
      'GET /alerts': () =>
        fail
          ? errorAnswer(500, 'INTERNAL', 'The server is unwell.')
          : alertPage([createAlert({ deviceName: 'web-09' })]),
    });
    const { user } = renderRoute(<SystemAlertsPage />, {
      path: '/systemDashboard/alerts',
      url: '/systemDashboard/alerts',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is unwell.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('row', { name: /web-09/ })).toBeInTheDocument();
  });

  it('shows one organization’s alerts without the organization column', async () => {
    const org = createOrganization({ name: 'Fabrikam' });
    const { fetchMock } = openAlerts(
      {
        element: <CustomerAlertsPage />,
        path: '/customerDashboard/:id/alerts',
        url: `/customerDashboard/${org.id}/alerts`,
        extraRoutes: { [`GET /client/${org.id}`]: { resultCode: 'SUCCESS', client: org } },
      },
      { alerts: [createAlert({ organizationId: org.id, organizationName: 'Fabrikam' })] },
    );
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).queryByRole('columnheader', { name: 'Organization' })).not.toBeInTheDocument();
    expect(await screen.findByText('Alerts of the devices of Fabrikam.')).toBeInTheDocument();
    expect(alertRequests(fetchMock).at(-1)?.organizationId).toBe(String(org.id));
  });

  it('shows an alert appear and leave as alert.changed events arrive, and pops up a critical one', async () => {
    const server: Server = { alerts: [] };
    openAlerts({}, server);
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
    const socket = FakeWebSocket.instances[0]!;
    socket.receive({ type: 'ready' });

    const raised = createAlert({ deviceName: 'web-07', severity: 'CRITICAL', conditionName: 'CPU high' });
    server.alerts = [raised];
    socket.receive({ type: 'alert.changed', organizationId: 1, change: 'RAISED', alert: raised });
    await act(() => vi.advanceTimersByTimeAsync(INVALIDATE_BATCH_MS));
    const row = await screen.findByRole('row', { name: /web-07/ });
    expect(row).toHaveTextContent('Not yet');
    expect(await screen.findByText('Critical alert on web-07')).toBeInTheDocument();

    // Acknowledged elsewhere: the row changes at once, before the list is read again.
    const acknowledged = {
      ...raised,
      acknowledgeTime: new Date().toISOString(),
      acknowledgedBy: 'bob@example.com',
    };
    server.alerts = [acknowledged];
    socket.receive({ type: 'alert.changed', organizationId: 1, change: 'ACKNOWLEDGED', alert: acknowledged });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('row', { name: /web-07/ })).toHaveTextContent('bob@example.com');

    const reset = {
      ...acknowledged,
      status: 'RESET' as const,
      resetTime: new Date().toISOString(),
      resetReason: 'CLEARED' as const,
    };
    server.alerts = [reset];
    socket.receive({ type: 'alert.changed', organizationId: 1, change: 'RESET', alert: reset });
    await act(() => vi.advanceTimersByTimeAsync(INVALIDATE_BATCH_MS));
    expect(await screen.findByText('No active alerts')).toBeInTheDocument();
  });

  it('counts a burst of raised alerts into one notification, and leaves minor ones silent', async () => {
    openAlerts({}, { alerts: [] });
    await screen.findByText('No active alerts');
    const socket = FakeWebSocket.instances[0]!;
    socket.receive({ type: 'ready' });
    socket.receive({
      type: 'alert.changed',
      organizationId: 1,
      change: 'RAISED',
      alert: createAlert({ deviceName: 'quiet-01', severity: 'MINOR' }),
    });
    for (const name of ['a-01', 'a-02', 'a-03'])
      socket.receive({
        type: 'alert.changed',
        organizationId: 1,
        change: 'RAISED',
        alert: createAlert({ deviceName: name, severity: 'MAJOR' }),
      });
    expect(await screen.findByText('3 new major or critical alerts')).toBeInTheDocument();
    expect(screen.queryByText(/quiet-01/)).not.toBeInTheDocument();
  });
});
