import { Notifications } from '@mantine/notifications';
import { allPermissions, builtInNodeRoles } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOrganization } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { createPolicy, summaryOf } from '../../../test/policy-factories.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { OrganizationPoliciesTab, withRolePolicy } from './organization-policies-tab.tsx';

afterEach(() => vi.unstubAllGlobals());

const linux = createPolicy({ id: 7, name: 'Linux servers', nodeClass: 'LINUX_SERVER' });
const windows = createPolicy({ id: 8, name: 'Windows desktops', nodeClass: 'WINDOWS_WORKSTATION' });
const organization = createOrganization({
  id: 4,
  locations: [{ id: 9, organizationId: 4, name: 'Branch', address: '', description: '' }],
});

describe('an organization’s policies', { timeout: 60_000 }, () => {
  it('sets a role’s policy at a level and drops a level left empty', () => {
    const empty = { defaults: [], locations: [] };
    const withDefault = withRolePolicy(empty, 'default', 5, 7);
    expect(withDefault).toEqual({ defaults: [{ nodeRoleId: 5, policyId: 7 }], locations: [] });
    const withLocation = withRolePolicy(withDefault, 9, 5, 7);
    expect(withLocation.locations).toEqual([{ locationId: 9, policies: [{ nodeRoleId: 5, policyId: 7 }] }]);
    expect(withRolePolicy(withLocation, 9, 5, null).locations).toEqual([]);
  });

  it('offers each role the policies of its class, for the organization and per location, and saves them', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': meAnswer([...allPermissions]),
      'GET /policies': pageOf([summaryOf(linux), summaryOf(windows)]),
      'GET /noderole/list': builtInNodeRoles,
      [`GET /client/${organization.id}`]: { resultCode: 'SUCCESS', client: organization },
      'GET /organizations/4/policies': { defaults: [], locations: [] },
      'PUT /organizations/4/policies': ({ body }: { body: unknown }) => body,
    });
    const { user } = renderRoute(
      <>
        <Notifications />
        <OrganizationPoliciesTab organizationId={4} />
      </>,
      { path: '/editor/customer/:id/policies', url: '/editor/customer/4/policies' },
    );
    const linuxRole = await screen.findByRole('combobox', { name: 'Policy for Linux Server' });
    await user.click(linuxRole);
    expect(screen.queryByRole('option', { name: 'Windows desktops' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Linux servers' }));
    // Roles no policy is made for are named, not offered.
    expect(screen.queryByRole('combobox', { name: 'Policy for Mac' })).not.toBeInTheDocument();
    expect(screen.getByText(/Roles without any policy of their class yet: .*Mac/)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Assignment for' }));
    await user.click(screen.getByRole('option', { name: 'Location: Branch' }));
    const atBranch = screen.getByRole('combobox', { name: 'Policy for Windows Workstation' });
    expect(atBranch).toHaveValue('As the organization');
    await user.click(atBranch);
    await user.click(screen.getByRole('option', { name: 'Windows desktops' }));
    expect(screen.getByRole('combobox', { name: 'Policy for Linux Server' })).toHaveValue(
      'As the organization (Linux servers)',
    );
    await user.click(screen.getByRole('button', { name: 'Save assignment' }));
    expect(await screen.findByText('Policy assignment saved')).toBeInTheDocument();
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'PUT /organizations/4/policies')).toEqual([
        {
          defaults: [{ nodeRoleId: 5, policyId: 7 }],
          locations: [{ locationId: 9, policies: [{ nodeRoleId: 2, policyId: 8 }] }],
        },
      ]),
    );
  });
});
