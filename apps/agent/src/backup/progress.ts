import type { Progress } from '@rmm/backup';
import type { AgentBackupProgress, BackupPhase } from '@rmm/domain';

export type ProgressReporterOptions = {
  deviceId: number;
  jobUid: string;
  /** Sends on the current connection (dropped when there is none: progress is never kept). */
  send: (message: AgentBackupProgress) => boolean;
  intervalMs: number;
  now: () => number;
};

const whole = (value: number) => Math.max(0, Math.round(value));

/**
 * The job's progress as `backupProgress` messages: at most one per `intervalMs`, and one at each change of
 * phase, whatever the engine reports. No paths: only counts.
 */
export const createProgressReporter = (options: ProgressReporterOptions) => {
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let lastPhase: BackupPhase | undefined;

  const send = (
    phase: BackupPhase,
    figures: Omit<AgentBackupProgress, 'v' | 'type' | 'deviceId' | 'jobUid' | 'phase'>,
  ) => {
    const at = options.now();
    if (phase === lastPhase && at - lastSentAt < options.intervalMs) return;
    lastPhase = phase;
    lastSentAt = at;
    options.send({
      v: 1,
      type: 'backupProgress',
      deviceId: options.deviceId,
      jobUid: options.jobUid,
      phase,
      ...figures,
    });
  };

  return {
    /** A phase begins (before the engine has counted anything). */
    begin: (phase: BackupPhase) =>
      send(phase, {
        files: 0,
        totalFiles: null,
        bytes: 0,
        totalBytes: null,
        bytesPerSecond: 0,
        etaSeconds: null,
      }),
    /** The engine's progress callback, for one phase. */
    of:
      (phase: BackupPhase) =>
      (progress: Progress): void =>
        send(phase, {
          files: whole(progress.filesDone),
          totalFiles: whole(progress.filesTotal),
          bytes: whole(progress.bytesDone),
          totalBytes: whole(progress.bytesTotal),
          bytesPerSecond: Math.max(0, progress.rate),
          etaSeconds: progress.etaSeconds === null ? null : whole(progress.etaSeconds),
        }),
  };
};
export type ProgressReporter = ReturnType<typeof createProgressReporter>;
