import type { ConditionParameters } from '@rmm/domain';
import type { BackupRun } from './repository.ts';

/**
 * BACKUP_JOB judged from the BACKUP jobs the server stores (the engine's sweep and the policy dry run share it):
 * FAILED: the latest finished run of each plan, a failure triggers and a success clears (the plan id is the
 * instance, the observation has the job's own time); NOT_RUN: no successful run within `notRunHours`, counted
 * from the device's creation when it never had one.
 */

export type BackupVerdict = { instance: string; triggered: boolean; text: string; observedAt: Date };

const HOUR_MS = 3_600_000;

export const judgeBackupJob = (
  parameters: ConditionParameters<'BACKUP_JOB'>,
  /** The device's latest finished run per plan (`latestBackupRuns`). */
  runs: readonly BackupRun[],
  deviceCreatedAt: Date | undefined,
  now: Date,
): BackupVerdict[] => {
  if (parameters.trigger === 'FAILED')
    return runs.map((run) => ({
      instance: run.planId,
      triggered: run.failed,
      text: run.failed ? `Backup of plan ${run.planName || run.planId} failed (job ${run.jobUid})` : '',
      observedAt: run.finishedAt,
    }));
  const successes = runs.filter((r) => !r.failed).map((r) => r.finishedAt.getTime());
  const since = successes.length ? Math.max(...successes) : (deviceCreatedAt?.getTime() ?? now.getTime());
  const late = now.getTime() - since > parameters.notRunHours * HOUR_MS;
  return [
    {
      instance: '',
      triggered: late,
      text: late
        ? successes.length
          ? `No successful backup since ${new Date(since).toISOString()}`
          : 'No successful backup yet'
        : '',
      observedAt: now,
    },
  ];
};
