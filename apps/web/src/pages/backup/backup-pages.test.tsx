import { Notifications } from '@mantine/notifications';
import { allPermissions, type BackupProgressEvent, messages } from '@rmm/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { backupEventKeys } from '../../features/backup/queries.ts';
import {
  backupStatus,
  createBackupPlan,
  createJobSummary,
  createPlanStatus,
} from '../../test/backup-factories.ts';
import { createDeviceNode, createOrganization } from '../../test/device-factories.ts';
import {
  createJobDetail,
  createStoredJob,
  deviceCacheAnswer,
  meAnswer,
  submitAnswer,
} from '../../test/job-factories.ts';
import { errorAnswer, mockFetch, requestBodies } from '../../test/mock-fetch.ts';
import { renderRoute } from '../../test/render-route.tsx';
import { pageOf } from '../../test/scheduled-task-factories.ts';
import { CustomerBackupPage, DeviceBackupPage, SystemBackupPage } from './backup-pages.tsx';

afterEach(() => vi.unstubAllGlobals());

const organization = createOrganization({ id: 1, name: 'Contoso' });
const device = createDeviceNode({
  id: 7,
  displayName: 'web-01',
  organizationId: 1,
  organizationName: 'Contoso',
});
const plan = createBackupPlan({ name: 'Documents' });

const common = (permissions: string[] = [...allPermissions]) => ({
  'GET /auth/me': meAnswer(permissions),
  'GET /client/1': { resultCode: 'SUCCESS', client: organization },
  'GET /devices/7': device,
  'GET /backup/strata/storage': pageOf([
    {
      organizationId: 1,
      organizationName: 'Contoso',
      cloudBytes: 3 * 1_048_576,
      localBytes: 0,
      cloudQuotaBytes: null,
      revisions: 4,
    },
  ]),
  'GET /backup/strata/clients/1/plans': pageOf([plan]),
  'GET /backup/strata/nodes/7/plans': { plans: [plan] },
  'GET /backup/strata/node/7/restore-key': true,
  'GET /backup/strata/plans-status': pageOf([]),
});

const render = (element: React.ReactElement, path: string, url: string) =>
  renderRoute(
    <>
      <Notifications />
      {element}
    </>,
    { path, url },
  );

describe('the backup pages: promotion or dashboards (spec §7 strata-status)', { timeout: 30_000 }, () => {
  it('show the promotion and how to start where no plan covers the organization', async () => {
    mockFetch({
      ...common(),
      'GET /backup/strata/clients/1/strata-status': backupStatus({ enabled: false, hasData: false }),
    });
    render(
      <CustomerBackupPage />,
      '/customerDashboard/:id/backup/:page',
      '/customerDashboard/1/backup/overview',
    );
    expect(
      await screen.findByRole('heading', { name: 'Protect these devices with backup' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('backup-setup-hint')).toHaveTextContent(
      'No backup plan covers the devices of this organization yet.',
    );
    expect(await screen.findByRole('link', { name: 'Create a backup plan' })).toHaveAttribute(
      'href',
      '/editor/customer/1/backup/plans/new',
    );
  });

  it('say nothing of a 403: a technician without the backup permissions sees the promotion', async () => {
    mockFetch({
      ...common(['devices.view']),
      'GET /backup/strata/strata-status': errorAnswer(403, 'FORBIDDEN', 'You do not have the permission.'),
    });
    render(<SystemBackupPage />, '/systemDashboard/backup/:page', '/systemDashboard/backup/overview');
    expect(
      await screen.findByRole('heading', { name: 'Protect these devices with backup' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(messages.backup.loadingError)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('say "Backup loading error" when the status cannot be read, with the reason and Retry', async () => {
    const fetchMock = mockFetch({
      ...common(),
      'GET /backup/strata/strata-status': errorAnswer(
        500,
        'INTERNAL',
        'Backup loading error: The database is away.',
      ),
    });
    const { user } = render(
      <SystemBackupPage />,
      '/systemDashboard/backup/:page',
      '/systemDashboard/backup/overview',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.backup.loadingError);
    expect(alert).toHaveTextContent(/^Backup loading errorThe database is away\. Retry$/);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'GET /backup/strata/strata-status')).toHaveLength(2));
  });

  it('stay silent when a later poll of the status fails, keeping the dashboards', async () => {
    let isDown = false;
    mockFetch({
      ...common(),
      'GET /backup/strata/strata-status': () =>
        isDown ? errorAnswer(500, 'INTERNAL', 'The database is away.') : backupStatus(),
    });
    const { queryClient } = render(
      <SystemBackupPage />,
      '/systemDashboard/backup/:page',
      '/systemDashboard/backup/overview',
    );
    expect(await screen.findByTestId('backup-status')).toHaveTextContent('Backup on');
    isDown = true;
    // What the 60-second poll does, without waiting for it.
    await act(() => queryClient.refetchQueries({ queryKey: ['backup', 'status'] }));
    expect(queryClient.getQueryState(['backup', 'status', { level: 'system' }])?.status).toBe('error');
    expect(screen.getByTestId('backup-status')).toHaveTextContent('Backup on');
    expect(screen.queryByText(messages.backup.loadingError)).not.toBeInTheDocument();
  });

  it('open the overview for a :page they do not have', async () => {
    mockFetch({ ...common(), 'GET /backup/strata/strata-status': backupStatus() });
    const { router } = renderRoute(<SystemBackupPage />, {
      path: '/systemDashboard/backup/:page',
      url: '/systemDashboard/backup/1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/systemDashboard/backup/overview'));
  });
});

describe('the device’s backup page', { timeout: 30_000 }, () => {
  const running = createJobSummary({ jobStatus: 'IN_PROGRESS', jobResult: null, finishedAt: null });

  it('shows each plan’s state, the live progress of a running backup, and the restore key', async () => {
    const row = createPlanStatus({ planId: plan.planId, planName: 'Documents', lastBackup: running });
    mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/plans-status': pageOf([row]),
    });
    const { queryClient } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    const planRow = await screen.findByTestId('backup-plan-row');
    expect(within(planRow).getByTestId('backup-plan-state')).toHaveTextContent('Running');
    const event: BackupProgressEvent = {
      type: 'backup.progress',
      time: '2026-11-25T17:01:00.000Z',
      organizationId: 1,
      nodeId: 7,
      jobUid: running.jobUid,
      actionType: 'STRATA_BACKUP',
      planId: plan.planId,
      phase: 'BACKING_UP',
      files: 120,
      totalFiles: 480,
      bytes: 10 * 1_048_576,
      totalBytes: 40 * 1_048_576,
      bytesPerSecond: 2 * 1_048_576,
      etaSeconds: 15,
    };
    act(() => backupEventKeys.apply?.(queryClient, event));
    const progress = await within(planRow).findByTestId('backup-progress');
    expect(progress).toHaveTextContent('Backing up');
    expect(progress).toHaveTextContent('25%');
    expect(progress).toHaveTextContent('120 of 480 files · 10 MB of 40 MB · 2 MB/s · 15s left');
    expect(screen.getByTestId('restore-key-state')).toHaveTextContent('Exists');
  });

  it('clears a failed backup, and says "Error clearing backup job" when that fails', async () => {
    const failed = createJobSummary({ jobResult: 'FAILURE', errorMessage: 'Disk full' });
    const row = createPlanStatus({ planId: plan.planId, planName: 'Documents', lastBackup: failed });
    const ignore = `PUT /backup/strata/nodes/7/plans-status/${plan.planId}/jobs/${failed.jobUid}/ignore`;
    const fetchMock = mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/plans-status': pageOf([row]),
      [ignore]: errorAnswer(
        409,
        'BACKUP_JOB_NOT_FINISHED',
        'Error clearing backup job: Only a finished backup job can be cleared.',
      ),
    });
    const { user } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    const planRow = await screen.findByTestId('backup-plan-row');
    expect(within(planRow).getByTestId('backup-plan-state')).toHaveTextContent('Failed');
    expect(within(planRow).getByText('Disk full')).toBeInTheDocument();
    await user.click(
      within(planRow).getByRole('button', { name: 'Clear the failure of Documents on web-01' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear failure' }),
    );
    // The spec's text once, as the title, and the server's reason under it.
    expect(await screen.findByText(messages.backup.clearJobError, { exact: true })).toBeInTheDocument();
    expect(
      screen.getByText('Only a finished backup job can be cleared.', { exact: true }),
    ).toBeInTheDocument();
    expect(requestBodies(fetchMock, ignore)).toHaveLength(1);
  });

  it('runs a plan now through POST /webapp/submit/job and follows the job', async () => {
    const row = createPlanStatus({ planId: plan.planId, planName: 'Documents' });
    const stored = createStoredJob({ jobType: 'BACKUP', jobName: 'Backup: Documents', nodeId: 7 });
    const fetchMock = mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/plans-status': pageOf([row]),
      [`GET /backup/strata/plans/${plan.planId}`]: { plan },
      'POST /query/device': deviceCacheAnswer(),
      'POST /webapp/submit/job': submitAnswer(stored),
      [`GET /webapp/job/${stored.jobUid}`]: { job: createJobDetail({ ...stored, jobStatus: 'IN_PROGRESS' }) },
    });
    const { user } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    await user.click(await screen.findByRole('button', { name: 'Run Documents now on web-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Documents on web-01' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'POST /webapp/submit/job')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'POST /webapp/submit/job')[0]).toEqual({
      nodes: [
        {
          nodeId: 7,
          jobs: [
            {
              jobType: 'BACKUP',
              jobStatus: 'START_REQUESTED',
              jobName: 'Backup: Documents',
              content: {
                nodeId: 7,
                nodeName: 'web-01',
                planId: plan.planId,
                planName: 'Documents',
                actionType: 'STRATA_BACKUP',
              },
            },
          ],
        },
      ],
      cacheExpiration: expect.any(Number),
    });
    const job = await within(dialog).findByTestId('backup-job');
    expect(job).toHaveTextContent('Backup: Documents');
    expect(within(job).getByRole('button', { name: 'Cancel job: Backup: Documents' })).toBeInTheDocument();
  });

  it('marks a policy’s plan with its policy (edited there) and runs it now on the device', async () => {
    const policyPlan = createBackupPlan({ name: 'Server files', policy: { id: 3, name: 'Linux servers' } });
    const row = createPlanStatus({
      planId: policyPlan.planId,
      planName: 'Server files',
      policy: { id: 3, name: 'Linux servers' },
    });
    const stored = createStoredJob({ jobType: 'BACKUP', jobName: 'Backup: Server files', nodeId: 7 });
    const fetchMock = mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/plans': { plans: [plan, policyPlan] },
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/plans-status': pageOf([row]),
      'POST /query/device': deviceCacheAnswer(),
      'POST /webapp/submit/job': submitAnswer(stored),
      [`GET /webapp/job/${stored.jobUid}`]: { job: createJobDetail({ ...stored, jobStatus: 'IN_PROGRESS' }) },
    });
    const { user } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    const tableRow = await screen.findByTestId('backup-plan-row');
    const label = await within(tableRow).findByRole('link', { name: 'From policy Linux servers' });
    expect(label).toHaveAttribute('href', '/editor/policy/3/backup');
    await user.click(within(tableRow).getByRole('button', { name: 'Run Server files now on web-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Run Server files on web-01' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(requestBodies(fetchMock, 'POST /webapp/submit/job')).toHaveLength(1));
    expect(requestBodies(fetchMock, 'POST /webapp/submit/job')[0]).toMatchObject({
      nodes: [{ nodeId: 7, jobs: [{ content: { planId: policyPlan.planId, actionType: 'STRATA_BACKUP' } }] }],
    });
  });

  it('shows the device’s volumes and which the plan backs up from (spec §7 volumes)', async () => {
    const row = createPlanStatus({ planId: plan.planId, planName: 'Documents' });
    mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/plans-status': pageOf([row]),
      [`GET /backup/strata/nodes/7/plans/${plan.planId}/volumes`]: {
        resultCode: 'SUCCESS',
        volumes: [
          {
            mount: '/',
            label: '',
            fsType: 'ext4',
            totalBytes: 100 * 1_048_576,
            freeBytes: 60 * 1_048_576,
            included: false,
          },
          {
            mount: '/home',
            label: 'home',
            fsType: 'ext4',
            totalBytes: 50 * 1_048_576,
            freeBytes: 10 * 1_048_576,
            included: true,
          },
        ],
      },
    });
    const { user } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    await user.click(await screen.findByRole('button', { name: 'Volumes of the device for Documents' }));
    const table = await screen.findByRole('table', { name: 'Volumes' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '/ext440 MB of 100 MB',
      '/homehome · ext440 MB of 50 MBBacked up',
    ]);
  });

  it('says "Error while fetching data" when the restore key cannot be checked, and downloads it after a confirmation', async () => {
    // jsdom has no object URLs: these two stand in for this test only.
    const createObjectURL = vi.fn(() => 'blob:key');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const keyFile = { format: 'strata-restore-key', v: 1 };
    const fetchMock = mockFetch({
      ...common(),
      'GET /backup/strata/nodes/7/strata-status': backupStatus(),
      'GET /backup/strata/node/7/restore-key': errorAnswer(500, 'INTERNAL', 'Broken'),
      'GET /backup/strata/clients/1/restore-key/file': keyFile,
    });
    const { user } = render(
      <DeviceBackupPage />,
      '/deviceDashboard/:id/backup/:page',
      '/deviceDashboard/7/backup/overview',
    );
    expect(await screen.findByText(messages.backup.fetchError)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download restore key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the restore key of Contoso?' });
    expect(dialog).toHaveTextContent('Whoever holds this file can read every backup of Contoso');
    expect(requestBodies(fetchMock, 'GET /backup/strata/clients/1/restore-key/file')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Download restore key' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(requestBodies(fetchMock, 'GET /backup/strata/clients/1/restore-key/file')).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });
});
