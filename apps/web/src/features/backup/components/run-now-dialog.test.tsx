import { allPermissions, backupErrorMessages } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackupPlan } from '../../../test/backup-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { RunNowDialog } from './run-now-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const open = (plan: ReturnType<typeof createBackupPlan>) => {
  mockFetch({
    'GET /auth/me': meAnswer([...allPermissions]),
    'GET /backup/strata/nodes/7/plans': { plans: [plan] },
  });
  const submit = vi.fn(async () => 'job-1');
  const onClose = vi.fn();
  const rendered = renderRoute(
    <RunNowDialog
      nodeId={7}
      nodeName="web-01"
      planId={plan.planId}
      planName={plan.name}
      submit={submit}
      renderJob={(jobUid) => <p>Following {jobUid}</p>}
      onClose={onClose}
    />,
    { path: '/', url: '/' },
  );
  return { ...rendered, submit, onClose };
};

describe('the run-now dialog', () => {
  it('runs a backup of the plan on the device, as START_REQUESTED with the engine prefix, then follows it', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    const { user, submit } = open(plan);
    expect(await screen.findByRole('dialog', { name: 'Run Documents on web-01' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(submit).toHaveBeenCalledWith(7, {
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
    });
    expect(await screen.findByText('Following job-1')).toBeInTheDocument();
  });

  it('asks for a full backup with the flag, and runs an integrity check without it', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    const { user, submit } = open(plan);
    await user.click(await screen.findByRole('checkbox', { name: /^Full backup/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(submit).toHaveBeenLastCalledWith(
      7,
      expect.objectContaining({
        jobName: 'Full backup: Documents',
        content: expect.objectContaining({ actionType: 'STRATA_BACKUP', fullBackup: true }),
      }),
    );
  });

  it('offers an upsync only for a hybrid plan, saying why otherwise', async () => {
    const cloud = open(createBackupPlan({ name: 'Cloud plan' }));
    const upsync = await screen.findByRole('radio', { name: 'Upsync' });
    await waitFor(() => expect(upsync).toBeDisabled());
    expect(screen.getByText(backupErrorMessages.BACKUP_UPSYNC_NEEDS_HYBRID)).toBeInTheDocument();
    cloud.unmount();

    const plan = createBackupPlan({
      name: 'Hybrid plan',
      destination: { type: 'HYBRID', local: { type: 'LOCAL', path: '/var/backups' } },
    });
    const { user, submit } = open(plan);
    const enabled = await screen.findByRole('radio', { name: 'Upsync' });
    await waitFor(() => expect(enabled).toBeEnabled());
    await user.click(enabled);
    expect(screen.queryByRole('checkbox', { name: /^Full backup/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(submit).toHaveBeenCalledWith(7, {
      jobType: 'BACKUP',
      jobStatus: 'START_REQUESTED',
      jobName: 'Upsync: Hybrid plan',
      content: {
        nodeId: 7,
        nodeName: 'web-01',
        planId: plan.planId,
        planName: 'Hybrid plan',
        actionType: 'STRATA_UPSYNC',
      },
    });
  });

  it('runs an integrity check', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    const { user, submit } = open(plan);
    await user.click(await screen.findByRole('radio', { name: 'Integrity check' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(submit).toHaveBeenCalledWith(
      7,
      expect.objectContaining({
        jobName: 'Integrity check: Documents',
        content: expect.objectContaining({ actionType: 'STRATA_INTEGRITY_CHECK' }),
      }),
    );
  });

  it('cannot run an image plan yet, and says why', async () => {
    const { submit } = open(createBackupPlan({ name: 'Disk', kind: 'image' }));
    expect(await screen.findByText(backupErrorMessages.BACKUP_IMAGE_NOT_SUPPORTED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run now' })).toBeDisabled();
    expect(submit).not.toHaveBeenCalled();
  });

  it('stays open with its choices when the submission fails', async () => {
    const plan = createBackupPlan({ name: 'Documents' });
    const { user, submit } = open(plan);
    submit.mockRejectedValueOnce(new Error('refused'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('button', { name: 'Run now' })).toBeEnabled();
    expect(screen.queryByText(/Following/)).not.toBeInTheDocument();
  });
});
