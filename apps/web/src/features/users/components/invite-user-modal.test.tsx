import { allPermissions, defaultFeatureFlags, type Role, type User } from '@rmm/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { TechniciansPage } from './users-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const helpdesk: Role = {
  id: 3,
  name: 'Helpdesk',
  description: '',
  roleType: 'TECHNICIAN',
  permissions: ['devices.view'],
  organizationScope: 'all',
  isBuiltIn: true,
  userCount: 0,
  createdAt: '2024-01-01T08:00:00.000Z',
};

const invited: User = {
  id: 12,
  email: 'dana@example.com',
  name: 'Dana Scully',
  phone: '',
  userType: 'TECHNICIAN',
  roleId: 3,
  roleName: 'Helpdesk',
  organizationScope: [4],
  organizationId: null,
  organizationName: null,
  isEnabled: true,
  status: 'INVITED',
  invitationExpiresAt: '2030-05-04T10:00:00.000Z',
  lastLoginAt: null,
  createdAt: '2030-05-01T10:00:00.000Z',
};

const routes = (extra: Record<string, unknown> = {}) => ({
  'GET /auth/me': {
    user: {
      id: 1,
      email: 'admin@example.com',
      name: 'Admin',
      roleName: 'Administrator',
      organizationScope: 'all',
    },
    permissions: [...allPermissions],
    featureFlags: defaultFeatureFlags,
  },
  'GET /users': { data: [], count: 0, page: 1, pageSize: 25 },
  'GET /user-roles': [helpdesk],
  'GET /organizations': {
    data: [
      { id: 4, name: 'Contoso', locations: [] },
      { id: 5, name: 'Fabrikam', locations: [] },
    ],
    count: 2,
    page: 1,
    pageSize: 500,
  },
  ...extra,
});

const openPage = () =>
  renderRoute(<TechniciansPage />, {
    path: '/administration/users/technicians',
    url: '/administration/users/technicians',
  });

describe('inviting a technician', { timeout: 20_000 }, () => {
  it('sends the invitation and shows the one-time link with its expiry and a copy button', async () => {
    const fetchMock = mockFetch(
      routes({
        'POST /users': {
          user: invited,
          link: {
            url: 'http://console.test/invitation/abcdefghijklmnop',
            expiresAt: '2030-05-04T10:00:00.000Z',
          },
        },
      }),
    );
    const { user } = openPage();
    expect(await screen.findByText(/No technicians yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite technician' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Invite technician');

    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'dana@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dana Scully');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Helpdesk' }));
    await user.click(screen.getByRole('switch', { name: 'All organizations' }));
    await user.click(screen.getByRole('combobox', { name: 'Organizations this user may see' }));
    await user.click(await screen.findByRole('option', { name: 'Contoso' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('http://console.test/invitation/abcdefghijklmnop')).toBeInTheDocument();
    expect(
      screen.getByText(/Send this link to Dana Scully\. It works once and expires 2030-05-0\d/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /users')).toEqual([
      {
        email: 'dana@example.com',
        name: 'Dana Scully',
        userType: 'TECHNICIAN',
        roleId: 3,
        organizationScope: [4],
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('http://console.test/invitation/abcdefghijklmnop')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the invitation is refused', async () => {
    mockFetch(
      routes({
        'POST /users': () => errorAnswer(409, 'CONFLICT', 'A user with this email already exists.'),
      }),
    );
    const { user } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Invite technician' }));
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'dana@example.com');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Dana');
    await user.click(screen.getByRole('combobox', { name: /^Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Helpdesk' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with this email already exists.');
    expect(screen.queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
  });
});
