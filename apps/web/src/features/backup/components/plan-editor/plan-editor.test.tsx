import { Notifications } from '@mantine/notifications';
import { allPermissions, backupPlanMessages, defaultFeatureFlags, messages } from '@rmm/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackupPlan } from '../../../../test/backup-factories.ts';
import { createOrganization } from '../../../../test/device-factories.ts';
import { meAnswer } from '../../../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../../../test/mock-fetch.ts';
import { renderRoute } from '../../../../test/render-route.tsx';
import { pageOf } from '../../../../test/scheduled-task-factories.ts';
import { BackupEditor } from '../backup-editor.tsx';

vi.mock('@rmm/domain', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@rmm/domain')>()),
  localTimeZone: () => 'Europe/Berlin',
}));

afterEach(() => vi.unstubAllGlobals());

const organization = createOrganization({
  id: 1,
  name: 'Contoso',
  locations: [{ id: 2, name: 'Berlin office' } as never],
});
const credential = {
  id: 3,
  organizationId: 1,
  name: 'NAS writer',
  kind: 'WINDOWS_DOMAIN_ADMIN',
  username: 'backup',
  domain: 'CONTOSO',
  preferred: false,
  hasPassword: true,
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};
const CREATE = 'POST /backup/strata/clients/1/plans';

const routes = (
  extra: Record<string, unknown> = {},
  { flags = defaultFeatureFlags, permissions = [...allPermissions] } = {},
) => ({
  'GET /auth/me': { ...meAnswer(permissions), featureFlags: flags },
  'GET /client/1': { resultCode: 'SUCCESS', client: organization },
  'GET /divisionconfig/strata': { enabled: true, bucket: null },
  'GET /credential/organization/1/list': { resultCode: 'SUCCESS', credentials: [credential] },
  'GET /devices': pageOf([]),
  'GET /backup/strata/clients/1/plans': pageOf([]),
  [CREATE]: ({ body }: { body: object }) =>
    new Response(
      JSON.stringify({
        plan: createBackupPlan({ ...(body as object), planId: '00000000-0000-4000-8000-00000000abcd' }),
      }),
      {
        status: 201,
      },
    ),
  ...extra,
});

const openEditor = (url = '/editor/customer/1/backup/plans/new') =>
  renderRoute(
    <>
      <Notifications />
      <BackupEditor />
    </>,
    { path: '/editor/customer/:id/backup/*', url },
  );

type User = ReturnType<typeof openEditor>['user'];
/** Types by pasting (a person's keystrokes are not what these tests check). */
const fill = async (user: User, field: HTMLElement, text: string) => {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
};
/** The editor once the user's permissions are known (Save shows for those who manage backups). */
const ready = () => screen.findByRole('button', { name: 'Save' });
const pick = async (user: User, combobox: string | RegExp, option: string) => {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('the backup plan editor', { timeout: 60_000 }, () => {
  it('starts a new plan daily at 17:00 in the user’s zone, to the cloud, and says what is missing', async () => {
    const fetchMock = mockFetch(routes());
    const { user } = openEditor();
    expect(await screen.findByRole('heading', { name: 'New backup plan' })).toBeInTheDocument();
    await ready();
    expect(screen.getByRole('combobox', { name: 'Runs' })).toHaveValue('Daily');
    expect(screen.getByRole('textbox', { name: 'Hour' })).toHaveValue('17');
    expect(screen.getByRole('textbox', { name: 'Minute' })).toHaveValue('0');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('radio', { name: 'Cloud' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.mandatory)).toBeInTheDocument();
    expect(screen.getByText(backupPlanMessages.includeRequired)).toBeInTheDocument();
    expect(requestBodies(fetchMock, CREATE)).toEqual([]);
  });

  it('checks rules and paths with the domain’s messages, then saves exactly what was entered', async () => {
    const fetchMock = mockFetch(routes());
    const { user, router } = openEditor();
    await ready();
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Documents');
    await user.click(screen.getByRole('button', { name: 'Add a folder or file' }));
    await fill(user, screen.getByRole('textbox', { name: 'Include rule 1' }), 'home/ann');
    await user.click(screen.getByRole('button', { name: 'Add an exclusion' }));
    await fill(user, screen.getByRole('textbox', { name: 'Exclude rule 1' }), '*.tmp');
    await user.click(screen.getByRole('radio', { name: 'Local folder' }));
    await fill(user, screen.getByRole('textbox', { name: /^Folder on the device/ }), 'backups');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(backupPlanMessages.includeAbsolute)).toBeInTheDocument();
    expect(screen.getByText(backupPlanMessages.localPath)).toBeInTheDocument();
    expect(requestBodies(fetchMock, CREATE)).toEqual([]);

    await fill(user, screen.getByRole('textbox', { name: 'Include rule 1' }), '/home/ann');
    await fill(user, screen.getByRole('textbox', { name: /^Folder on the device/ }), '/var/backups');
    await pick(user, 'Runs', 'Weekly');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.validation.mandatory)).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Days of the week' })).getByRole('checkbox', {
        name: 'Friday',
      }),
    );
    await user.click(screen.getByRole('switch', { name: /^All devices of the organization/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(requestBodies(fetchMock, CREATE)).toHaveLength(1));
    expect(requestBodies(fetchMock, CREATE)[0]).toEqual({
      name: 'Documents',
      description: '',
      kind: 'fileFolder',
      include: ['/home/ann'],
      exclude: ['*.tmp'],
      destination: { type: 'LOCAL', path: '/var/backups' },
      schedule: {
        scheduleType: 'WEEKLY',
        weekDays: ['FRIDAY'],
        dayOfMonth: null,
        scheduleHour: 17,
        scheduleMinute: 0,
        timeZone: 'Europe/Berlin',
        runOnceDate: null,
        intervalMinutes: null,
      },
      retention: { keepLast: 10, keepDaily: 7, keepWeekly: 4, keepMonthly: 12 },
      enabled: true,
      targets: { allDevices: true, locationIds: [], deviceIds: [] },
    });
    expect(await screen.findByText('Backup plan Documents saved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/editor/customer/1/backup/plans/00000000-0000-4000-8000-00000000abcd',
      ),
    );
  });

  it('backs up to a network share with an organization credential, and keeps at least one revision', async () => {
    const fetchMock = mockFetch(routes());
    const { user } = openEditor('/editor/customer/1/backup/plans/new?kind=networkShare');
    await ready();
    expect(screen.getByRole('radio', { name: 'Network share' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Kind/ })).toHaveValue('Network Share');
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'To the NAS');
    await user.click(screen.getByRole('button', { name: 'Add a folder or file' }));
    await fill(user, screen.getByRole('textbox', { name: 'Include rule 1' }), 'C:\\Users');
    await fill(user, screen.getByRole('textbox', { name: /^Network share/ }), '\\\\nas\\backups');
    for (const field of ['Keep the last', 'Daily for (days)', 'Weekly for (weeks)', 'Monthly for (months)']) {
      await fill(user, screen.getByRole('textbox', { name: field }), '0');
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Choose the organization credential that opens the share.'),
    ).toBeInTheDocument();
    expect(screen.getByText(backupPlanMessages.keepSomething)).toBeInTheDocument();

    await pick(user, /^Credential/, 'NAS writer (Windows domain admin, CONTOSO\\backup)');
    await fill(user, screen.getByRole('textbox', { name: 'Keep the last' }), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestBodies(fetchMock, CREATE)).toHaveLength(1));
    expect(requestBodies(fetchMock, CREATE)[0]).toMatchObject({
      kind: 'networkShare',
      include: ['C:\\Users'],
      destination: { type: 'NETWORK_SHARE', path: '\\\\nas\\backups', credentialId: 3 },
      retention: { keepLast: 5, keepDaily: 0, keepWeekly: 0, keepMonthly: 0 },
    });
  });

  it('labels the kinds per the backup_arrow_image flag and warns that image plans cannot run yet', async () => {
    mockFetch(routes({}, { flags: { ...defaultFeatureFlags, backup_arrow_image: true } }));
    const { user } = openEditor();
    await user.click(await screen.findByRole('combobox', { name: /^Kind/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'File/Folder',
      'Legacy',
      'Image',
      'Network Share',
    ]);
    await user.click(screen.getByRole('option', { name: 'Legacy' }));
    expect(screen.getByTestId('image-kind-warning')).toHaveTextContent(
      'Image backup is not available for this device yet',
    );
  });

  it('offers no arrow image without the flag', async () => {
    mockFetch(routes());
    const { user } = openEditor();
    await user.click(await screen.findByRole('combobox', { name: /^Kind/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'File/Folder',
      'Image',
      'Network Share',
    ]);
  });

  it('shows the server’s refusal of a taken name at the name', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    mockFetch(
      routes({
        [`GET /backup/strata/plans/${plan.planId}`]: { plan },
        [`PUT /backup/strata/plans/${plan.planId}`]: errorAnswer(
          409,
          'BACKUP_PLAN_NAME_TAKEN',
          'This organization already has a backup plan of this name.',
        ),
      }),
    );
    const { user } = openEditor(`/editor/customer/1/backup/plans/${plan.planId}`);
    await ready();
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Mail');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This organization already has a backup plan of this name.'),
    ).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    mockFetch(routes());
    const { user, router } = openEditor();
    await ready();
    await fill(user, screen.getByRole('textbox', { name: /^Name/ }), 'Half done');
    await user.click(screen.getByRole('tab', { name: 'Bandwidth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/editor/customer/1/backup/plans/new');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Half done');
  });

  it('shows a plan read-only to a technician who may only view and restore', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    mockFetch(
      routes(
        { [`GET /backup/strata/plans/${plan.planId}`]: { plan } },
        { permissions: ['backup.viewAndRestore', 'organizations.view'] },
      ),
    );
    openEditor(`/editor/customer/1/backup/plans/${plan.planId}`);
    expect(await screen.findByText(/You can see this plan but not change it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toBeDisabled();
  });
});
