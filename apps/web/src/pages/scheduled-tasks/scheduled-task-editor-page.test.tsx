import { Notifications } from '@mantine/notifications';
import { allPermissions, messages } from '@rmm/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PREVIEW_DEBOUNCE_MS } from '../../features/scheduled-tasks/components/occurrences-preview.tsx';
import { createDevice, createOrganization } from '../../test/device-factories.ts';
import { createJobDetail, meAnswer } from '../../test/job-factories.ts';
import { mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import {
  createScheduledTask,
  createScript,
  createScriptSummary,
  createTaskRun,
  createTaskRunDevice,
  pageOf,
} from '../../test/scheduled-task-factories.ts';
import { ScheduledTaskEditorPage } from './scheduled-task-editor-page.tsx';

// The user's time zone, as the feature asks for it.
const zone = vi.hoisted(() => ({ current: 'Europe/Berlin' }));
vi.mock('../../features/scheduled-tasks/user-time-zone.ts', () => ({ userTimeZone: () => zone.current }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  zone.current = 'Europe/Berlin';
});

const OCCURRENCES = 'POST /scheduled-tasks/occurrences';

const baseRoutes = (extra: Record<string, unknown> = {}) => ({
  'GET /auth/me': meAnswer([...allPermissions]),
  [OCCURRENCES]: { occurrences: [] },
  'GET /scripts': pageOf([]),
  'GET /devices': pageOf([]),
  'GET /searches': [],
  'GET /organizations': pageOf([]),
  ...extra,
});

const openEditor = (url = '/editor/scheduledTask/new') =>
  renderRoute(
    <>
      <Notifications />
      <ScheduledTaskEditorPage />
    </>,
    { path: '/editor/scheduledTask/*', url },
  );

type User = ReturnType<typeof openEditor>['user'];

const pick = async (user: User, combobox: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the scheduled task editor', { timeout: 60_000 }, () => {
  it('starts a new task daily at 17:00 in the user’s time zone', async () => {
    zone.current = 'America/New_York';
    const fetchMock = mockFetch(baseRoutes());
    openEditor();
    expect(await screen.findByRole('heading', { name: 'New scheduled task' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Repeats' })).toHaveValue('Daily');
    expect(screen.getByRole('textbox', { name: 'Hour' })).toHaveValue('17');
    expect(screen.getByRole('textbox', { name: 'Minute' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    expect(screen.getByText('Daily at 17:00 (America/New_York)')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Enabled/ })).toBeChecked();
    await waitFor(() =>
      expect(requestBodies(fetchMock, OCCURRENCES)).toEqual([
        {
          count: 5,
          schedule: {
            scheduleType: 'DAILY',
            weekDays: [],
            dayOfMonth: null,
            scheduleHour: 17,
            scheduleMinute: 0,
            timeZone: 'America/New_York',
            runOnceDate: null,
            intervalMinutes: null,
          },
        },
      ]),
    );
  });

  it('asks for a day of the week once the task repeats weekly, and sends nothing until one is chosen', async () => {
    const fetchMock = mockFetch(baseRoutes());
    const { user } = openEditor();
    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Weekly clean-up');
    await pick(user, 'Repeats', 'Weekly');
    const days = screen.getByRole('group', { name: 'Days of the week' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.mandatory)).toBeInTheDocument();
    // The preview follows the schedule once it settles (debounced).
    expect(await screen.findByText('Complete the schedule to see its next occurrences.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /scheduled-tasks')).toEqual([]);

    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Friday' }));
    expect(screen.getByText('Weekly on Mon, Fri at 17:00 (Europe/Berlin)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText(messages.validation.mandatory)).not.toBeInTheDocument());
  });

  it('adds a library script with its parameters filled in, checks the targets, and saves the task', async () => {
    const script = createScript({
      id: 5,
      name: 'Rotate logs',
      parameters: [
        {
          name: 'path',
          label: 'Folder',
          description: '',
          type: 'TEXT',
          required: true,
          defaultValue: '/var/log',
          options: [],
        },
        {
          name: 'keep',
          label: 'Days to keep',
          description: '',
          type: 'INTEGER',
          required: false,
          defaultValue: '7',
          options: [],
        },
        {
          name: 'compress',
          label: 'Compress',
          description: '',
          type: 'BOOLEAN',
          required: false,
          defaultValue: 'false',
          options: [],
        },
        {
          name: 'level',
          label: 'Level',
          description: '',
          type: 'OPTION',
          required: false,
          defaultValue: 'low',
          options: ['low', 'high'],
        },
      ],
    });
    const fetchMock = mockFetch(
      baseRoutes({
        'GET /scripts': pageOf([createScriptSummary({ id: 5, name: 'Rotate logs', parameterCount: 4 })]),
        'GET /scripts/5': { script },
        'GET /devices': pageOf([createDevice({ id: 7, displayName: 'web-01' })]),
        'GET /organizations': pageOf([createOrganization({ id: 3, name: 'Fabrikam' })]),
        'POST /scheduled-tasks': ({ body }: { body: { actions: object[] } }) => ({
          task: createScheduledTask({
            ...(body as object),
            id: 12,
            actions: body.actions.map((action) => ({ ...action, scriptName: 'Rotate logs' })),
          } as never),
        }),
      }),
    );
    const { user, router } = openEditor();
    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Rotate logs nightly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one device, group or organization.')).toBeInTheDocument();
    expect(screen.getByText('No scripts yet: add at least one.')).toBeInTheDocument();
    expect(requestBodies(fetchMock, 'POST /scheduled-tasks')).toEqual([]);

    await pick(user, 'Add a library script', 'Rotate logs');
    const card = await screen.findByRole('group', { name: 'Rotate logs' });
    expect(within(card).getByRole('textbox', { name: /^Folder/ })).toHaveValue('/var/log');
    const keep = within(card).getByRole('textbox', { name: 'Days to keep' });
    expect(keep).toHaveValue('7');
    await user.clear(keep);
    await user.type(keep, '14');
    await user.click(within(card).getByRole('switch', { name: 'Compress' }));
    await user.click(within(card).getByRole('combobox', { name: 'Level' }));
    await user.click(await screen.findByRole('option', { name: 'high' }));
    await user.click(within(card).getByRole('combobox', { name: 'Run as' }));
    await user.click(await screen.findByRole('option', { name: 'Logged-on user' }));

    await user.click(screen.getByRole('combobox', { name: 'Devices' }));
    await user.click(await screen.findByRole('option', { name: 'web-01' }));
    await user.click(screen.getByRole('radio', { name: 'Skip them' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requestBodies(fetchMock, 'POST /scheduled-tasks')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'POST /scheduled-tasks')[0]).toEqual({
      name: 'Rotate logs nightly',
      description: '',
      enabled: true,
      schedule: {
        scheduleType: 'DAILY',
        weekDays: [],
        dayOfMonth: null,
        scheduleHour: 17,
        scheduleMinute: 0,
        timeZone: 'Europe/Berlin',
        runOnceDate: null,
        intervalMinutes: null,
      },
      actions: [{ scriptId: 5, parameters: ['/var/log', '14', 'true', 'high'], runAs: 'LOGGED_ON_USER' }],
      targets: { deviceIds: [7], searchIds: [], organizationIds: [] },
      offlineDevices: 'SKIP',
    });
    expect(await screen.findByText('Scheduled task saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/scheduledTask/12'));
    expect(
      await screen.findByRole('heading', { name: 'Scheduled task: Rotate logs nightly' }),
    ).toBeInTheDocument();
  });

  it('previews the next occurrences in the user’s time zone, asking again once the edits pause', async () => {
    // Timers are the test's: the debounce elapses only when the test says so.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    zone.current = 'Asia/Tokyo';
    const task = createScheduledTask({
      id: 12,
      name: 'Morning report',
      schedule: { ...createScheduledTask().schedule, scheduleHour: 9, timeZone: 'America/New_York' },
    });
    // 09:mm in New York (UTC-5 in November) on three days.
    const fetchMock = mockFetch(
      baseRoutes({
        'GET /scheduled-tasks/12': { task },
        [OCCURRENCES]: ({ body }: { body: { schedule: { scheduleMinute: number } } }) => ({
          occurrences: [26, 27, 28].map((day) =>
            new Date(Date.UTC(2026, 10, day, 14, body.schedule.scheduleMinute)).toISOString(),
          ),
        }),
      }),
    );
    openEditor('/editor/scheduledTask/12');
    await elapse(100);
    await elapse(100);
    const list = screen.getByRole('list', { name: 'Next occurrences' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Thu 2026-11-26 23:00', 'Fri 2026-11-27 23:00', 'Sat 2026-11-28 23:00']);
    expect(screen.getByText('Shown in your time zone, Asia/Tokyo')).toBeInTheDocument();
    expect(screen.getByText('Daily at 09:00 (America/New_York)')).toBeInTheDocument();
    expect(requestBodies(fetchMock, OCCURRENCES)).toHaveLength(1);

    fireEvent.change(screen.getByRole('textbox', { name: 'Minute' }), { target: { value: '30' } });
    expect(screen.getByText('Daily at 09:30 (America/New_York)')).toBeInTheDocument();
    await elapse(PREVIEW_DEBOUNCE_MS - 1);
    expect(requestBodies(fetchMock, OCCURRENCES)).toHaveLength(1);
    await elapse(1);
    await elapse(100);
    expect(requestBodies(fetchMock, OCCURRENCES).at(-1)).toMatchObject({
      count: 5,
      schedule: { scheduleHour: 9, scheduleMinute: 30, timeZone: 'America/New_York' },
    });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Thu 2026-11-26 23:30');
  });

  it('lists the runs in the history, and a run’s devices with their states and jobs', async () => {
    const task = createScheduledTask({ id: 12, name: 'Rotate logs nightly' });
    const scheduled = createTaskRun({ taskId: 12, occurrence: '2026-11-25T16:00:00.000Z' });
    const manual = createTaskRun({
      taskId: 12,
      trigger: 'MANUAL',
      occurrence: '2026-11-24T08:15:00.000Z',
      deviceCount: 1,
      successCount: 0,
      skippedCount: 0,
      pendingCount: 1,
    });
    const job = createJobDetail({
      nodeId: 7,
      nodeName: 'web-01',
      jobName: 'Rotate logs',
      jobStatus: 'COMPLETED',
    });
    mockFetch(
      baseRoutes({
        'GET /scheduled-tasks/12': { task },
        'GET /scheduled-tasks/12/runs': ({ url }: { url: URL }) =>
          pageOf(url.searchParams.get('page') === '2' ? [] : [scheduled, manual], {
            count: 21,
            pageSize: 20,
          }),
        [`GET /scheduled-tasks/12/runs/${scheduled.id}`]: {
          run: scheduled,
          devices: [
            createTaskRunDevice({
              nodeId: 7,
              nodeName: 'web-01',
              state: 'SUCCESS',
              jobs: [
                {
                  jobUid: job.jobUid,
                  scriptName: 'Rotate logs',
                  jobStatus: 'COMPLETED',
                  jobResult: 'SUCCESS',
                },
              ],
            }),
            createTaskRunDevice({ nodeName: 'db-01', state: 'SKIPPED_OFFLINE' }),
          ],
        },
        [`GET /webapp/job/${job.jobUid}`]: { job },
      }),
    );
    const { user } = openEditor('/editor/scheduledTask/12/history');
    // The first screen of a file renders slowly on a machine busy with other test files.
    const history = await screen.findByRole('table', { name: 'History' }, { timeout: 20_000 });
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const rows = within(history).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Wed 2026-11-25 17:00', 'Schedule', '2', '1', '0', '1', '0'],
      ['Tue 2026-11-24 09:15', 'Run now', '1', '0', '0', '0', '1'],
    ]);
    expect(screen.getByText('Times in Europe/Berlin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open run of Wed 2026-11-25 17:00' }));
    const drawer = await screen.findByRole('dialog', { name: 'Run of Wed 2026-11-25 17:00' });
    const devices = await within(drawer).findByRole('table', { name: 'Devices' });
    const deviceRows = within(devices).getAllByRole('row').slice(1);
    expect(deviceRows.map((row) => within(row).getByTestId('device-state').textContent)).toEqual([
      'Success',
      'Skipped: offline',
    ]);
    expect(within(deviceRows[0]!).getByRole('link', { name: 'web-01' })).toHaveAttribute(
      'href',
      '/deviceDashboard/7/overview',
    );

    await user.click(within(drawer).getByRole('button', { name: 'View job Rotate logs on web-01' }));
    const jobDrawer = await screen.findByRole('dialog', { name: 'Job' });
    expect(await within(jobDrawer).findByText(job.jobUid)).toBeInTheDocument();
    expect(within(jobDrawer).getByRole('link', { name: 'web-01' })).toBeInTheDocument();

    // Escape closes the drawer on top and nothing behind it (the editor layout closes on Escape).
    const editorEscape = vi.fn();
    document.documentElement.addEventListener('keydown', editorEscape);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job' })).not.toBeInTheDocument());
    expect(editorEscape).not.toHaveBeenCalled();
    document.documentElement.removeEventListener('keydown', editorEscape);
  });
});
