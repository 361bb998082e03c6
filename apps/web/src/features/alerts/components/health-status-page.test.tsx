import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { healthSettings } from '../../../test/alert-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { HealthStatusPage } from './health-status-page.tsx';

const PATH = '/administration/devices/healthStatus';

const openPage = () =>
  renderRoute(
    <>
      <Notifications />
      <HealthStatusPage />
    </>,
    { path: PATH, url: PATH },
  );

afterEach(() => act(() => notifications.clean()));

describe('Health status settings', { timeout: 20_000 }, () => {
  it('shows what each severity makes a device and saves a change', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer(['settings.view', 'settings.manage']),
      'GET /settings/health-status': healthSettings(),
      'PUT /settings/health-status': ({ body }: { body: unknown }) => body,
    });
    const { user } = openPage();
    const major = await screen.findByRole('radiogroup', { name: 'An active Major alert makes its device' });
    expect(within(major).getByRole('radio', { name: 'Unhealthy' })).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(within(major).getByRole('radio', { name: 'Needs attention' }));
    await user.click(screen.getByRole('switch', { name: /Offline devices are unhealthy/ }));
    await user.click(save);

    await waitFor(() =>
      expect(requestBodies(fetchMock, 'PUT /settings/health-status')).toEqual([
        healthSettings({
          severities: { ...healthSettings().severities, MAJOR: 'NEEDS_ATTENTION' },
          offlineIsUnhealthy: false,
        }),
      ]),
    );
    expect(await screen.findByText('Health status settings saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps the change and says why when the server refuses it', async () => {
    mockFetch({
      'GET /auth/me': meAnswer(['settings.view', 'settings.manage']),
      'GET /settings/health-status': healthSettings(),
      'PUT /settings/health-status': () => errorAnswer(400, 'VALIDATION', 'Not this time.'),
    });
    const { user } = openPage();
    const minor = await screen.findByRole('radiogroup', { name: 'An active Minor alert makes its device' });
    await user.click(within(minor).getByRole('radio', { name: 'Unhealthy' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not this time.')).toBeInTheDocument();
    expect(within(minor).getByRole('radio', { name: 'Unhealthy' })).toBeChecked();
  });

  it('is read-only without the permission to manage settings', async () => {
    mockFetch({
      'GET /auth/me': meAnswer(['settings.view']),
      'GET /settings/health-status': healthSettings(),
    });
    openPage();
    expect(await screen.findByText(/changing them needs the permission/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Offline devices are unhealthy/ })).toBeDisabled();
  });
});
