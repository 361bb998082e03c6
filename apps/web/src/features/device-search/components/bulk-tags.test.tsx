import { messages } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { createMe, pageOf, presetSearches, withViewportHeight } from '../../../test/search-factories.ts';
import { createTag, tagPage } from '../../../test/tag-factories.ts';
import { PREVIEW_DELAY_MS } from '../use-criteria-draft.ts';
import { DeviceSearchPage } from './device-search-page.tsx';

withViewportHeight();
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const BULK = 'POST /devices/tags/bulk';
const openSearch = (url = '/deviceSearch') =>
  renderRoute(<DeviceSearchPage />, { path: '/deviceSearch', url });

describe('tags in device search', { timeout: 30_000 }, () => {
  it("shows each device's tags in the results", async () => {
    mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ displayName: 'PC-T', tags: ['linux', 'web'] })]),
    });
    openSearch();
    const row = await screen.findByRole('row', { name: /PC-T/ });
    expect(within(row).getByText('linux')).toBeInTheDocument();
    expect(within(row).getByText('web')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Tags/ })).toBeInTheDocument();
  });

  it('adds tags to the selected devices, held to the tag rules as they are typed', async () => {
    const devices = [createDevice({ displayName: 'PC-1' }), createDevice({ displayName: 'PC-2' })];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf(devices),
      'GET /devices/tags': tagPage([createTag({ name: 'linux' })]),
      [BULK]: { matched: 2, affected: 2, ignored: 0 },
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PC-2' }));
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 2 devices' });
    const names = within(dialog).getByRole('combobox', { name: 'Tags' });
    await user.type(names, 'front desk');
    expect(names).toHaveAccessibleDescription(messages.tags.noSpaces);
    await user.clear(names);
    await user.type(names, 'front-desk{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(requestBodies(fetchMock, BULK)).toEqual([
        { target: { nodeIds: [devices[0]!.id, devices[1]!.id] }, add: ['front-desk'] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('2 devices selected')).not.toBeInTheDocument();
  });

  it('removes a tag from every matching device of the search', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-3/devices': pageOf([createDevice(), createDevice()], 300),
      'GET /devices/tags': tagPage([createTag({ name: 'old' })]),
      [BULK]: { matched: 300, affected: 120, ignored: 0 },
    });
    const { user } = openSearch('/deviceSearch?searchId=-3');
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 300 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Tags' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tags of 300 devices' });
    await user.click(within(dialog).getByRole('radio', { name: 'Remove tags' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Tags' }), 'old{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, BULK)).toEqual([{ target: { searchId: -3 }, remove: ['old'] }]),
    );
  });

  it('offers no Tags action to those who may not change devices', async () => {
    mockFetch({
      'GET /auth/me': createMe(['devices.view']),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ displayName: 'PC-V' })]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-V' }));
    expect(screen.getByRole('button', { name: 'Tags' })).toBeDisabled();
  });

  it('filters by tags: a condition "Tags has any of" runs with the list of names', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ displayName: 'PC-ANY' })]),
      'GET /devices/tags': tagPage([createTag({ name: 'linux' })]),
      'POST /searches/run': pageOf([createDevice({ displayName: 'PC-LINUX', tags: ['linux'] })]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('combobox', { name: 'Field 1' }));
    await user.click(await screen.findByRole('option', { name: 'Tags' }));
    expect(screen.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('has any of');
    await user.click(screen.getByRole('combobox', { name: 'Operator 1' }));
    expect(screen.getByRole('option', { name: 'has all of' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'has none of' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('combobox', { name: 'Value 1' }), 'linux{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /searches/run').at(-1)).toMatchObject({
        criteria: { match: 'all', rules: [{ field: 'tags', operator: 'hasAnyOf', value: ['linux'] }] },
      }),
    );
    expect(await screen.findByRole('link', { name: 'PC-LINUX' })).toBeInTheDocument();
  });
});
