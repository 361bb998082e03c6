import {
  allPermissions,
  defaultFeatureFlags,
  type MeResponse,
  type Role,
  type SsoSettings,
} from '@rmm/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { SsoSettingsPage } from './sso-settings-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const me: MeResponse = {
  user: {
    id: 1,
    email: 'admin@example.com',
    name: 'Admin',
    roleName: 'Administrator',
    roleId: 1,
    organizationScope: 'all',
  },
  permissions: [...allPermissions],
  featureFlags: defaultFeatureFlags,
};
const role = (id: number, name: string): Role => ({
  id,
  name,
  description: '',
  roleType: 'TECHNICIAN',
  permissions: [],
  organizationScope: 'all',
  isBuiltIn: true,
  userCount: 0,
  createdAt: '2024-01-01T08:00:00.000Z',
});
const settings: SsoSettings = {
  enabled: true,
  issuerUrl: 'https://login.example.com',
  clientId: 'rmm',
  clientSecretSet: true,
  scopes: 'openid email profile groups',
  groupsClaim: 'groups',
  buttonLabel: 'Sign in with Example',
  jitEnabled: false,
  defaultRoleId: null,
  groupMappings: [{ group: 'rmm-admins', roleId: 1, organizationScope: 'all' }],
  redirectUri: 'https://rmm.example.com/auth/sso/callback',
};

describe('the single sign-on settings screen', { timeout: 20_000 }, () => {
  it('shows the stored settings without the secret, and saves a new mapping keeping the secret', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': me,
      'GET /settings/sso': settings,
      'PUT /settings/sso': ({ body }: { body: object }) => ({ ...settings, ...body, clientSecretSet: true }),
      'GET /user-roles': [role(1, 'Administrator'), role(3, 'Helpdesk')],
      'GET /organizations': { data: [], count: 0, page: 1, pageSize: 500 },
    });
    const { user } = renderRoute(<SsoSettingsPage />, {
      path: '/administration/users/singleSignOn',
      url: '/administration/users/singleSignOn',
    });
    expect(await screen.findByDisplayValue('https://rmm.example.com/auth/sso/callback')).toBeInTheDocument();
    expect(screen.getByText('A secret is stored. Leave empty to keep it.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('rmm-admins')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add a mapping' }));
    const groups = screen.getAllByRole('textbox', { name: 'Group' });
    await user.type(groups[1]!, 'rmm-helpdesk');
    await user.click(screen.getByRole('switch', { name: /Create technicians just in time/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requestBodies(fetchMock, 'PUT /settings/sso')).toHaveLength(1));
    const [body] = requestBodies(fetchMock, 'PUT /settings/sso');
    expect(body).not.toHaveProperty('clientSecret');
    // A row without a role is not sent.
    expect(body).toMatchObject({
      jitEnabled: true,
      groupMappings: [{ group: 'rmm-admins', roleId: 1, organizationScope: 'all' }],
    });
  });
});
