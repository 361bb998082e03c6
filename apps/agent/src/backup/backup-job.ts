import {
  BACKUP_REPORT_VERSION,
  type BackupActionType,
  type BackupJobReport,
  BackupRestoreJobContent,
  BackupRunJobContent,
  isImageBackupKind,
  type ServerJob,
} from '@rmm/domain';
import { z } from 'zod';
import type { JobContext, PreparedJob } from '../jobs/execution.ts';
import { failedOutcome, type JobOutcome } from '../jobs/outcome.ts';
import { jobTexts } from '../jobs/texts.ts';
import { cancelled, describeError, failed, newJobLog } from './outcome.ts';
import { createProgressReporter } from './progress.ts';
import type { BackupJobEnv } from './repositories.ts';
import { runBackup } from './run-backup.ts';
import { runCheck } from './run-check.ts';
import { isDestinationValid, restorePathsOf, runRestore } from './run-restore.ts';
import { runUpsync } from './run-upsync.ts';
import type { BackupSettings } from './settings.ts';
import type { ShareHost } from './share.ts';
import { backupTexts } from './texts.ts';

type DeliveredJob = ServerJob['job'];

/** What the agent gives backup-engine jobs beyond a script's context. */
export type BackupHost = {
  deviceId: number;
  stateDir: string;
  serverUrl: string | undefined;
  authorization: string | undefined;
  settings: BackupSettings;
  shareHost: ShareHost;
  hostname: string;
  sendProgress: Parameters<typeof createProgressReporter>[0]['send'];
};

type Run = (
  env: BackupJobEnv,
  report: BackupJobReport,
  log: ReturnType<typeof newJobLog>,
) => Promise<JobOutcome>;

type Refusal = { outcome: JobOutcome };
type PlannedRun = { run: Run; actionType: BackupActionType; planId: string };

const refuse = (message: string): Refusal => ({ outcome: failedOutcome(message) });

/** Checks what can be checked before anything runs; answers the run, or a refusal. */
const planRun = (job: DeliveredJob, platform: NodeJS.Platform): PlannedRun | Refusal => {
  const resolved = job.backup;
  if (job.jobType === 'RESTORE') {
    const parsed = BackupRestoreJobContent.safeParse(job.content);
    if (!parsed.success) return refuse(jobTexts.invalidContent(z.prettifyError(parsed.error)));
    const content = parsed.data;
    if (content.restoreType === 'VIRTUAL_DISK' || content.restoreType === 'PHYSICAL_DISK')
      return refuse(backupTexts.diskRestoreNotSupported);
    if (!resolved) return refuse(backupTexts.noBackupContext);
    if (isImageBackupKind(resolved.plan.kind)) return refuse(backupTexts.imageNotSupported);
    if (resolved.actionType !== 'STRATA_RESTORE')
      return refuse(backupTexts.actionMismatch('STRATA_RESTORE', resolved.actionType));
    if (restorePathsOf(content).length === 0) return refuse(backupTexts.nothingToRestore);
    if (content.restoreType !== 'EXTRACT' && !isDestinationValid(content.destinationPath, platform))
      return refuse(backupTexts.relativeDestination(content.destinationPath));
    return {
      actionType: 'STRATA_RESTORE',
      planId: resolved.plan.planId,
      run: (env, report, log) => runRestore(content, resolved, env, report, log),
    };
  }
  const parsed = BackupRunJobContent.safeParse(job.content);
  if (!parsed.success) return refuse(jobTexts.invalidContent(z.prettifyError(parsed.error)));
  const { actionType } = parsed.data;
  if (actionType === 'STRATA_RESTORE') return refuse(backupTexts.actionNotOfJob(actionType, job.jobType));
  if (!resolved) return refuse(backupTexts.noBackupContext);
  if (isImageBackupKind(resolved.plan.kind)) return refuse(backupTexts.imageNotSupported);
  if (resolved.actionType !== actionType)
    return refuse(backupTexts.actionMismatch(actionType, resolved.actionType));
  if (actionType === 'STRATA_UPSYNC' && !resolved.upsyncTo) return refuse(backupTexts.upsyncWithoutCloud);
  const runs: Record<Exclude<BackupActionType, 'STRATA_RESTORE'>, Run> = {
    STRATA_BACKUP: (env, report, log) => runBackup(resolved, env, report, log),
    STRATA_UPSYNC: (env, report, log) => runUpsync(resolved, env, report, log),
    STRATA_INTEGRITY_CHECK: (env, report, log) => runCheck(resolved, env, report, log),
  };
  return { actionType, planId: resolved.plan.planId, run: runs[actionType] };
};

/**
 * BACKUP and RESTORE jobs of the backup engine. A cancel aborts the engine's work between units (a file, a
 * blob, a pack, a throttle wait): what is written stays valid (packs, then their index; no snapshot), locks are
 * removed, and the report says what was done. The master key stays in this job's memory only.
 */
export const prepareBackupJob = (job: DeliveredJob, context: JobContext, host: BackupHost): PreparedJob => {
  const planned = planRun(job, context.platform);
  if ('outcome' in planned) return planned;
  const launch = () => {
    const controller = new AbortController();
    const log = newJobLog();
    const report: BackupJobReport = {
      v: BACKUP_REPORT_VERSION,
      actionType: planned.actionType,
      planId: planned.planId,
    };
    const env: BackupJobEnv = {
      deviceId: host.deviceId,
      jobUid: context.jobUid,
      serverUrl: host.serverUrl,
      authorization: host.authorization,
      settings: host.settings,
      platform: context.platform,
      shareHost: host.shareHost,
      hostname: host.hostname,
      stateDir: host.stateDir,
      signal: controller.signal,
      progress: createProgressReporter({
        deviceId: host.deviceId,
        jobUid: context.jobUid,
        send: host.sendProgress,
        intervalMs: host.settings.progressIntervalMs,
        now: () => Date.now(),
      }),
    };
    const done = planned.run(env, report, log).catch((error: unknown) => {
      if (controller.signal.aborted) return cancelled(report, log);
      return failed(report, log, describeError(error));
    });
    return {
      done,
      cancel: () => controller.abort(new Error(jobTexts.cancelled)),
      kill: async () => {
        controller.abort(new Error(jobTexts.agentStopped));
        await done;
      },
    };
  };
  return { isReboot: false, launch };
};
