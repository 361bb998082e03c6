import {
  availableRestoreTypes,
  type BackupRestoreJobContent,
  type BackupRunJobContent,
  isImageBackupKind,
  isLocalPath,
  isSharePath,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { findRevision } from './data-repository.ts';
import { findBackupDevice } from './devices.ts';
import { backupError } from './errors.ts';
import { findRepository } from './keys-repository.ts';
import { findPlanForOrganization, isDeviceCovered } from './plans-repository.ts';
import { policyPlanReachesDevice } from './policy-plans.ts';

/**
 * What submitting a BACKUP or RESTORE job checks beyond its content's schema (docs/decisions.md, "Backup":
 * run-now and restore content). Any refusal refuses the whole submission; nothing is stored. The names in
 * the content are set to the plan's, device's and revision's current ones, so the job record tells the truth.
 */

export type BackupJobToCheck = {
  device: { id: number; displayName: string; organizationId: number };
  jobType: string;
  content: Record<string, unknown>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The plan a run-now names, as the device runs it: its organization's own plan covering it, or a policy's plan
 * that reaches it now (policy-plans.ts), which runs in the device's organization as the scheduler's jobs do.
 */
const planOfDevice = async (db: DbOrTx, planId: string, device: BackupJobToCheck['device']) => {
  if (!UUID.test(planId)) throw backupError('BACKUP_PLAN_NOT_FOUND');
  const plan = await findPlanForOrganization(db, planId, device.organizationId);
  if (!plan || plan.organizationId !== device.organizationId) throw backupError('BACKUP_PLAN_NOT_FOUND');
  const isCovered =
    plan.policyId === null
      ? await isDeviceCovered(db, plan, device.id)
      : await policyPlanReachesDevice(db, plan.id, device.id);
  if (!isCovered) throw backupError('BACKUP_PLAN_NOT_ASSIGNED');
  return plan;
};

const checkRun = async (db: DbOrTx, job: BackupJobToCheck) => {
  const content = job.content as BackupRunJobContent;
  if (content.actionType === 'STRATA_RESTORE') throw backupError('BACKUP_RESTORE_IS_A_RESTORE_JOB');
  if (content.nodeId !== job.device.id) throw backupError('BACKUP_NODE_MISMATCH');
  if (content.fullBackup && content.actionType !== 'STRATA_BACKUP')
    throw backupError('BACKUP_FULL_ONLY_FOR_BACKUP');
  const plan = await planOfDevice(db, content.planId, job.device);
  if (isImageBackupKind(plan.kind)) throw backupError('BACKUP_IMAGE_NOT_SUPPORTED');
  if (content.actionType === 'STRATA_UPSYNC' && plan.destination.type !== 'HYBRID')
    throw backupError('BACKUP_UPSYNC_NEEDS_HYBRID');
  job.content.nodeName = job.device.displayName;
  job.content.planName = plan.name;
};

const hasSelection = (content: BackupRestoreJobContent) =>
  (content.extractContent?.files.length ?? 0) + (content.extractContent?.folders.length ?? 0) > 0;

const checkRestore = async (db: DbOrTx, actor: Actor, job: BackupJobToCheck) => {
  const content = job.content as BackupRestoreJobContent;
  if (!(availableRestoreTypes as readonly string[]).includes(content.restoreType))
    throw backupError('BACKUP_DISK_RESTORE_NOT_SUPPORTED');
  const source = await findBackupDevice(db, actor.scope, content.sourceNodeId);
  if (!source) throw notFound(`Device ${content.sourceNodeId} not found.`);
  if (source.organizationId !== job.device.organizationId) throw backupError('BACKUP_OTHER_ORGANIZATION');
  const revision = await findRevision(db, source.organizationId, content.revisionId);
  if (!revision || revision.nodeId !== source.id || revision.planId !== content.sourcePlanId)
    throw backupError('BACKUP_REVISION_NOT_FOUND');
  const isFileRestore = content.restoreType === 'FILE' || content.restoreType === 'FILE_FOLDER';
  if (isFileRestore ? content.sourcePath.trim() === '' : !hasSelection(content))
    throw backupError('BACKUP_RESTORE_SELECTION_REQUIRED');
  const destination = content.destinationPath.trim();
  if (
    content.restoreType !== 'EXTRACT' &&
    destination !== '' &&
    !isLocalPath(destination) &&
    !isSharePath(destination)
  )
    throw backupError('BACKUP_DESTINATION_PATH');
  // A folder on one device's disk is read only by that device; a share or the cloud by any of the organization's.
  if (revision.location === 'LOCAL' && source.id !== job.device.id) {
    const repository = revision.repositoryId ? await findRepository(db, revision.repositoryId) : undefined;
    if (repository?.type !== 'NETWORK_SHARE') throw backupError('BACKUP_REVISION_NOT_REACHABLE');
  }
  job.content.sourceNodeName = source.displayName;
  job.content.sourcePlanName = revision.planName;
};

/** Refuses (throws) the first backup or restore job that cannot run; others pass untouched. */
export const checkBackupJobs = async (db: DbOrTx, actor: Actor, jobs: BackupJobToCheck[]) => {
  for (const job of jobs) {
    if (job.jobType === 'BACKUP') await checkRun(db, job);
    else if (job.jobType === 'RESTORE') await checkRestore(db, actor, job);
  }
};
