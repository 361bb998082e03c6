import type { ListDevicesResponse, NodeRole } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createActionAnswer,
  createMe,
  createSearch,
  pageOf,
  presetSearches,
  withViewportHeight,
} from '../../../test/search-factories.ts';
import { PREVIEW_DELAY_MS } from '../use-criteria-draft.ts';
import { DeviceSearchPage } from './device-search-page.tsx';

withViewportHeight();
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const RUN = 'POST /searches/run';
const firstPage = { page: 1, pageSize: 100, sort: 'displayName' };

const openSearch = (url = '/deviceSearch') =>
  renderRoute(<DeviceSearchPage />, { path: '/deviceSearch', url });

/** The edits have paused: the preview is asked for. */
const pauseTyping = () => act(() => vi.advanceTimersByTimeAsync(PREVIEW_DELAY_MS));

/** An answer the test sends when it chooses, to see what shows while it is on its way. */
const deferredAnswer = () => {
  let send: (answer: ListDevicesResponse) => void = () => {};
  const answer = new Promise<ListDevicesResponse>((resolve) => {
    send = resolve;
  });
  return { answer, send: (value: ListDevicesResponse) => act(async () => send(value)) };
};

const pick = async (user: ReturnType<typeof openSearch>['user'], combobox: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the criteria preview', { timeout: 30_000 }, () => {
  it('lists what the edited criteria match, keeping the last page on screen until the next arrives', async () => {
    const search = createSearch({ search: 'Down in Berlin' });
    const down = createDevice({ displayName: 'PC-DOWN', status: 'DOWN' });
    const up = createDevice({ displayName: 'PC-UP' });
    const preview = deferredAnswer();
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': [...presetSearches(), search],
      [`GET /searches/${search.id}/devices`]: pageOf([down]),
      [RUN]: () => preview.answer,
    });
    const { user } = openSearch(`/deviceSearch?searchId=${search.id}`);
    expect(await screen.findByRole('link', { name: 'PC-DOWN' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();

    await pick(user, 'Operator 1', 'is not');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await pauseTyping();
    await waitFor(() =>
      expect(requestBodies(fetchMock, RUN)).toEqual([
        {
          ...firstPage,
          criteria: { match: 'all', rules: [{ field: 'status', operator: 'notEquals', value: 'DOWN' }] },
        },
      ]),
    );
    // Still loading: the devices of before stay, and cannot be acted on.
    await user.click(screen.getByRole('checkbox', { name: 'Select PC-DOWN' }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeDisabled();

    await preview.send(pageOf([up]));
    expect(await screen.findByRole('link', { name: 'PC-UP' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PC-DOWN' })).not.toBeInTheDocument();
    expect(screen.queryByText('1 device selected')).not.toBeInTheDocument();
    expect(screen.queryByText(/The criteria changed/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('is');
    expect(await screen.findByRole('link', { name: 'PC-DOWN' })).toBeInTheDocument();
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(requestBodies(fetchMock, RUN)).toHaveLength(1);
  });

  it('keeps the last complete criteria while a condition waits for its value', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ displayName: 'PC-ANY' })]),
      [RUN]: pageOf([]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await pick(user, 'Field 1', 'Hostname');
    expect(screen.getByRole('combobox', { name: 'Operator 1' })).toHaveValue('contains');
    expect(screen.getByText('Enter a value')).toBeInTheDocument();
    await pauseTyping();
    expect(requestBodies(fetchMock, RUN)).toEqual([]);
    expect(screen.getByRole('link', { name: 'PC-ANY' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Value 1' }), 'web');
    await pauseTyping();
    await waitFor(() =>
      expect(requestBodies(fetchMock, RUN).at(-1)).toEqual({
        ...firstPage,
        criteria: { match: 'all', rules: [{ field: 'hostname', operator: 'contains', value: 'web' }] },
      }),
    );
    expect(await screen.findByText('No devices match this search.')).toBeInTheDocument();
  });

  it('matches any condition when the technician switches from all to any', async () => {
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([]),
      [RUN]: pageOf([createDevice({ displayName: 'PC-WEB' }), createDevice({ displayName: 'PC-DB' })]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await pick(user, 'Field 1', 'Hostname');
    await user.type(screen.getByRole('textbox', { name: 'Value 1' }), 'web');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await pick(user, 'Field 2', 'Hostname');
    await user.type(screen.getByRole('textbox', { name: 'Value 2' }), 'db');
    await user.click(screen.getByText('Any condition'));
    await pauseTyping();
    const rules = [
      { field: 'hostname', operator: 'contains', value: 'web' },
      { field: 'hostname', operator: 'contains', value: 'db' },
    ];
    await waitFor(() =>
      expect(requestBodies(fetchMock, RUN).at(-1)).toEqual({
        ...firstPage,
        criteria: { match: 'any', rules },
      }),
    );
    expect(await screen.findByRole('link', { name: 'PC-WEB' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'PC-DB' })).toBeInTheDocument();
  });

  it('offers the plain device fields, with lists for approval status, platform and role', async () => {
    const roles: NodeRole[] = [
      {
        id: 5,
        name: 'Linux Server',
        description: '',
        nodeClass: 'LINUX_SERVER',
        custom: false,
        dashboard: 'deviceDashboard',
      },
      {
        id: 15,
        name: 'Switch',
        description: '',
        nodeClass: 'NMS_SWITCH',
        custom: false,
        dashboard: 'nmsDashboard',
      },
    ];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([]),
      'GET /noderole/list': roles,
      [RUN]: pageOf([]),
      'POST /searches': createSearch(),
    });
    const { user } = openSearch();
    const addCondition = async () => user.click(screen.getByRole('button', { name: 'Add condition' }));

    await user.click(await screen.findByRole('button', { name: 'Add condition' }));
    await user.click(screen.getByRole('combobox', { name: 'Field 1' }));
    const fields = screen.getAllByRole('option').map((option) => option.textContent);
    expect(fields).toEqual(
      expect.arrayContaining([
        'Name',
        'Hostname',
        'Operating system',
        'Platform',
        'Logged-on user',
        'Approval status',
        'Role',
        'CPU use (%)',
        'Memory use (%)',
      ]),
    );
    await user.click(screen.getByRole('option', { name: 'Approval status' }));
    expect(screen.getByRole('combobox', { name: 'Value 1' })).toHaveValue('Pending');
    await user.click(screen.getByRole('combobox', { name: 'Value 1' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Discovered',
      'Pending',
      'Approved',
      'Rejected',
    ]);
    await user.click(screen.getByRole('option', { name: 'Rejected' }));

    await addCondition();
    await pick(user, 'Field 2', 'Role');
    expect(screen.getByRole('combobox', { name: 'Value 2' })).toHaveValue('');
    await user.click(screen.getByRole('combobox', { name: 'Value 2' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Network devices')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: 'Switch' }));

    await addCondition();
    await pick(user, 'Field 3', 'Platform');
    await pick(user, 'Value 3', 'Windows');

    await addCondition();
    await pick(user, 'Field 4', 'CPU use (%)');
    await pick(user, 'Operator 4', 'is at least');
    const cpu = screen.getByRole('textbox', { name: 'Value 4' });
    await user.clear(cpu);
    await user.type(cpu, '90');

    const criteria = {
      match: 'all',
      rules: [
        { field: 'approvalStatus', operator: 'equals', value: 'REJECTED' },
        { field: 'nodeRoleId', operator: 'equals', value: 15 },
        { field: 'platform', operator: 'equals', value: 'win32' },
        { field: 'cpuPercent', operator: 'greaterThanOrEqual', value: 90 },
      ],
    };
    await pauseTyping();
    await waitFor(() => expect(requestBodies(fetchMock, RUN).at(-1)).toEqual({ ...firstPage, criteria }));

    await user.click(screen.getByRole('button', { name: 'Save search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save search' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Busy rejected Windows switches');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requestBodies(fetchMock, 'POST /searches')).toEqual([
        { search: 'Busy rejected Windows switches', criteria, searchGroup: 'CUSTOM' },
      ]),
    );
  });

  it('acts on every device the unsaved criteria match by sending the criteria', async () => {
    const matching = [createDevice(), createDevice()];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-2/devices': pageOf([createDevice()]),
      [RUN]: pageOf(matching, 300),
      'POST /search/runner/execute-action': createActionAnswer({ action: 'APPROVE', affected: 300 }),
    });
    const { user } = openSearch('/deviceSearch?searchId=-2');
    await screen.findByRole('combobox', { name: 'Value 1' });
    await pick(user, 'Value 1', 'Warning');
    await pauseTyping();

    await screen.findByRole('link', { name: matching[0]!.displayName });
    await user.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 300 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByRole('status')).toHaveTextContent('300 devices approved, 0 skipped');
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      {
        action: 'APPROVE',
        target: {
          criteria: { match: 'all', rules: [{ field: 'status', operator: 'equals', value: 'WARNING' }] },
        },
      },
    ]);
  });

  it('collects the ids of the unsaved criteria’s devices when a text filter narrows them', async () => {
    const matching = [createDevice({ displayName: 'WEB-1' }), createDevice({ displayName: 'WEB-2' })];
    const fetchMock = mockFetch({
      'GET /auth/me': createMe(),
      'GET /searches': presetSearches(),
      'GET /searches/-2/devices': pageOf([createDevice()]),
      [RUN]: ({ body }: { body: unknown }) =>
        (body as { pageSize: number }).pageSize === 500
          ? pageOf(matching, 2, 500)
          : pageOf([matching[0]!], 2, 50),
      'POST /search/runner/execute-action': createActionAnswer({ action: 'DELETE', affected: 2 }),
    });
    const { user } = openSearch('/deviceSearch?searchId=-2&q=WEB&pageSize=50');
    await screen.findByRole('combobox', { name: 'Value 1' });
    await pick(user, 'Value 1', 'Down');
    await pauseTyping();
    await screen.findByRole('link', { name: 'WEB-1' });
    await user.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 2 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent('2 devices deleted, 0 skipped');
    const criteria = { match: 'all', rules: [{ field: 'status', operator: 'equals', value: 'DOWN' }] };
    expect(requestBodies(fetchMock, RUN)).toContainEqual({
      page: 1,
      pageSize: 500,
      sort: 'displayName',
      search: 'WEB',
      criteria,
    });
    expect(requestBodies(fetchMock, 'POST /search/runner/execute-action')).toEqual([
      { action: 'DELETE', target: { nodeIds: matching.map((d) => d.id) } },
    ]);
  });
});
