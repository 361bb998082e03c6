import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createCredential,
  createScript,
  credentialListAnswer,
  scriptListAnswer,
} from '../../../test/run-script-factories.ts';
import {
  createActionAnswer,
  createMe,
  pageOf,
  presetSearches,
  withViewportHeight,
} from '../../../test/search-factories.ts';
import { DeviceSearchPage } from './device-search-page.tsx';

withViewportHeight();
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const EXECUTE = 'POST /search/runner/execute-action';
const CREDENTIALS = 'GET /credential/organization/1/list';

const restart = createScript({
  name: 'Restart service',
  version: 2,
  operatingSystems: ['LINUX'],
  parameters: [
    {
      name: 'service',
      label: 'Service',
      description: '',
      type: 'TEXT',
      required: true,
      defaultValue: 'nginx',
      options: [],
    },
  ],
  defaultRunAs: 'LOGGED_ON_USER',
  timeoutSeconds: 300,
});

const openSearch = (permissions: string[], devices: ReturnType<typeof createDevice>[]) => {
  const fetchMock = mockFetch({
    'GET /auth/me': createMe(permissions),
    'GET /searches': presetSearches(),
    'GET /searches/-1/devices': pageOf(devices),
    'GET /scripts': scriptListAnswer(restart),
    [`GET /scripts/${restart.id}`]: { script: restart },
    [CREDENTIALS]: credentialListAnswer(createCredential({ id: 77, name: 'Ops account', kind: 'LINUX' })),
    [EXECUTE]: createActionAnswer({ action: 'RUN_SCRIPT', affected: devices.length }),
  });
  const view = renderRoute(<DeviceSearchPage />, { path: '/deviceSearch', url: '/deviceSearch' });
  const openDialog = async () => {
    for (const device of devices)
      await view.user.click(await screen.findByRole('checkbox', { name: `Select ${device.displayName}` }));
    await view.user.click(screen.getByRole('button', { name: 'Run script' }));
    return screen.findByRole('dialog', { name: `Run a script on ${devices.length} devices` });
  };
  const pick = async (dialog: HTMLElement) => {
    await view.user.click(within(dialog).getByRole('combobox', { name: 'Script' }));
    await view.user.click(await screen.findByRole('option', { name: restart.name }));
    return within(dialog).findByRole('textbox', { name: /^Service/ });
  };
  const listQueries = () =>
    fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/scripts')
      .map((url) => url.searchParams.get('operatingSystem'));
  return { ...view, fetchMock, openDialog, pick, listQueries };
};

describe('a library script on many devices', { timeout: 60_000 }, () => {
  it('lets a helpdesk user run a library script on the selection and names the devices it would refuse', async () => {
    const linux = [
      createDevice({ displayName: 'PC-L1', platform: 'linux' }),
      createDevice({ displayName: 'PC-L2', platform: 'linux' }),
    ];
    const windows = createDevice({ displayName: 'PC-W1', platform: 'win32' });
    const { user, fetchMock, openDialog, pick, listQueries } = openSearch(
      ['devices.view', 'scripts.view', 'scripts.run'],
      [...linux, windows],
    );
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('combobox', { name: 'Language' })).toBeNull();
    const service = await pick(dialog);
    // Mixed systems: every script is listed, and the one picked says whom it leaves out.
    expect(listQueries().every((os) => os === null)).toBe(true);
    expect(
      within(dialog).getByText('1 selected device does not run Linux: it would be refused. PC-W1'),
    ).toBeInTheDocument();
    expect(service).toHaveValue('nginx');
    await user.clear(service);
    await user.type(service, 'cron');
    await user.click(within(dialog).getByRole('button', { name: 'Run on 3 devices' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Script sent to 3 devices.');
    expect(requestBodies(fetchMock, EXECUTE)).toEqual([
      {
        action: 'RUN_SCRIPT',
        target: { nodeIds: [...linux, windows].map((device) => device.id) },
        script: {
          script: { scriptId: restart.id, version: 2 },
          parameters: ['cron'],
          runAs: 'LOGGED_ON_USER',
          timeoutSeconds: 300,
        },
        jobName: 'Restart service',
      },
    ]);
    expect(requestBodies(fetchMock, CREDENTIALS)).toEqual([]);
  });

  it('offers the scripts and credentials of the devices’ shared system and organization', async () => {
    const devices = [
      createDevice({ displayName: 'PC-A1', platform: 'linux', organizationId: 1 }),
      createDevice({ displayName: 'PC-A2', platform: 'linux', organizationId: 1 }),
    ];
    const { user, fetchMock, openDialog, pick, listQueries } = openSearch(
      ['devices.view', 'jobs.run', 'scripts.view', 'scripts.run', 'credentials.view'],
      devices,
    );
    const dialog = await openDialog();
    await pick(dialog);
    expect(listQueries().every((os) => os === 'LINUX')).toBe(true);
    expect(within(dialog).queryByText(/would be refused/)).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: 'Run as' }));
    await user.click(await screen.findByRole('option', { name: 'Ops account (Linux)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run on 2 devices' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Script sent to 2 devices.');
    expect(requestBodies(fetchMock, EXECUTE)[0].script.runAs).toEqual({ credentialId: 77 });
  });

  it('offers no credentials for devices of several organizations', async () => {
    const devices = [
      createDevice({ displayName: 'PC-B1', organizationId: 1 }),
      createDevice({ displayName: 'PC-B2', organizationId: 2 }),
    ];
    const { user, fetchMock, openDialog, pick } = openSearch(
      ['devices.view', 'scripts.view', 'scripts.run', 'credentials.view'],
      devices,
    );
    const dialog = await openDialog();
    await pick(dialog);
    expect(
      within(dialog).getByText(
        'Organization credentials can be picked when every device belongs to one organization.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Run as' }));
    expect(await screen.findByRole('option', { name: 'Another user…' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Ops account/ })).toBeNull();
    expect(requestBodies(fetchMock, CREDENTIALS)).toEqual([]);
  });
});
