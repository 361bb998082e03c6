import { isStrataError, type Snapshot } from '@rmm/backup';
import type { BackupJobReport, BackupRevisionStats } from '@rmm/domain';
import type { JobOutcome } from '../jobs/outcome.ts';
import { jobTexts } from '../jobs/texts.ts';

/** What a backup-engine job writes besides its report: a summary, and the problems met on the way. */
export type JobLog = { out: string[]; err: string[] };

export const newJobLog = (): JobLog => ({ out: [], err: [] });

const MAX_LISTED = 50;

/** Lines about many items: the first ones, then how many more. */
export const listLines = (items: readonly string[]): string[] =>
  items.length <= MAX_LISTED
    ? [...items]
    : [...items.slice(0, MAX_LISTED), `... and ${items.length - MAX_LISTED} more`];

export const describeError = (error: unknown): string => {
  if (isStrataError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
};

const content = (report: BackupJobReport, log: JobLog, errorMessage: string | null) => ({
  exitCode: null,
  stdout: log.out.join('\n'),
  stderr: log.err.join('\n'),
  truncated: false,
  errorMessage: errorMessage === null ? null : errorMessage.slice(0, 4000),
  backup: report,
});

export const succeeded = (report: BackupJobReport, log: JobLog): JobOutcome => ({
  status: 'COMPLETED',
  result: 'SUCCESS',
  resultContent: content(report, log, null),
});

export const failed = (report: BackupJobReport, log: JobLog, errorMessage: string): JobOutcome => ({
  status: 'COMPLETED',
  result: 'FAILURE',
  resultContent: content(report, log, errorMessage),
});

/** Stopped by a cancel: what was done before it is still reported (a revision made is a fact). */
export const cancelled = (report: BackupJobReport, log: JobLog): JobOutcome => ({
  status: 'CANCELLED',
  result: 'FAILURE',
  resultContent: content(report, log, jobTexts.cancelled),
});

/** The engine's figures of a snapshot as the contract names them. */
export const revisionStatsOf = (snapshot: Snapshot): BackupRevisionStats => {
  const stats = snapshot.stats;
  return {
    files: stats.filesNew + stats.filesChanged + stats.filesUnmodified,
    dirs: stats.dirs,
    totalBytes: stats.bytesTotal,
    newFiles: stats.filesNew,
    changedFiles: stats.filesChanged,
    unchangedFiles: stats.filesUnmodified,
    // the engine's snapshot counts what was stored (compressed, sealed), not the plaintext added
    addedBytes: stats.bytesAdded,
    storedBytes: stats.bytesAdded,
    durationMs: stats.durationMs,
    readBytes: stats.bytesProcessed,
    errors: stats.errors,
  };
};
