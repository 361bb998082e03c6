import { allPermissions, defaultFeatureFlags, defaultSecuritySettings } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { SecuritySettingsPage } from './security-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = (permissions: readonly string[]) => ({
  user: {
    id: 1,
    email: 'admin@example.com',
    name: 'Admin',
    roleName: 'Administrator',
    organizationScope: 'all',
  },
  permissions: [...permissions],
  featureFlags: defaultFeatureFlags,
});

const openPage = () =>
  renderRoute(<SecuritySettingsPage />, {
    path: '/administration/users/securitySettings',
    url: '/administration/users/securitySettings',
  });

describe('the security settings page', { timeout: 20_000 }, () => {
  it('shows the settings and saves the changed ones', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': me(allPermissions),
      'GET /settings/security': defaultSecuritySettings,
      'PUT /settings/security': ({ body }: { body: unknown }) => ({
        ...defaultSecuritySettings,
        ...(body as object),
      }),
    });
    const { user } = openPage();
    const required = await screen.findByRole('switch', { name: /Require two-step verification/ });
    expect(required).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Authenticator app' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Refuse common leaked passwords/ })).toBeChecked();
    const minLength = screen.getByRole('textbox', { name: /Minimum password length/ });
    expect(minLength).toHaveValue('12');
    expect(screen.getByRole('textbox', { name: /idle minutes/ })).toHaveValue('480');

    await user.click(required);
    await user.click(screen.getByRole('checkbox', { name: 'Duo' }));
    await user.clear(minLength);
    await user.type(minLength, '16');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'PUT /settings/security')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'PUT /settings/security')[0]).toEqual({
      mfaRequired: true,
      allowedMfaTypes: ['U2F_TOKEN', 'TOTP', 'SMS_OTP'],
      passwordMinLength: 16,
      checkBreachedPasswords: true,
      sessionIdleMinutes: 480,
    });
  });

  it('names what is wrong and does not save: MFA required without the authenticator app, a length out of range', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': me(allPermissions),
      'GET /settings/security': defaultSecuritySettings,
      'PUT /settings/security': () => errorAnswer(400, 'VALIDATION_FAILED', 'refused'),
    });
    const { user } = openPage();
    await user.click(await screen.findByRole('switch', { name: /Require two-step verification/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Authenticator app' }));
    expect(screen.getByText(/needs the authenticator app allowed/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Authenticator app' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    const idle = screen.getByRole('textbox', { name: /idle minutes/ });
    await user.clear(idle);
    await user.type(idle, '2000');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(requestBodies(fetchMock, 'PUT /settings/security')).toHaveLength(0);
  });

  it('is read-only without settings.manage', async () => {
    mockFetch({
      'GET /auth/me': me(['settings.view']),
      'GET /settings/security': { ...defaultSecuritySettings, mfaRequired: true },
    });
    openPage();
    const required = await screen.findByRole('switch', { name: /Require two-step verification/ });
    expect(required).toBeChecked();
    expect(required).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Minimum password length/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Duo' })).toBeDisabled();
    expect(screen.getByText(/You may view these settings/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
