import { check } from '@rmm/backup';
import type { AgentBackupJob, BackupJobReport } from '@rmm/domain';
import type { JobOutcome } from '../jobs/outcome.ts';
import { failed, type JobLog, listLines, succeeded } from './outcome.ts';
import { type BackupJobEnv, openJobRepository, repositorySize } from './repositories.ts';
import { backupTexts } from './texts.ts';

const MAX_PROBLEMS = 100;

/**
 * STRATA_INTEGRITY_CHECK: the structure (every index file, pack header, snapshot and tree, every blob a tree
 * names in the index) and, with readData, every pack's hash and every blob's MAC. A problem fails the job and
 * the report's verdict marks the plan.
 */
export const runCheck = async (
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  env.progress.begin('CHECKING');
  const repo = await openJobRepository(job.repository, job, env, { create: false });
  try {
    const result = await check(repo, {
      readData: job.readData,
      signal: env.signal,
      onProgress: env.progress.of('CHECKING'),
    });
    const problems = result.errors.map((error) =>
      `${error.kind} ${error.file}: ${error.message}`.slice(0, 1000),
    );
    report.integrity = {
      ok: result.ok,
      readData: job.readData,
      checkedFiles: result.files,
      checkedBytes: result.bytes,
      problems: problems.slice(0, MAX_PROBLEMS),
    };
    if (job.repository.type !== 'CLOUD')
      report.localRepository = {
        repositoryId: job.repository.repositoryId,
        bytes: await repositorySize(repo.backend),
      };
    log.out.push(
      `${job.readData ? 'Read-data' : 'Structural'} check of ${result.snapshots} revisions, ${result.packs} packs, ${result.blobs} blobs, ${result.files} files, ${result.bytes} bytes: ${result.ok ? 'no problems' : `${problems.length} problem(s)`}.`,
    );
    if (result.unreferencedPacks.length > 0)
      log.out.push(`${result.unreferencedPacks.length} pack(s) left by an interrupted run wait for prune.`);
    if (result.ok) return succeeded(report, log);
    log.err.push(...listLines(problems));
    return failed(report, log, `${backupTexts.integrityFailed(problems.length)} ${problems[0] ?? ''}`.trim());
  } finally {
    await repo.close();
  }
};
