import { createContext, type ReactNode, useContext } from 'react';
import type { SubmitBackupJob } from './backup-jobs.ts';

/**
 * How the backup screens submit and follow their jobs: the page that shows them gives both (it combines the
 * jobs feature), so this feature builds jobs and never submits them itself.
 */
export type BackupJobRunner = {
  submit: SubmitBackupJob;
  /** A submitted job as it runs: status, progress, result, cancel. */
  renderJob: (jobUid: string, options: { isExtract: boolean }) => ReactNode;
};

const BackupJobContext = createContext<BackupJobRunner | null>(null);

export const BackupJobProvider = BackupJobContext.Provider;

/** The page's job runner; null where none was given (the job buttons are not shown). */
export const useBackupJobRunner = () => useContext(BackupJobContext);
