import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { createGroup, createMe, createSearch, presetSearches } from '../../test/search-factories.ts';
import { GroupsPage } from './groups-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const openGroups = () =>
  renderRoute(<GroupsPage />, {
    path: '/administration/devices/groups',
    url: '/administration/devices/groups',
  });

describe('GroupsPage', { timeout: 20_000 }, () => {
  it('shows exactly "Error fetching groups" when the groups cannot be loaded', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': () => errorAnswer(500, 'INTERNAL', 'Something went wrong on the server.'),
    });
    openGroups();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error fetching groups/);
    expect(screen.getByText('Error fetching groups')).toBeInTheDocument();
  });

  it('describes the plain device fields in words', async () => {
    const group = createGroup({
      search: 'Windows kiosks waiting',
      criteria: {
        match: 'all',
        rules: [
          { field: 'approvalStatus', operator: 'equals', value: 'PENDING' },
          { field: 'platform', operator: 'equals', value: 'win32' },
          { field: 'nodeRoleId', operator: 'notEquals', value: 2 },
          { field: 'hostname', operator: 'contains', value: 'kiosk' },
          { field: 'memoryPercent', operator: 'greaterThan', value: 80 },
        ],
      },
    });
    mockFetch({ 'GET /auth/me': createMe(), 'GET /searches': [group] });
    openGroups();
    const row = await screen.findByRole('row', { name: /Windows kiosks waiting/ });
    expect(row).toHaveTextContent(
      'Approval status is Pending and Platform is Windows and Role is not Windows Workstation and Hostname contains kiosk and Memory use (%) is greater than 80',
    );
  });

  it('lists the groups only, with what each matches, and links to each group', async () => {
    const group = createGroup({
      search: 'Servers needing reboot',
      criteria: {
        match: 'any',
        rules: [
          { field: 'needsReboot', operator: 'equals', value: true },
          { field: 'diskFreePercent', operator: 'lessThan', value: 5 },
        ],
      },
    });
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [...presetSearches(), createSearch({ search: 'Not a group' }), group],
    });
    openGroups();
    const row = await screen.findByRole('row', { name: /Servers needing reboot/ });
    expect(within(row).getByRole('link', { name: 'Servers needing reboot' })).toHaveAttribute(
      'href',
      `/group/${group.id}`,
    );
    expect(row).toHaveTextContent('Needs reboot is Yes or Disk free space (%) is less than 5');
    expect(screen.queryByText('Not a group')).not.toBeInTheDocument();
    expect(screen.queryByText('All devices')).not.toBeInTheDocument();
  });

  it('creates a group with a name and criteria', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'POST /searches': createGroup({ search: 'Kiosks' }),
    });
    const { user } = openGroups();
    expect(await screen.findByText(/No groups yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Kiosks');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Field 1' }));
    await user.click(screen.getByRole('option', { name: 'Failed patches' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Any condition' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Value 1' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Value 1' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /searches')).toEqual([
        {
          search: 'Kiosks',
          criteria: { match: 'any', rules: [{ field: 'patchFailures', operator: 'equals', value: 3 }] },
          searchGroup: 'GROUP',
        },
      ]),
    );
  });

  it('asks before deleting a group, then deletes it', async () => {
    const group = createGroup({ search: 'Old laptops' });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [group],
      [`DELETE /searches/${group.id}`]: { ok: true },
    });
    const { user } = openGroups();
    await user.click(await screen.findByRole('button', { name: 'Delete group Old laptops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the group “Old laptops”?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true),
    );
  });
});
