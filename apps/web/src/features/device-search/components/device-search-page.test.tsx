import { defaultSearchPresets } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice, createOrganization } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createGroup,
  createMe,
  createSearch,
  pageOf,
  presetSearches,
  withViewportHeight,
} from '../../../test/search-factories.ts';
import { DeviceSearchPage } from './device-search-page.tsx';

withViewportHeight();
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const openSearch = (url = '/deviceSearch') =>
  renderRoute(<DeviceSearchPage />, { path: '/deviceSearch', url });

const devicesUrls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => /^\/searches\/-?\d+\/devices$/.test(url.pathname));

// Several Mantine pickers per test: generous on a busy machine.
describe('DeviceSearchPage', { timeout: 20_000 }, () => {
  it('lists the ten default presets, then the saved searches and the groups', async () => {
    const saved = createSearch({ search: 'Down in Berlin' });
    const group = createGroup({ search: 'Front desk PCs' });
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [...presetSearches(), group, saved],
      'GET /searches/-1/devices': pageOf([]),
    });
    openSearch();

    const list = await screen.findByRole('navigation', { name: 'Searches' });
    const links = within(list)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([...defaultSearchPresets.map((p) => p.search), 'Down in Berlin', 'Front desk PCs']);
    expect(within(list).getByRole('link', { name: 'All devices' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByText('Saved searches')).toBeInTheDocument();
    expect(within(list).getByText('Groups')).toBeInTheDocument();
  });

  it('shows the selected preset’s criteria as rows, and adds and removes rows', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-6/devices': pageOf([]),
    });
    const { user } = openSearch('/deviceSearch?searchId=-6');

    expect(await screen.findByRole('heading', { name: 'Disk free space under 10%' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Field 1' })).toHaveValue('Disk free space (%)');
    expect(screen.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('is less than');
    expect(screen.getByRole('textbox', { name: 'Value 1' })).toHaveValue('10');

    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    expect(screen.getByRole('combobox', { name: 'Field 2' })).toHaveValue('Status');
    expect(screen.getByRole('combobox', { name: 'Operator 2' })).toHaveValue('is');
    expect(screen.getByRole('combobox', { name: 'Value 2' })).toHaveValue('Up');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Operator 2' }));
    await user.click(screen.getByRole('option', { name: 'is not' }));
    await user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    expect(screen.getByRole('combobox', { name: 'Field 1' })).toHaveValue('Status');
    expect(screen.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('is not');
    expect(screen.queryByRole('combobox', { name: 'Field 2' })).not.toBeInTheDocument();
  });

  it('saves the criteria as a group with the group search group', async () => {
    const created = createGroup({ search: 'Servers down' });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([]),
      'POST /searches': created,
      [`GET /searches/${created.id}/devices`]: pageOf([]),
    });
    const { user, router } = openSearch();

    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('combobox', { name: 'Value 1' }));
    await user.click(screen.getByRole('option', { name: 'Down' }));
    await user.click(screen.getByRole('button', { name: 'Save as group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as group' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Servers down');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.search).toBe(`?searchId=${created.id}`));
    expect(requestBodies(fetchMock, 'POST /searches')).toEqual([
      {
        search: 'Servers down',
        criteria: { match: 'all', rules: [{ field: 'status', operator: 'equals', value: 'DOWN' }] },
        searchGroup: 'GROUP',
      },
    ]);
  });

  it('asks for a name before saving a search', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Mandatory value is undefined. Please enter a value.'),
    ).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /searches')).toEqual([]);
  });

  it('approves the selected rows and says how many were approved and skipped', async () => {
    const pending = [
      createDevice({ displayName: 'PC-A', approvalStatus: 'PENDING' }),
      createDevice({ displayName: 'PC-B', approvalStatus: 'PENDING' }),
      createDevice({ displayName: 'PC-C' }),
    ];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf(pending),
      'POST /search/runner/execute-action': {
        resultCode: 'SUCCESS',
        action: 'APPROVE',
        matched: 2,
        affected: 2,
        skipped: 0,
      },
    });
    const { user } = openSearch();

    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-A' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PC-B' }));
    expect(screen.getByText('2 devices selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('2 devices approved, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'APPROVE', target: { nodeIds: [pending[0]!.id, pending[1]!.id] } },
    ]);
    expect(screen.queryByText('2 devices selected')).not.toBeInTheDocument();
  });

  it('deletes every matching device of the search after confirming', async () => {
    const devices = [createDevice(), createDevice()];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-3/devices': pageOf(devices, 125_000),
      'POST /search/runner/execute-action': {
        resultCode: 'SUCCESS',
        action: 'DELETE',
        matched: 10_000,
        affected: 9_998,
        skipped: 2,
      },
    });
    const { user } = openSearch('/deviceSearch?searchId=-3');

    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    expect(screen.getByText('All 2 devices on this page are selected.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select all 125,000 matching devices' }));
    expect(screen.getByText('All 125,000 matching devices are selected.')).toBeInTheDocument();
    expect(screen.getByText('Only the first 10,000 devices can be acted on at once.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 10,000 devices?' });
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent('9,998 devices deleted, 2 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'DELETE', target: { searchId: -3 } },
    ]);
  });

  it('moves the selected devices to a location picked by organization', async () => {
    const devices = [createDevice({ displayName: 'PC-M1' }), createDevice({ displayName: 'PC-M2' })];
    const organization = createOrganization({
      name: 'Fabrikam',
      locations: [{ id: 77, organizationId: 0, name: 'Warehouse', address: '', description: '' }],
    });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf(devices),
      'GET /organizations': { data: [organization], count: 1, page: 1, pageSize: 500 },
      'POST /search/runner/execute-action': {
        resultCode: 'SUCCESS',
        action: 'MOVE_TO_LOCATION',
        matched: 2,
        affected: 1,
        skipped: 1,
      },
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to location' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move devices to a location' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Organization' }));
    await user.click(await screen.findByRole('option', { name: 'Fabrikam' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Location' }));
    await user.click(screen.getByRole('option', { name: 'Warehouse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 device moved, 1 skipped Devices of another organization than the location’s are skipped.',
    );
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'MOVE_TO_LOCATION', target: { nodeIds: devices.map((d) => d.id) }, locationId: 77 },
    ]);
  });

  it('keeps the search, page and sort in the URL and asks the server for them', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-2/devices': pageOf([createDevice({ displayName: 'PC-UP' })], 300),
    });
    const { user, router } = openSearch('/deviceSearch?searchId=-2&page=2&sort=-lastSeen');

    expect(await screen.findByRole('link', { name: 'PC-UP' })).toBeInTheDocument();
    const first = devicesUrls(fetchMock).at(-1)!;
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '2', pageSize: '100', sort: '-lastSeen' });
    expect(screen.getByRole('columnheader', { name: /Last seen/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchId=-2&sort=displayName'));
    await user.click(screen.getByRole('link', { name: 'Down' }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchId=-3&sort=displayName'));
  });

  it('shows the columns chosen, and keeps the choice in this browser', async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ agentVersion: '9.9.9' })]),
    });
    const { user } = openSearch();
    expect(await screen.findByRole('columnheader', { name: /Operating system/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Agent version' }));
    await user.click(screen.getByRole('checkbox', { name: 'Operating system' }));

    expect(screen.getByRole('cell', { name: '9.9.9' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Operating system/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('rmm.deviceSearch.columns') ?? '[]')).toContain('agentVersion');
  });
});
