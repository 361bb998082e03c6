import { describe, expect, it } from 'vitest';
import {
  availableBackupKinds,
  BACKUP_ENGINE,
  BACKUP_ENGINE_PATH,
  BACKUP_STATUS_SEGMENT,
  BackupActionType,
  BackupKind,
  BackupRestoreJobContent,
  BackupRunJobContent,
  BackupStatus,
  backupKindLabel,
  newBackupRunJob,
  newRestoreJob,
} from './backup.ts';

const restoreContent = (overrides: Partial<BackupRestoreJobContent> = {}): BackupRestoreJobContent => ({
  revisionId: 'rev-1',
  sourcePath: 'C:\\Data',
  sourceNodeId: 42,
  sourcePlanId: 'plan-1',
  sourceNodeName: 'WS-01',
  sourcePlanName: 'Daily files',
  destinationPath: 'D:\\Restore',
  collisionHandling: 'OVERWRITE',
  restoreType: 'FILE_FOLDER',
  restorePermissions: true,
  restoreDeletedFiles: false,
  backupJobId: 'job-9',
  extractContent: { files: ['a.txt'], folders: ['docs'] },
  actionType: 'STRATA_RESTORE',
  ...overrides,
});

describe('backup engine', () => {
  it('is named strata in paths and STRATA in action types', () => {
    expect(BACKUP_ENGINE).toBe('strata');
    expect(BACKUP_ENGINE_PATH).toBe('/backup/strata');
    expect(BACKUP_STATUS_SEGMENT).toBe('strata-status');
    expect(BackupActionType.options).toEqual([
      'STRATA_BACKUP',
      'STRATA_UPSYNC',
      'STRATA_RESTORE',
      'STRATA_INTEGRITY_CHECK',
    ]);
  });
});

describe('backup kinds', () => {
  it('lists fileFolder, image, arrowImage and networkShare', () => {
    expect(BackupKind.options).toEqual(['fileFolder', 'image', 'arrowImage', 'networkShare']);
  });

  it('labels image Legacy only when backup_arrow_image is on', () => {
    expect(backupKindLabel('image', { backup_arrow_image: true })).toBe('Legacy');
    expect(backupKindLabel('image', { backup_arrow_image: false })).toBe('Image');
    expect(backupKindLabel('arrowImage', { backup_arrow_image: true })).toBe('Image');
    expect(backupKindLabel('fileFolder', { backup_arrow_image: true })).toBe('File/Folder');
    expect(backupKindLabel('networkShare', { backup_arrow_image: false })).toBe('Network Share');
  });

  it('offers arrowImage only with the flag on', () => {
    expect(availableBackupKinds({ backup_arrow_image: false })).toEqual([
      'fileFolder',
      'image',
      'networkShare',
    ]);
    expect(availableBackupKinds({ backup_arrow_image: true })).toHaveLength(4);
  });
});

describe('backup job contents', () => {
  it('accepts the §3 restore content and refuses another action type', () => {
    expect(BackupRestoreJobContent.parse(restoreContent())).toEqual(restoreContent());
    expect(BackupRestoreJobContent.safeParse(restoreContent({ restoreType: 'BATCH' })).success).toBe(true);
    const wrongAction = { ...restoreContent(), actionType: 'STRATA_BACKUP' };
    expect(BackupRestoreJobContent.safeParse(wrongAction).success).toBe(false);
  });

  it('accepts run content with an optional full-backup flag', () => {
    const content = { nodeId: 1, planId: 'p', nodeName: 'n', planName: 'plan', actionType: 'STRATA_UPSYNC' };
    expect(BackupRunJobContent.parse(content)).toEqual(content);
    expect(BackupRunJobContent.parse({ ...content, fullBackup: true }).fullBackup).toBe(true);
    expect(BackupRunJobContent.safeParse({ ...content, actionType: 'BACKUP' }).success).toBe(false);
  });

  it('creates backup and restore jobs as START_REQUESTED', () => {
    const run = {
      nodeId: 1,
      planId: 'p',
      nodeName: 'n',
      planName: 'plan',
      actionType: 'STRATA_BACKUP' as const,
    };
    expect(newBackupRunJob('Run backup', run)).toEqual({
      jobType: 'BACKUP',
      jobStatus: 'START_REQUESTED',
      jobName: 'Run backup',
      content: run,
    });
    expect(newRestoreJob('Restore', restoreContent())).toMatchObject({
      jobType: 'RESTORE',
      jobStatus: 'START_REQUESTED',
    });
  });
});

describe('BackupStatus', () => {
  it('reads enabled, the has-data flags and the division config', () => {
    const status = {
      enabled: true,
      hasData: true,
      hasCloudData: false,
      hasLocalData: true,
      divisionConfig: { enabled: true, bucket: 'eu-1' },
    };
    expect(BackupStatus.parse(status)).toEqual(status);
    expect(BackupStatus.parse({ enabled: false })).toEqual({ enabled: false });
  });
});
