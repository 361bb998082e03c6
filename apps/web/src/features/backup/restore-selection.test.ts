import { describe, expect, it } from 'vitest';
import { buildRestoreJob, buildRunNowJob } from './backup-jobs.ts';
import {
  childPath,
  commonFolder,
  isCoveredBy,
  type RestoreSelection,
  restoreShapeOf,
  toggleSelection,
} from './restore-selection.ts';

const select = (...entries: [string, 'file' | 'dir'][]): RestoreSelection => new Map(entries);

describe('the restore selection', () => {
  it('names children under their folder, from the top', () => {
    expect(childPath('', 'home')).toBe('/home');
    expect(childPath('/', 'home')).toBe('/home');
    expect(childPath('/home/ann/', 'notes.txt')).toBe('/home/ann/notes.txt');
  });

  it('choosing a folder takes what was chosen inside it, and covers its children', () => {
    let selection = toggleSelection(new Map(), '/home/ann/a.txt', 'file');
    selection = toggleSelection(selection, '/home/bob/b.txt', 'file');
    selection = toggleSelection(selection, '/home/ann', 'dir');
    expect([...selection]).toEqual([
      ['/home/bob/b.txt', 'file'],
      ['/home/ann', 'dir'],
    ]);
    expect(isCoveredBy(selection, '/home/ann/deep/c.txt')).toBe(true);
    expect(isCoveredBy(selection, '/home/annex/c.txt')).toBe(false);
    expect(isCoveredBy(selection, '/home/ann')).toBe(false);
    expect([...toggleSelection(selection, '/home/ann', 'dir')]).toEqual([['/home/bob/b.txt', 'file']]);
  });

  it('finds the folder that holds a selection', () => {
    expect(commonFolder(['/home/ann/a.txt', '/home/ann/docs'])).toBe('/home/ann');
    expect(commonFolder(['/home/ann/a.txt', '/srv/b'])).toBe('/');
    expect(commonFolder(['/home/ann/a.txt'])).toBe('/home/ann');
  });

  it('restores one file as FILE, one folder as FILE_FOLDER, several as BATCH, and a zip as EXTRACT', () => {
    expect(restoreShapeOf(select(['/home/ann/a.txt', 'file']), { isExtract: false })).toEqual({
      restoreType: 'FILE',
      sourcePath: '/home/ann/a.txt',
      extractContent: null,
    });
    expect(restoreShapeOf(select(['/home/ann', 'dir']), { isExtract: false })).toEqual({
      restoreType: 'FILE_FOLDER',
      sourcePath: '/home/ann',
      extractContent: null,
    });
    const two = select(['/home/ann/a.txt', 'file'], ['/home/ann/docs', 'dir']);
    expect(restoreShapeOf(two, { isExtract: false })).toEqual({
      restoreType: 'BATCH',
      sourcePath: '/home/ann',
      extractContent: { files: ['/home/ann/a.txt'], folders: ['/home/ann/docs'] },
    });
    expect(restoreShapeOf(select(['/home/ann/a.txt', 'file']), { isExtract: true })).toEqual({
      restoreType: 'EXTRACT',
      sourcePath: '/home/ann',
      extractContent: { files: ['/home/ann/a.txt'], folders: [] },
    });
  });
});

describe('the backup job builders', () => {
  const plan = { nodeId: 7, nodeName: 'web-01', planId: 'p1', planName: 'Documents' };

  it('build run-now jobs with the engine prefix, START_REQUESTED, the full flag only for a backup', () => {
    expect(buildRunNowJob(plan, 'STRATA_BACKUP', true)).toEqual({
      jobType: 'BACKUP',
      jobStatus: 'START_REQUESTED',
      jobName: 'Full backup: Documents',
      content: { ...plan, actionType: 'STRATA_BACKUP', fullBackup: true },
    });
    expect(buildRunNowJob(plan, 'STRATA_UPSYNC', true)).toEqual({
      jobType: 'BACKUP',
      jobStatus: 'START_REQUESTED',
      jobName: 'Upsync: Documents',
      content: { ...plan, actionType: 'STRATA_UPSYNC' },
    });
  });

  it('build a restore job named after what it restores', () => {
    const job = buildRestoreJob({
      revisionId: 'r1',
      sourcePath: '/home/ann/a.txt',
      sourceNodeId: 7,
      sourcePlanId: 'p1',
      sourceNodeName: 'web-01',
      sourcePlanName: 'Documents',
      destinationPath: '',
      collisionHandling: 'OVERWRITE',
      restoreType: 'FILE',
      restorePermissions: true,
      restoreDeletedFiles: true,
      backupJobId: null,
      extractContent: null,
    });
    expect(job).toMatchObject({
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
      jobName: 'Restore /home/ann/a.txt (Documents)',
      content: { actionType: 'STRATA_RESTORE', restoreType: 'FILE' },
    });
  });
});
