import { backup } from '@rmm/backup';
import type { AgentBackupJob, BackupJobReport } from '@rmm/domain';
import type { JobOutcome } from '../jobs/outcome.ts';
import { describeError, failed, type JobLog, listLines, revisionStatsOf, succeeded } from './outcome.ts';
import { type BackupJobEnv, openJobRepository, repositorySize } from './repositories.ts';
import { applyPlanRetention } from './retention.ts';
import { backupTexts } from './texts.ts';
import { upsyncTo } from './upsync.ts';

const GLOB = /[*?[]/;

/** The folders above a glob's first wildcard: where the walk starts. */
const staticPrefix = (pattern: string) => {
  const parts = pattern.replace(/\\/g, '/').split('/');
  const first = parts.findIndex((part) => GLOB.test(part));
  return parts.slice(0, first).join('/') || '/';
};

/**
 * The plan's include rules as the engine takes them: plain paths are walked as they are; a glob is walked from
 * the folders above its first wildcard and filters what is kept (then every rule is an include rule, so the
 * plain paths stay in).
 */
export const selectionOf = (plan: AgentBackupJob['plan']) => {
  const rules = plan.include.map((rule) => rule.trim()).filter(Boolean);
  const hasGlobs = rules.some((rule) => GLOB.test(rule));
  const paths = [...new Set(rules.map((rule) => (GLOB.test(rule) ? staticPrefix(rule) : rule)))];
  return { paths, include: hasGlobs ? rules : [] };
};

/**
 * STRATA_BACKUP: a new revision of the plan's paths (unchanged files since the parent revision not read
 * again, unless a full backup), the plan's retention, then for a hybrid plan the upsync. The report is filled
 * as the steps succeed, so a cancel or failure later still reports the revision made.
 */
export const runBackup = async (
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  env.progress.begin('SCANNING');
  const isCloud = job.repository.type === 'CLOUD';
  const repo = await openJobRepository(job.repository, job, env, { create: true });
  try {
    const { paths, include } = selectionOf(job.plan);
    const { snapshot, errors } = await backup(repo, {
      paths,
      include,
      exclude: job.plan.exclude,
      planId: job.plan.planId,
      deviceId: String(env.deviceId),
      hostname: env.hostname,
      tags: [`job:${env.jobUid}`],
      parent: job.fullBackup ? null : undefined,
      signal: env.signal,
      onProgress: env.progress.of('BACKING_UP'),
      progressIntervalMs: env.settings.progressIntervalMs,
    });
    const stats = revisionStatsOf(snapshot);
    report.revision = {
      revisionId: snapshot.id,
      parentRevisionId: snapshot.parent,
      time: snapshot.time,
      location: isCloud ? 'CLOUD' : 'LOCAL',
      stats,
    };
    log.out.push(
      `Revision ${snapshot.id} saved: ${stats.files} files (${stats.newFiles} new, ${stats.changedFiles} changed, ${stats.unchangedFiles} unchanged), ${stats.dirs} folders, ${stats.totalBytes} bytes; ${stats.storedBytes} bytes added to the repository.`,
    );
    if (errors.length > 0) {
      log.err.push(backupTexts.unreadable(errors.length));
      log.err.push(...listLines(errors.map((error) => `${error.path}: ${error.message}`)));
    }
    env.progress.begin('PRUNING');
    report.forgottenRevisionIds = await applyPlanRetention(repo, job, env, { isCloud, log });
    if (!isCloud)
      report.localRepository = {
        repositoryId: job.repository.repositoryId,
        bytes: await repositorySize(repo.backend),
      };
    if (!job.upsyncTo) return succeeded(report, log);
    try {
      await upsyncTo(repo, job, env, report, log);
    } catch (error) {
      if (env.signal.aborted) throw error;
      return failed(report, log, backupTexts.upsyncFailed(snapshot.id, describeError(error)));
    }
    if (report.upsync?.revisionIds.includes(snapshot.id)) report.revision.location = 'BOTH';
    return succeeded(report, log);
  } finally {
    await repo.close();
  }
};
