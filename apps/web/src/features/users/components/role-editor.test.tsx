import { allPermissions, defaultFeatureFlags, type MeResponse, type Role } from '@rmm/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { RoleEditor } from './role-editor.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = (psa: boolean): MeResponse => ({
  user: {
    id: 1,
    email: 'admin@example.com',
    name: 'Admin',
    roleName: 'Administrator',
    roleId: 1,
    organizationScope: 'all',
  },
  permissions: [...allPermissions],
  featureFlags: { ...defaultFeatureFlags, psa_connectwise: psa },
});

const role = (overrides: Partial<Role> = {}): Role => ({
  id: 7,
  name: 'Night shift',
  description: '',
  roleType: 'TECHNICIAN',
  permissions: ['devices.view'],
  organizationScope: 'all',
  isBuiltIn: false,
  userCount: 0,
  createdAt: '2024-01-01T08:00:00.000Z',
  ...overrides,
});

const routes = (psa: boolean, extra: Record<string, unknown> = {}) => ({
  'GET /auth/me': me(psa),
  'GET /organizations': { data: [], count: 0, page: 1, pageSize: 500 },
  ...extra,
});

const open = (url: string) => renderRoute(<RoleEditor />, { path: '/editor/role/:id/*', url });

describe('the permission matrix of the role editor', { timeout: 20_000 }, () => {
  it('toggles a whole area, then one action of it, and saves the permissions', async () => {
    const fetchMock = mockFetch(
      routes(false, { 'POST /user-roles': ({ body }: { body: object }) => role({ ...body, id: 9 }) }),
    );
    const { user } = open('/editor/role/new/permissions?roleType=TECHNICIAN');
    const devicesAll = await screen.findByRole('checkbox', { name: 'All permissions of Devices' });
    const actions = ['Devices: View', 'Devices: Manage', 'Devices: Approve'].map((name) =>
      screen.getByRole('checkbox', { name }),
    );
    for (const box of actions) expect(box).not.toBeChecked();

    await user.click(devicesAll);
    for (const box of actions) expect(box).toBeChecked();
    expect(devicesAll).toBeChecked();

    await user.click(actions[1]!);
    expect(actions[1]).not.toBeChecked();
    expect(devicesAll).not.toBeChecked();
    expect(devicesAll).toHaveAttribute('data-indeterminate', 'true');

    await user.click(devicesAll);
    expect(actions[1]).toBeChecked();
    await user.click(devicesAll);
    for (const box of actions) expect(box).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Jobs: Run' }));
    await user.click(screen.getByRole('checkbox', { name: 'All permissions of Scripts' }));

    await user.click(screen.getByRole('tab', { name: 'General' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Night shift');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(requestBodies(fetchMock, 'POST /user-roles')).toHaveLength(1));
    const [body] = requestBodies(fetchMock, 'POST /user-roles');
    expect(body).toMatchObject({ roleType: 'TECHNICIAN', name: 'Night shift', organizationScope: 'all' });
    expect([...body.permissions].sort()).toEqual([
      'jobs.run',
      'scripts.manage',
      'scripts.run',
      'scripts.view',
    ]);
  });

  it('shows the PSA area only while the psa_connectwise flag is on', async () => {
    mockFetch(routes(false));
    const first = open('/editor/role/new/permissions?roleType=TECHNICIAN');
    await screen.findByRole('checkbox', { name: 'All permissions of Devices' });
    expect(screen.queryByRole('checkbox', { name: 'All permissions of PSA' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'PSA: Configure' })).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    mockFetch(routes(true));
    open('/editor/role/new/permissions?roleType=TECHNICIAN');
    expect(await screen.findByRole('checkbox', { name: 'PSA: Configure' })).toBeInTheDocument();
  });

  it('offers the portal permissions for an end-user role', async () => {
    mockFetch(routes(false));
    open('/editor/role/new/permissions?roleType=END_USER');
    const all = await screen.findByRole('checkbox', { name: 'All permissions of Portal' });
    const row = all.closest('tr')!;
    expect(within(row).getAllByRole('checkbox')).toHaveLength(5);
    expect(screen.queryByRole('checkbox', { name: 'All permissions of Devices' })).not.toBeInTheDocument();
  });

  it('opens a built-in role read-only', async () => {
    mockFetch(routes(false, { 'GET /user-roles/3': role({ id: 3, name: 'Helpdesk', isBuiltIn: true }) }));
    open('/editor/role/3/permissions');
    expect(await screen.findByText('Built-in roles cannot be changed.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Devices: View' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Devices: View' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
