import { Notifications, notifications } from '@mantine/notifications';
import { jobPath, type Script, SUBMIT_JOB_PATH } from '@rmm/domain';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDevice } from '../../../test/device-factories.ts';
import { createStoredJob, deviceCacheAnswer, meAnswer, submitAnswer } from '../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import {
  createCredential,
  createScript,
  credentialListAnswer,
  scriptListAnswer,
} from '../../../test/run-script-factories.ts';
import { RunScriptPanel } from './run-script-panel.tsx';

const SUBMIT = `POST ${SUBMIT_JOB_PATH}`;
const TECHNICIAN = [
  'jobs.view',
  'jobs.run',
  'jobs.cancel',
  'scripts.view',
  'scripts.run',
  'credentials.view',
];

const cleanUp = createScript({
  name: 'Clean up disk',
  description: 'Removes old files from a folder.',
  version: 4,
  parameters: [
    {
      name: 'folder',
      label: 'Folder',
      description: '',
      type: 'TEXT',
      required: true,
      defaultValue: '/tmp',
      options: [],
    },
    {
      name: 'days',
      label: 'Older than (days)',
      description: '',
      type: 'INTEGER',
      required: false,
      defaultValue: '30',
      options: [],
    },
    {
      name: 'dryRun',
      label: 'Dry run',
      description: '',
      type: 'BOOLEAN',
      required: false,
      defaultValue: 'true',
      options: [],
    },
    {
      name: 'level',
      label: 'Log level',
      description: '',
      type: 'OPTION',
      required: false,
      defaultValue: 'info',
      options: ['info', 'debug'],
    },
  ],
  defaultRunAs: 'SYSTEM',
  timeoutSeconds: 900,
});

/** The dashboard's run-script panel of a Linux device of organization 1, with a fake server. */
const openPanel = ({
  permissions = TECHNICIAN,
  scripts = [cleanUp],
  credentials = credentialListAnswer(
    createCredential({ id: 41, name: 'Ops account', kind: 'LINUX' }),
    createCredential({ id: 42, name: 'Windows admin', kind: 'WINDOWS_LOCAL_ADMIN' }),
  ) as unknown,
  device = createDevice({ platform: 'linux', organizationId: 1, displayName: 'web-01' }),
} = {}) => {
  const job = createStoredJob({ nodeId: device.id, jobName: cleanUp.name });
  const fetchMock = mockFetch({
    'GET /auth/me': meAnswer(permissions),
    'POST /query/device': () => deviceCacheAnswer(),
    'GET /scripts': scriptListAnswer(...scripts),
    ...Object.fromEntries(scripts.map((script) => [`GET /scripts/${script.id}`, { script }])),
    'GET /credential/organization/1/list': credentials,
    [SUBMIT]: () => submitAnswer(job),
    [`GET ${jobPath(job.jobUid)}`]: { resultCode: 'SUCCESS', job: { ...job, history: [] } },
  });
  const view = renderRoute(
    <>
      <Notifications />
      <RunScriptPanel device={device} />
    </>,
    { path: '/deviceDashboard/:id/overview', url: `/deviceDashboard/${device.id}/overview` },
  );
  const pick = async (script: Script) => {
    await view.user.click(await screen.findByRole('combobox', { name: 'Script' }));
    await view.user.click(await screen.findByRole('option', { name: script.name }));
    return screen.findByText(`Version ${script.version}`);
  };
  return { ...view, device, fetchMock, pick };
};

const submitted = (fetchMock: ReturnType<typeof mockFetch>) =>
  requestBodies(fetchMock, SUBMIT).map((body) => body.nodes[0].jobs[0]);

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('Run script with a library script', { timeout: 60_000 }, () => {
  it('lists the scripts of the device’s operating system and shows the picked one’s parameters with defaults', async () => {
    const { pick, fetchMock } = openPanel();
    expect(
      await screen.findByText('Pick a script of the library to see its parameters.'),
    ).toBeInTheDocument();
    await pick(cleanUp);

    const listUrl = fetchMock.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.startsWith('/scripts?'));
    expect(new URL(listUrl!, 'http://x').searchParams.get('operatingSystem')).toBe('LINUX');
    expect(screen.getByText('Removes old files from a folder.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Folder/ })).toHaveValue('/tmp');
    expect(screen.getByRole('textbox', { name: /^Folder/ })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Older than (days)' })).toHaveValue('30');
    expect(screen.getByRole('switch', { name: 'Dry run' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Log level' })).toHaveValue('info');
    expect(screen.getByRole('combobox', { name: 'Run as' })).toHaveValue('Script default (System)');
    expect(screen.getByRole('textbox', { name: 'Timeout (seconds)' })).toHaveValue('900');
  });

  it('searches the library as the user types', async () => {
    const { user, fetchMock } = openPanel();
    await user.type(await screen.findByRole('combobox', { name: 'Script' }), 'clean');
    expect(await screen.findByRole('option', { name: 'Clean up disk' })).toBeInTheDocument();
    await vi.waitFor(() => {
      const searches = fetchMock.mock.calls
        .map(([url]) => new URL(String(url), 'http://x'))
        .filter((url) => url.pathname === '/scripts')
        .map((url) => [url.searchParams.get('search'), url.searchParams.get('operatingSystem')]);
      expect(searches).toContainEqual(['clean', 'LINUX']);
    });
  });

  it('shows the domain’s message at a bad whole number and sends nothing', async () => {
    const { user, pick, fetchMock } = openPanel();
    await pick(cleanUp);
    const days = screen.getByRole('textbox', { name: 'Older than (days)' });
    await user.clear(days);
    await user.type(days, '1.5');
    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Older than (days): must be a whole number.')).toBeInTheDocument();
    expect(submitted(fetchMock)).toEqual([]);
  });

  it('sends {scriptId, version}, the values in order and the credential picked, then shows the output', async () => {
    const { user, pick, fetchMock } = openPanel();
    await pick(cleanUp);
    const folder = screen.getByRole('textbox', { name: /^Folder/ });
    await user.clear(folder);
    await user.type(folder, '  /var/log/app  ');
    await user.clear(screen.getByRole('textbox', { name: 'Older than (days)' }));
    await user.click(screen.getByRole('switch', { name: 'Dry run' }));
    await user.click(screen.getByRole('combobox', { name: 'Log level' }));
    await user.click(await screen.findByRole('option', { name: 'debug' }));
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    // Only what fits a Linux device: no Windows options or credentials.
    expect(screen.queryByRole('option', { name: 'Preferred Windows local admin' })).toBeNull();
    expect(screen.queryByRole('option', { name: /Windows admin/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Ops account (Linux)' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByRole('log', { name: 'Output' })).toBeInTheDocument();
    expect(submitted(fetchMock)).toEqual([
      {
        jobType: 'ACTION',
        jobName: 'Clean up disk',
        content: {
          script: { scriptId: cleanUp.id, version: 4 },
          parameters: ['/var/log/app', '', 'false', 'debug'],
          runAs: { credentialId: 41 },
          timeoutSeconds: 900,
        },
      },
    ]);
  });

  it('runs as a user name typed in, trimmed', async () => {
    const { user, pick, fetchMock } = openPanel();
    await pick(cleanUp);
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    await user.click(await screen.findByRole('option', { name: 'Another user…' }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText('Mandatory value is undefined. Please enter a value.'),
    ).toBeInTheDocument();
    const userName = screen.getByRole('textbox', { name: /^User name/ });
    await user.type(userName, 'back up');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('A user name has no spaces, colons or slashes.')).toBeInTheDocument();
    expect(submitted(fetchMock)).toEqual([]);

    await user.clear(userName);
    await user.type(userName, '  backup  ');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByRole('log', { name: 'Output' })).toBeInTheDocument();
    expect(submitted(fetchMock)[0].content.runAs).toEqual({ user: 'backup' });
  });

  it('shows "Error loading credentials" and offers the options alone when the list fails', async () => {
    const { user, pick } = openPanel({
      credentials: errorAnswer(500, 'INTERNAL', 'Boom'),
    });
    await pick(cleanUp);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading credentials');
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    expect(await screen.findByRole('option', { name: 'Preferred Linux credential' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Ops account/ })).toBeNull();
  });

  it('offers library scripts alone to a user who may not run ad-hoc code', async () => {
    const { pick, fetchMock } = openPanel({ permissions: ['jobs.view', 'scripts.view', 'scripts.run'] });
    await pick(cleanUp);
    expect(screen.queryByRole('radio', { name: 'Ad-hoc code' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
    // Without credentials.view the credentials are not asked for (and no error shown).
    expect(requestBodies(fetchMock, 'GET /credential/organization/1/list')).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('switches to ad-hoc code for a user who may run both', async () => {
    const { user } = openPanel();
    expect(await screen.findByRole('combobox', { name: 'Script' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Ad-hoc code' }));
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('Bash');
    expect(screen.queryByRole('combobox', { name: 'Script' })).toBeNull();
  });

  it('lists Windows options and credentials for a Windows device', async () => {
    const winScript = createScript({
      name: 'Restart spooler',
      operatingSystems: ['WINDOWS'],
      language: 'powershell',
    });
    const { user, pick } = openPanel({
      scripts: [winScript],
      device: createDevice({ platform: 'win32', organizationId: 1 }),
    });
    await pick(winScript);
    await user.click(screen.getByRole('combobox', { name: 'Run as' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox).getByRole('option', { name: 'Preferred Windows domain admin' }),
    ).toBeInTheDocument();
    expect(
      within(listbox).getByRole('option', { name: 'Windows admin (Windows local admin)' }),
    ).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: 'Preferred Linux credential' })).toBeNull();
  });
});
