import {
  type BackupActionType,
  type BackupRestoreJobContent,
  type BackupRunJobContent,
  newBackupRunJob,
  newRestoreJob,
} from '@rmm/domain';

/** A backup-engine job as the dialogs build it, for the page to submit (POST /webapp/submit/job). */
export type BackupJobRequest = ReturnType<typeof newBackupRunJob> | ReturnType<typeof newRestoreJob>;

/** Submits a job for a device and answers its jobUid; the page shows a failure itself and rejects. */
export type SubmitBackupJob = (nodeId: number, job: BackupJobRequest) => Promise<string>;

export const runNowActions = [
  'STRATA_BACKUP',
  'STRATA_UPSYNC',
  'STRATA_INTEGRITY_CHECK',
] as const satisfies readonly BackupActionType[];
export type RunNowAction = (typeof runNowActions)[number];

const actionNames: Record<RunNowAction, string> = {
  STRATA_BACKUP: 'Backup',
  STRATA_UPSYNC: 'Upsync',
  STRATA_INTEGRITY_CHECK: 'Integrity check',
};

/** A run-now job: backup (optionally full), upsync or integrity check of a plan on a device. */
export const buildRunNowJob = (
  content: Omit<BackupRunJobContent, 'actionType' | 'fullBackup'>,
  action: RunNowAction,
  fullBackup: boolean,
) => {
  const isFull = action === 'STRATA_BACKUP' && fullBackup;
  const name = `${isFull ? 'Full backup' : actionNames[action]}: ${content.planName}`;
  return newBackupRunJob(name.slice(0, 200), {
    ...content,
    actionType: action,
    ...(isFull ? { fullBackup: true } : {}),
  });
};

/** A restore job, named after what it restores. */
export const buildRestoreJob = (content: Omit<BackupRestoreJobContent, 'actionType'>) => {
  const count = content.extractContent
    ? content.extractContent.files.length + content.extractContent.folders.length
    : 1;
  const what =
    count === 1
      ? content.extractContent
        ? [...content.extractContent.files, ...content.extractContent.folders][0]
        : content.sourcePath
      : `${count} items`;
  const verb = content.restoreType === 'EXTRACT' ? 'Download' : 'Restore';
  const name = `${verb} ${what} (${content.sourcePlanName})`;
  return newRestoreJob(name.length > 200 ? `${name.slice(0, 199)}…` : name, {
    ...content,
    actionType: 'STRATA_RESTORE',
  });
};
