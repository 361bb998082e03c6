import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
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
const technician = () => createMe(['devices.view', 'jobs.run']);

const openSearch = (url = '/deviceSearch') =>
  renderRoute(<DeviceSearchPage />, { path: '/deviceSearch', url });

describe('job actions on the devices found', { timeout: 20_000 }, () => {
  it('reboots the selected devices after a confirmation naming how many', async () => {
    const devices = [createDevice({ displayName: 'PC-R1' }), createDevice({ displayName: 'PC-R2' })];
    const fetchMock = mockFetch({
      'GET /auth/me': technician(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([...devices, createDevice()]),
      [EXECUTE]: createActionAnswer({ action: 'REBOOT', affected: 2, jobUids: ['a', 'b'] }),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-R1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select PC-R2' }));
    await user.click(screen.getByRole('button', { name: 'Reboot' }));

    const dialog = await screen.findByRole('dialog', { name: 'Reboot 2 devices?' });
    expect(requestBodies(fetchMock, EXECUTE)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reboot' }));

    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('Reboot requested on 2 devices.');
    expect(within(result).getByRole('link', { name: 'See pending scripts' })).toHaveAttribute(
      'href',
      '/systemDashboard/pendingScripts',
    );
    expect(requestBodies(fetchMock, EXECUTE)).toEqual([
      { action: 'REBOOT', target: { nodeIds: devices.map((d) => d.id) } },
    ]);
  });

  it('runs a script on every device of the search, in the shell of their platform', async () => {
    const windows = [createDevice({ platform: 'win32' }), createDevice({ platform: 'win32' })];
    const fetchMock = mockFetch({
      'GET /auth/me': technician(),
      'GET /searches': presetSearches(),
      'GET /searches/-4/devices': pageOf(windows, 12_000),
      [EXECUTE]: createActionAnswer({ action: 'RUN_SCRIPT', matched: 10_000, affected: 10_000 }),
    });
    const { user } = openSearch('/deviceSearch?searchId=-4');
    await user.click(await screen.findByRole('checkbox', { name: 'Select every device on this page' }));
    await user.click(screen.getByRole('button', { name: 'Select all 12,000 matching devices' }));
    await user.click(screen.getByRole('button', { name: 'Run script' }));

    const dialog = await screen.findByRole('dialog', { name: 'Run a script on 10,000 devices' });
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('PowerShell');
    await user.click(within(dialog).getByRole('textbox', { name: 'Script' }));
    await user.paste('Restart-Service Spooler\nGet-Service Spooler');
    await user.click(within(dialog).getByRole('textbox', { name: 'Parameters' }));
    await user.paste('-Force\n\n-Verbose');
    const timeout = within(dialog).getByRole('textbox', { name: 'Timeout (seconds)' });
    await user.clear(timeout);
    await user.type(timeout, '120');
    await user.click(within(dialog).getByRole('button', { name: 'Run on 10,000 devices' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Script sent to 10,000 devices.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requestBodies(fetchMock, EXECUTE)).toEqual([
      {
        action: 'RUN_SCRIPT',
        target: { searchId: -4 },
        script: {
          script: { language: 'powershell', code: 'Restart-Service Spooler\nGet-Service Spooler' },
          parameters: ['-Force', '-Verbose'],
          runAs: 'SYSTEM',
          timeoutSeconds: 120,
        },
        jobName: 'Restart-Service Spooler',
      },
    ]);
  });

  it('keeps the script dialog open with the server’s refusal', async () => {
    const device = createDevice({ displayName: 'PC-S1' });
    const fetchMock = mockFetch({
      'GET /auth/me': technician(),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([device]),
      [EXECUTE]: () => errorAnswer(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-S1' }));
    await user.click(screen.getByRole('button', { name: 'Run script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run a script on 1 device' });
    expect(within(dialog).getByRole('combobox', { name: 'Language' })).toHaveValue('Bash');
    await user.type(within(dialog).getByRole('textbox', { name: 'Job name' }), 'Disk check');
    await user.click(within(dialog).getByRole('textbox', { name: 'Script' }));
    await user.paste('df -h');
    await user.click(within(dialog).getByRole('button', { name: 'Run on 1 device' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have permission to do this.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(requestBodies(fetchMock, EXECUTE)).toEqual([
      expect.objectContaining({
        action: 'RUN_SCRIPT',
        target: { nodeIds: [device.id] },
        jobName: 'Disk check',
      }),
    ]);
  });

  it('offers reboot and run script only to those who may run jobs', async () => {
    mockFetch({
      'GET /auth/me': createMe(['devices.view', 'devices.manage', 'devices.approve']),
      'GET /searches': presetSearches(),
      'GET /searches/-1/devices': pageOf([createDevice({ displayName: 'PC-P1' })]),
    });
    const { user } = openSearch();
    await user.click(await screen.findByRole('checkbox', { name: 'Select PC-P1' }));
    expect(screen.getByRole('button', { name: 'Reboot' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run script' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });
});
