import type { AgentBackupJob, BackupJobReport } from '@rmm/domain';
import type { JobOutcome } from '../jobs/outcome.ts';
import { type JobLog, succeeded } from './outcome.ts';
import { type BackupJobEnv, openJobRepository, repositorySize } from './repositories.ts';
import { upsyncTo } from './upsync.ts';

/** STRATA_UPSYNC: the hybrid plan's local repository copied into the cloud one (what is missing only). */
export const runUpsync = async (
  job: AgentBackupJob,
  env: BackupJobEnv,
  report: BackupJobReport,
  log: JobLog,
): Promise<JobOutcome> => {
  const local = await openJobRepository(job.repository, job, env, { create: false });
  try {
    await upsyncTo(local, job, env, report, log);
    report.localRepository = {
      repositoryId: job.repository.repositoryId,
      bytes: await repositorySize(local.backend),
    };
    return succeeded(report, log);
  } finally {
    await local.close();
  }
};
