import {
  AGENT_BACKUP_JOB_VERSION,
  type AgentBackupJob,
  type AgentBackupRepository,
  type AgentBackupTreeSource,
  BACKUP_REPOSITORY_PATH,
  type BackupActionType,
  type BackupDestination,
  defaultBackupRetention,
  localPartOf,
  type ServerJob,
} from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { findRunAsSecret } from '../credentials/repository.ts';
import { findRevision, type RevisionRow } from './data-repository.ts';
import { findBackupDevice } from './devices.ts';
import { ensureKeys, organizationKeyFileOf } from './keys.ts';
import { ensureRepository, findRepository } from './keys-repository.ts';
import { findPlanForOrganization, type PlanRow } from './plans-repository.ts';
import { findEffectiveThrottle } from './throttles-repository.ts';

/**
 * The backup part of a BACKUP or RESTORE job, resolved by the process that writes the job to the agent's
 * socket (like run-as): plan, repositories, the share's credential, the keys and the throttle go into that one
 * message and nowhere else (not the stored job, not the bus, not a log). A job that can no longer run (its
 * plan, revision or credential gone) fails with the reason instead.
 */

export const backupTexts = {
  planGone: 'The backup plan was deleted after the job was submitted, so the job was not run.',
  revisionGone:
    'The revision is no longer in the repository (retention removed it), so nothing was restored.',
  credentialGone: "The network share's credential was deleted, so the job was not run.",
  undecryptable:
    "The organization's backup keys cannot be decrypted with this server's SECRET_KEY, so the job was not run.",
  shareUnknown:
    'The revision is on a network share whose plan was deleted: its credential is unknown, so nothing was restored.',
} as const;

/** Why the device cannot be asked for a folder of a revision (the file browser shows it after its reason). */
export const treeTexts = {
  revisionGone: 'The revision is no longer in the repository: retention removed it.',
  notLocal: "The revision is not in a local folder or share of the device's plan.",
  shareUnknown:
    'The revision is on a network share whose plan was deleted: its credential is unknown, so the share cannot be opened.',
  credentialGone: "The network share's credential was deleted, so the share cannot be opened.",
  undecryptable: "The organization's backup keys cannot be decrypted with this server's SECRET_KEY.",
} as const;

export type BackupResolution = { backup: AgentBackupJob } | { failure: string };
type Device = { id: number; organizationId: number };
type Share = Extract<BackupDestination, { type: 'NETWORK_SHARE' }>;

/** Jobs that carry a resolved `backup` part. */
export const isBackupEngineJob = (job: { jobType: string }) =>
  job.jobType === 'BACKUP' || job.jobType === 'RESTORE';

class Failure extends Error {}

const shareCredential = async (db: Db, secretKey: Buffer, organizationId: number, share: Share) => {
  const row = await findRunAsSecret(db, organizationId, { id: share.credentialId });
  if (!row) throw new Failure(backupTexts.credentialGone);
  const credential = { username: row.username, password: decryptSecret(secretKey, row.passwordEncrypted) };
  return row.domain === '' ? credential : { ...credential, domain: row.domain };
};

const cloudRepository = async (db: Db, organizationId: number): Promise<AgentBackupRepository> => ({
  repositoryId: await ensureRepository(db, organizationId, 'CLOUD'),
  type: 'CLOUD',
  url: BACKUP_REPOSITORY_PATH,
});

const localRepository = async (
  db: Db,
  secretKey: Buffer,
  organizationId: number,
  local: NonNullable<ReturnType<typeof localPartOf>>,
): Promise<AgentBackupRepository> => ({
  repositoryId: await ensureRepository(db, organizationId, local.type, local.path),
  type: local.type,
  path: local.path,
  ...(local.type === 'NETWORK_SHARE'
    ? { credential: await shareCredential(db, secretKey, organizationId, local) }
    : {}),
});

const planPart = (plan: PlanRow) => ({
  planId: plan.id,
  name: plan.name,
  kind: plan.kind,
  include: plan.include,
  exclude: plan.exclude,
  retention: plan.retention,
});

/** Where a backup, upsync or integrity check reads and writes. */
const runRepositories = async (db: Db, secretKey: Buffer, plan: PlanRow) => {
  const local = localPartOf(plan.destination);
  const repository = local
    ? await localRepository(db, secretKey, plan.organizationId, local)
    : await cloudRepository(db, plan.organizationId);
  const upsyncTo =
    plan.destination.type === 'HYBRID' ? await cloudRepository(db, plan.organizationId) : undefined;
  return { repository, ...(upsyncTo ? { upsyncTo } : {}) };
};

/** Where a restore reads: the device's own local copy when it has one, else the cloud, else the share. */
const restoreRepository = async (
  db: Db,
  secretKey: Buffer,
  device: Device,
  revision: RevisionRow,
  plan: PlanRow | undefined,
) => {
  const isOwn = revision.nodeId === device.id;
  const stored = revision.repositoryId ? await findRepository(db, revision.repositoryId) : undefined;
  const isLocalCopy = revision.location !== 'CLOUD' && stored && stored.type !== 'CLOUD';
  if (isLocalCopy && (isOwn || revision.location === 'LOCAL')) {
    const local = plan ? localPartOf(plan.destination) : undefined;
    if (
      stored.type === 'NETWORK_SHARE' &&
      (local?.type !== 'NETWORK_SHARE' || local.path !== stored.location)
    )
      throw new Failure(backupTexts.shareUnknown);
    const part =
      stored.type === 'NETWORK_SHARE' ? (local as Share) : { type: 'LOCAL' as const, path: stored.location };
    return localRepository(db, secretKey, revision.organizationId, part);
  }
  return cloudRepository(db, revision.organizationId);
};

const keysOf = async (db: Db, secretKey: Buffer, organizationId: number) => {
  let keys: Awaited<ReturnType<typeof ensureKeys>>;
  try {
    keys = await ensureKeys(db, secretKey, organizationId);
  } catch {
    throw new Failure(backupTexts.undecryptable);
  }
  return {
    masterKey: keys.masterKey.toString('base64'),
    chunker: keys.chunker,
    organizationKeyFile: await organizationKeyFileOf(keys),
  };
};

const throttleOf = async (db: Db, device: Device) => {
  const found = await findBackupDevice(db, 'all', device.id);
  const row = found && (await findEffectiveThrottle(db, found));
  if (!row) return null;
  return {
    workHoursBytesPerSecond: row.workHoursBytesPerSecond,
    offHoursBytesPerSecond: row.offHoursBytesPerSecond,
    workHours: { weekDays: row.workDays, start: row.workStart, end: row.workEnd, timeZone: row.timeZone },
  };
};

/** The device's organization's plan, or a policy's (which runs in the device's organization). */
const planOf = async (db: Db, organizationId: number, planId: string) => {
  const plan = /^[0-9a-f-]{36}$/i.test(planId)
    ? await findPlanForOrganization(db, planId, organizationId)
    : undefined;
  return plan?.organizationId === organizationId ? plan : undefined;
};

const resolve = async (
  db: Db,
  secretKey: Buffer,
  device: Device,
  job: ServerJob['job'],
): Promise<AgentBackupJob> => {
  const { content } = job;
  const isRestore = job.jobType === 'RESTORE';
  const planId = String(isRestore ? content.sourcePlanId : content.planId);
  const plan = await planOf(db, device.organizationId, planId);
  let where: Pick<AgentBackupJob, 'repository' | 'upsyncTo'>;
  let planInfo: AgentBackupJob['plan'];
  if (isRestore) {
    const revision = await findRevision(db, device.organizationId, String(content.revisionId));
    if (!revision) throw new Failure(backupTexts.revisionGone);
    where = { repository: await restoreRepository(db, secretKey, device, revision, plan) };
    planInfo = plan
      ? planPart(plan)
      : {
          planId,
          name: revision.planName,
          kind: 'fileFolder',
          include: [],
          exclude: [],
          retention: defaultBackupRetention,
        };
  } else {
    if (!plan) throw new Failure(backupTexts.planGone);
    where = await runRepositories(db, secretKey, plan);
    planInfo = planPart(plan);
  }
  return {
    v: AGENT_BACKUP_JOB_VERSION,
    actionType: (isRestore ? 'STRATA_RESTORE' : content.actionType) as BackupActionType,
    organizationId: device.organizationId,
    plan: planInfo,
    ...where,
    keys: await keysOf(db, secretKey, device.organizationId),
    throttle: await throttleOf(db, device),
    fullBackup: content.fullBackup === true,
    readData: true,
  };
};

/** The backup part of a job for its agent, or why it cannot run. */
export const resolveBackupJob = async (
  db: Db,
  secretKey: Buffer,
  device: Device,
  job: ServerJob['job'],
): Promise<BackupResolution> => {
  try {
    return { backup: await resolve(db, secretKey, device, job) };
  } catch (error) {
    if (error instanceof Failure) return { failure: error.message };
    throw error;
  }
};

/**
 * What the device's agent opens a revision only in its local folder or share with, for the file browser: the
 * repository (a share with its credential) and the organization's master key. Resolved, like a job's backup part,
 * by the process that writes the request to the agent's socket; never published or logged.
 */
export const resolveTreeSource = async (
  db: Db,
  secretKey: Buffer,
  device: Device,
  revisionId: string,
): Promise<{ source: AgentBackupTreeSource } | { failure: string }> => {
  const revision = await findRevision(db, device.organizationId, revisionId);
  if (!revision || revision.nodeId !== device.id) return { failure: treeTexts.revisionGone };
  const stored = revision.repositoryId ? await findRepository(db, revision.repositoryId) : undefined;
  if (!stored || stored.type === 'CLOUD' || !stored.location) return { failure: treeTexts.notLocal };
  const plan = await planOf(db, device.organizationId, revision.planId);
  const local = plan ? localPartOf(plan.destination) : undefined;
  let repository: AgentBackupRepository;
  try {
    if (stored.type === 'NETWORK_SHARE') {
      if (local?.type !== 'NETWORK_SHARE' || local.path !== stored.location)
        return { failure: treeTexts.shareUnknown };
      repository = await localRepository(db, secretKey, device.organizationId, local);
    } else
      repository = await localRepository(db, secretKey, device.organizationId, {
        type: 'LOCAL',
        path: stored.location,
      });
  } catch (error) {
    if (error instanceof Failure) return { failure: treeTexts.credentialGone };
    throw error;
  }
  let masterKey: Buffer;
  try {
    ({ masterKey } = await ensureKeys(db, secretKey, device.organizationId));
  } catch {
    return { failure: treeTexts.undecryptable };
  }
  return {
    source: { organizationId: device.organizationId, repository, masterKey: masterKey.toString('base64') },
  };
};
