import { copy, type Repository } from '@rmm/backup';
import type { AgentBackupJob, BackupJobReport } from '@rmm/domain';
import type { JobLog } from './outcome.ts';
import { type BackupJobEnv, openJobRepository } from './repositories.ts';
import { applyPlanRetention } from './retention.ts';
import { backupTexts } from './texts.ts';

const MAX_REPORTED = 10_000;

/**
 * Copies what the cloud repository lacks from the local one (the engine's copy: packs, then their index, then
 * the snapshots, so a copy cut short leaves both valid and the next run goes on from there), then applies the
 * plan's retention in the cloud too. Fills the report's `upsync` and its forgotten revisions.
 */
export const upsyncTo = async (
  local: Repository,
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<void> => {
  if (!job.upsyncTo) throw new Error(backupTexts.upsyncWithoutCloud);
  env.progress.begin('UPSYNCING');
  const cloud = await openJobRepository(job.upsyncTo, job, env, { create: true });
  try {
    const result = await copy(local, cloud, { signal: env.signal, onProgress: env.progress.of('UPSYNCING') });
    report.upsync = {
      revisionIds: result.both.slice(0, MAX_REPORTED),
      // whole packs and snapshot files (blobs of partly needed packs travel inside new packs)
      filesCopied: result.packsCopied + result.copied.length,
      bytesCopied: result.bytesCopied,
    };
    log.out.push(
      `Upsynced ${result.copied.length} revision(s) to the cloud: ${result.bytesCopied} bytes in ${result.packsCopied} whole pack(s) and ${result.blobsCopied} blob(s).`,
    );
    env.progress.begin('PRUNING');
    const forgotten = await applyPlanRetention(cloud, job, env, { isCloud: true, log });
    report.forgottenRevisionIds = [...new Set([...(report.forgottenRevisionIds ?? []), ...forgotten])];
  } finally {
    await cloud.close();
  }
};
