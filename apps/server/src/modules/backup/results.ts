import { BackupJobReport, localPartOf } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import * as data from './data-repository.ts';
import { ensureRepository } from './keys-repository.ts';
import { findPlanForOrganization, type PlanRow, setPlanIntegrity } from './plans-repository.ts';

/**
 * What an agent's backup report (`resultContent.backup` of a BACKUP or RESTORE job's result) changes:
 * applied in the transaction that stores the result, once however often the agent re-sends it. A report
 * that does not parse, or speaks of another plan than its job's, changes nothing (the job result is stored).
 */

export type ReportedJob = {
  row: {
    jobUid: string;
    jobType: string;
    deviceId: number;
    organizationId: number;
    nodeName: string;
    content: Record<string, unknown>;
  };
  resultContent: Record<string, unknown> | undefined;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The jobs whose reports these are: backup-engine jobs only. */
export const isBackupReport = (job: ReportedJob) =>
  job.row.jobType === 'BACKUP' || job.row.jobType === 'RESTORE';

const planIdOf = (row: ReportedJob['row']) =>
  String(row.jobType === 'RESTORE' ? row.content.sourcePlanId : row.content.planId);

/** The repository a plan writes first (its folder or share, else the cloud), for a new revision. */
const firstRepositoryOf = async (db: DbOrTx, plan: PlanRow) => {
  const local = localPartOf(plan.destination);
  return local
    ? ensureRepository(db, plan.organizationId, local.type, local.path)
    : ensureRepository(db, plan.organizationId, 'CLOUD');
};

const applyOne = async (db: DbOrTx, { row, resultContent }: ReportedJob, now: Date) => {
  const parsed = BackupJobReport.safeParse(resultContent?.backup);
  if (!parsed.success) return resultContent?.backup === undefined ? undefined : 'the report does not parse';
  const report = parsed.data;
  if (report.planId !== planIdOf(row)) return 'the report names another plan than its job';
  if (!UUID.test(report.planId)) return 'the report names no plan';
  const { organizationId } = row;
  // A policy's plan runs in the device's organization: its revisions are that organization's.
  const plan = await findPlanForOrganization(db, report.planId, organizationId);
  if (plan && plan.organizationId !== organizationId) return 'the plan is not of the device organization';
  if (report.revision && row.jobType === 'BACKUP') {
    await data.insertRevision(db, {
      organizationId,
      revisionId: report.revision.revisionId,
      planId: report.planId,
      planName: plan?.name ?? String(row.content.planName ?? ''),
      deviceId: row.deviceId,
      nodeName: row.nodeName,
      time: new Date(report.revision.time),
      parentRevisionId: report.revision.parentRevisionId,
      location: report.revision.location,
      repositoryId: plan ? await firstRepositoryOf(db, plan) : null,
      stats: report.revision.stats,
      jobUid: row.jobUid,
    });
  }
  if (report.forgottenRevisionIds?.length)
    await data.forgetRevisions(
      db,
      organizationId,
      report.planId,
      row.deviceId,
      report.forgottenRevisionIds,
      now,
    );
  if (report.upsync?.revisionIds.length)
    await data.markUpsynced(db, organizationId, report.upsync.revisionIds);
  if (report.integrity && plan) {
    const { ok, problems } = report.integrity;
    const message = ok
      ? null
      : (problems.slice(0, 5).join('; ') || 'The integrity check failed.').slice(0, 2000);
    await setPlanIntegrity(db, plan.id, ok ? 'OK' : 'FAILED', now, message);
  }
  if (report.localRepository)
    await data.saveLocalUsage(db, {
      organizationId,
      deviceId: row.deviceId,
      at: now,
      ...report.localRepository,
    });
  return undefined;
};

/** Applies the reports of these results; answers why some were not applied (for the log). */
export const applyBackupReports = async (db: DbOrTx, jobs: ReportedJob[], now = new Date()) => {
  const skipped: { jobUid: string; reason: string }[] = [];
  for (const job of jobs.filter(isBackupReport)) {
    const reason = await applyOne(db, job, now);
    if (reason) skipped.push({ jobUid: job.row.jobUid, reason });
  }
  return skipped;
};
