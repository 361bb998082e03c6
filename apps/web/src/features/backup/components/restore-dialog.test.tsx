import { allPermissions, backupErrorMessages } from '@rmm/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRevision, treeEntry } from '../../../test/backup-factories.ts';
import { createDevice } from '../../../test/device-factories.ts';
import { meAnswer } from '../../../test/job-factories.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { pageOf } from '../../../test/scheduled-task-factories.ts';
import { RestoreDialog } from './restore-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const folders: Record<string, object> = {
  '': { revisionId: 'x', path: '/', entries: [treeEntry('home', 'dir', 0)] },
  '/home': {
    revisionId: 'x',
    path: '/home',
    entries: [treeEntry('notes.txt'), treeEntry('todo.txt'), treeEntry('docs', 'dir', 0)],
  },
};

const open = (revision = createRevision({ planName: 'Documents', time: '2026-11-25T17:00:00.000Z' })) => {
  mockFetch({
    'GET /auth/me': meAnswer([...allPermissions]),
    [`GET /backup/strata/nodes/7/revisions/${revision.revisionId}/tree`]: ({ url }: { url: URL }) =>
      folders[url.searchParams.get('path') ?? ''],
    'GET /devices': pageOf([createDevice({ id: 9, displayName: 'web-02' })]),
  });
  const submit = vi.fn(async () => 'job-9');
  const renderJob = vi.fn((jobUid: string, isExtract: boolean) => (
    <p>
      Following {jobUid}
      {isExtract ? ' (zip)' : ''}
    </p>
  ));
  const rendered = renderRoute(
    <RestoreDialog
      revision={{ ...revision, nodeId: 7 }}
      submit={submit}
      renderJob={renderJob}
      onClose={() => {}}
    />,
    { path: '/', url: '/' },
  );
  return { ...rendered, submit, revision };
};

type User = ReturnType<typeof open>['user'];
const choose = async (user: User, ...names: string[]) => {
  await user.click(await screen.findByRole('button', { name: 'Open folder home' }));
  for (const name of names) await user.click(await screen.findByRole('checkbox', { name: `Select ${name}` }));
};

const base = (revision: ReturnType<typeof createRevision>) => ({
  revisionId: revision.revisionId,
  sourceNodeId: 7,
  sourceNodeName: 'web-01',
  sourcePlanId: revision.planId,
  sourcePlanName: 'Documents',
  backupJobId: revision.jobUid,
  actionType: 'STRATA_RESTORE',
});

describe('the restore dialog', () => {
  it('restores one file in place, overwriting, with permissions and deleted files, as a FILE job', async () => {
    const { user, submit, revision } = open();
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(
      await screen.findByText(backupErrorMessages.BACKUP_RESTORE_SELECTION_REQUIRED),
    ).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await choose(user, 'notes.txt');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(submit).toHaveBeenCalledWith(7, {
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
      jobName: 'Restore /home/notes.txt (Documents)',
      content: {
        ...base(revision),
        sourcePath: '/home/notes.txt',
        destinationPath: '',
        collisionHandling: 'OVERWRITE',
        restoreType: 'FILE',
        restorePermissions: true,
        restoreDeletedFiles: true,
        extractContent: null,
      },
    });
    expect(await screen.findByText('Following job-9')).toBeInTheDocument();
  });

  it('restores several items to another folder of another device as a BATCH job, keeping both', async () => {
    const { user, submit, revision } = open();
    await choose(user, 'todo.txt', 'docs');
    await user.click(screen.getByRole('combobox', { name: /^Device/ }));
    await user.click(await screen.findByRole('option', { name: 'web-02' }));
    await user.click(screen.getByRole('radio', { name: 'Another folder' }));
    const folder = screen.getByRole('textbox', { name: /^Folder/ });
    await user.click(folder);
    await user.paste('restored');
    await user.click(screen.getByRole('combobox', { name: 'When a file is already there' }));
    await user.click(await screen.findByRole('option', { name: 'Keep both (the restored one is renamed)' }));
    await user.click(screen.getByRole('checkbox', { name: /^Restore permissions/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Restore deleted files/ }));
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText(backupErrorMessages.BACKUP_DESTINATION_PATH)).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();

    await user.clear(folder);
    await user.paste('/tmp/restored');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(submit).toHaveBeenCalledWith(9, {
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
      jobName: 'Restore 2 items (Documents)',
      content: {
        ...base(revision),
        sourcePath: '/home',
        destinationPath: '/tmp/restored',
        collisionHandling: 'KEEP_BOTH',
        restoreType: 'BATCH',
        restorePermissions: false,
        restoreDeletedFiles: false,
        extractContent: { files: ['/home/todo.txt'], folders: ['/home/docs'] },
      },
    });
  });

  it('makes a zip of a folder as an EXTRACT job on the revision’s device, then offers its download', async () => {
    const { user, submit, revision } = open();
    await choose(user, 'docs');
    await user.click(screen.getByRole('radio', { name: /^Download as a zip file/ }));
    expect(screen.queryByRole('combobox', { name: /^Device/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make the zip' }));
    expect(submit).toHaveBeenCalledWith(7, {
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
      jobName: 'Download /home/docs (Documents)',
      content: {
        ...base(revision),
        sourcePath: '/home',
        destinationPath: '',
        collisionHandling: 'OVERWRITE',
        restoreType: 'EXTRACT',
        restorePermissions: false,
        restoreDeletedFiles: true,
        extractContent: { files: [], folders: ['/home/docs'] },
      },
    });
    expect(await screen.findByText('Following job-9 (zip)')).toBeInTheDocument();
  });

  it('shows disk restores disabled with the reason', async () => {
    open();
    for (const name of [/^Restore as a virtual disk/, /^Restore to a physical disk/]) {
      expect(await screen.findByRole('radio', { name })).toBeDisabled();
    }
    expect(screen.getAllByText(backupErrorMessages.BACKUP_DISK_RESTORE_NOT_SUPPORTED)).toHaveLength(2);
  });

  it('restores a revision kept only on its device’s disk to that device alone, browsing it there', async () => {
    open(createRevision({ location: 'LOCAL' }));
    const device = await screen.findByRole('combobox', { name: /^Device/ });
    await waitFor(() => expect(device).toBeDisabled());
    expect(screen.getByText(backupErrorMessages.BACKUP_REVISION_NOT_REACHABLE)).toBeInTheDocument();
    expect(screen.getByTestId('backup-tree-from-device')).toHaveTextContent('read from the device');
  });
});
