import type { BackupJobSummary, BackupPlanStatus, BackupRevisionStats } from '@rmm/domain';
import { isTerminalJobStatus } from '@rmm/domain';
import { formatByteSize, formatDurationSeconds } from '../../lib/format.ts';

/** "12.5 MB/s". */
export const formatRate = (bytesPerSecond: number) => `${formatByteSize(bytesPerSecond)}/s`;

/** "4m 10s" left, or null while the agent does not know yet. */
export const formatEta = (seconds: number | null) =>
  seconds === null ? null : formatDurationSeconds(seconds);

/** Whether a backup-engine job has not ended yet (queued, running or cancelling). */
export const isJobRunning = (job: Pick<BackupJobSummary, 'jobStatus'> | null | undefined) =>
  job !== null && job !== undefined && !isTerminalJobStatus(job.jobStatus);

/** A job that ended badly: a failure result, or expired before the device ran it. */
export const isJobFailed = (job: BackupJobSummary | null | undefined) =>
  job !== null &&
  job !== undefined &&
  ((job.jobStatus === 'COMPLETED' && job.jobResult === 'FAILURE') || job.jobStatus === 'EXPIRED');

export const planStates = ['RUNNING', 'FAILED', 'INTEGRITY_FAILED', 'DISABLED', 'NEVER', 'OK'] as const;
export type PlanState = (typeof planStates)[number];

/**
 * One word for a plan on a device, most urgent first: running; its last backup failed (and was not
 * cleared); its repository's integrity check failed; disabled; never backed up; fine.
 */
export const planStateOf = (row: BackupPlanStatus): PlanState => {
  if ([row.lastBackup, row.lastUpsync, row.lastIntegrityCheck].some(isJobRunning)) return 'RUNNING';
  if (isJobFailed(row.lastBackup) && !row.lastBackup?.ignored) return 'FAILED';
  if (row.integrityStatus === 'FAILED') return 'INTEGRITY_FAILED';
  if (!row.enabled) return 'DISABLED';
  if (!row.lastBackup && !row.lastSuccessAt) return 'NEVER';
  return 'OK';
};

/** The running job of a row (backup first), whose progress the row shows. */
export const runningJobOf = (row: BackupPlanStatus) =>
  [row.lastBackup, row.lastUpsync, row.lastIntegrityCheck].find(isJobRunning) ?? null;

/** Files in a revision: new, changed and unmodified since its parent. */
export const filesOf = (
  stats: Partial<Pick<BackupRevisionStats, 'filesNew' | 'filesChanged' | 'filesUnmodified'>>,
) => (stats.filesNew ?? 0) + (stats.filesChanged ?? 0) + (stats.filesUnmodified ?? 0);
