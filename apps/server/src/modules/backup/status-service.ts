import type {
  BackupDivisionConfig,
  BackupRestoreKeyFile,
  BackupStatus,
  BackupTreeQuery,
  BackupTreeResponse,
  BackupVolume,
  ListBackupPlanStatusQuery,
  ListBackupRevisionsQuery,
} from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { requestAgentTree } from './agent-tree.ts';
import * as data from './data-repository.ts';
import { deviceInScope } from './devices.ts';
import { backupError } from './errors.ts';
import { ensureKeys, organizationKeyOf } from './keys.ts';
import { hasSealedKeys, listRepositories } from './keys-repository.ts';
import { planInScope } from './plans-service.ts';
import { policyPlanPairs } from './policy-plans.ts';
import type { RepositoryStore } from './store.ts';
import { readRevisionTree } from './tree.ts';

/** The spec's §7 backup calls and our read-only ones: status, revisions, results, storage, the restore key. */

type Options = { db: Db; actor: Actor };

const organizationInScope = async (db: Db, actor: Actor, organizationId: number) => {
  const organization = await findOrganization(db, actor.scope, organizationId);
  if (!organization) throw notFound('Organization not found.');
  return organization;
};

export const divisionConfigOf = (config: Config): BackupDivisionConfig => ({
  enabled: config.backupCloudEnabled,
  // The S3-compatible store's bucket; a folder on the server has none.
  bucket: config.backupS3?.bucket ?? null,
});

/** `GET /backup/strata[/nodes/{id} | /clients/{id}]/strata-status` (spec §7). */
export const backupStatus = async (
  options: Options & { config: Config; nodeId?: number; organizationId?: number; fetchHasData: boolean },
): Promise<BackupStatus> => {
  const { db, actor, config } = options;
  const device = options.nodeId === undefined ? undefined : await deviceInScope(db, actor, options.nodeId);
  if (options.organizationId !== undefined) await organizationInScope(db, actor, options.organizationId);
  const divisionConfig = divisionConfigOf(config);
  const hasPlan = await data.hasEnabledPlan(db, {
    scope: actor.scope,
    ...(device ? { deviceId: device.id, organizationId: device.organizationId } : {}),
    ...(options.organizationId === undefined ? {} : { organizationId: options.organizationId }),
  });
  const hasPolicyPlan =
    device !== undefined && (await policyPlanPairs(db, device.id)).some((pair) => pair.enabled);
  const status: BackupStatus = {
    enabled: divisionConfig.enabled && (hasPlan || hasPolicyPlan),
    divisionConfig,
  };
  if (!options.fetchHasData) return status;
  const { hasCloud, hasLocal } = await data.revisionPresence(db, {
    scope: actor.scope,
    ...(device ? { deviceId: device.id } : {}),
    ...(options.organizationId === undefined ? {} : { organizationId: options.organizationId }),
  });
  return { ...status, hasData: hasCloud || hasLocal, hasCloudData: hasCloud, hasLocalData: hasLocal };
};

/** `GET /backup/strata/node/{id}/restore-key`: whether the device's organization has a restore key. */
export const hasRestoreKey = async (options: Options & { nodeId: number }) => {
  const device = await deviceInScope(options.db, options.actor, options.nodeId);
  return hasSealedKeys(options.db, device.organizationId);
};

/**
 * The restore key file: the organization's KEK with the ids that let the agent's command line open a local
 * repository without the server. Made on first use; each download is an activity (the key is never in it).
 */
export const restoreKeyFile = async (
  options: Options & { secretKey: Buffer; organizationId: number },
): Promise<BackupRestoreKeyFile> => {
  const { db, actor, secretKey, organizationId } = options;
  const organization = await organizationInScope(db, actor, organizationId);
  const key = organizationKeyOf(await ensureKeys(db, secretKey, organizationId));
  const repositories = (await listRepositories(db, organizationId)).map((r) => ({
    repositoryId: r.repositoryId,
    type: r.type,
    location: r.type === 'CLOUD' ? null : r.location,
  }));
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.email,
    action: 'backup.restoreKey.download',
    targetType: 'organization',
    targetId: organizationId,
    targetName: organization.name,
    organizationId,
    organizationName: organization.name,
    outcome: 'SUCCESS',
    detail: `restore key ${key.fingerprint}`,
  });
  return { ...key, organizationName: organization.name, repositories, createdAt: new Date().toISOString() };
};

/** The volume whose mount point is the longest prefix of a path (`C:\` for `C:\Users`, `/home` for `/home/a`). */
const volumeOfPath = (mounts: string[], rule: string) => {
  const norm = (value: string) => value.replaceAll('\\', '/').toLowerCase();
  const target = norm(rule);
  let best: string | undefined;
  for (const mount of mounts) {
    const m = norm(mount).replace(/\/$/, '');
    const isUnder = m === '' ? target.startsWith('/') : target === m || target.startsWith(`${m}/`);
    if (isUnder && (best === undefined || norm(best).length < m.length)) best = mount;
  }
  return best;
};

/** `GET /backup/strata/nodes/{id}/plans/{planId}/volumes` (spec §7). */
export const planVolumes = async (options: Options & { nodeId: number; planId: string }) => {
  const device = await deviceInScope(options.db, options.actor, options.nodeId);
  const plan = await planInScope(options.db, options.actor, options.planId);
  if (plan.organizationId !== device.organizationId) throw backupError('BACKUP_PLAN_NOT_FOUND');
  const volumes = device.inventory?.volumes ?? [];
  const mounts = volumes.map((volume) => volume.mount);
  const covered = new Set(plan.include.map((rule) => volumeOfPath(mounts, rule)));
  return {
    resultCode: 'SUCCESS' as const,
    volumes: volumes.map(
      (volume): BackupVolume => ({
        mount: volume.mount,
        label: volume.label,
        fsType: volume.fsType,
        totalBytes: volume.totalBytes,
        freeBytes: volume.freeBytes,
        included: covered.has(volume.mount),
      }),
    ),
  };
};

/** `PUT /backup/strata/nodes/{nodeId}/plans-status/{planId}/jobs/{jobId}/ignore` (spec §7). */
export const ignoreJob = async (options: Options & { nodeId: number; planId: string; jobUid: string }) => {
  const { db, actor } = options;
  const device = await deviceInScope(db, actor, options.nodeId);
  const job = await data.findPlanJob(db, device.id, options.planId, options.jobUid);
  if (!job) throw backupError('BACKUP_JOB_NOT_FOUND');
  if (!['COMPLETED', 'CANCELLED', 'EXPIRED'].includes(job.status))
    throw backupError('BACKUP_JOB_NOT_FINISHED');
  await db.transaction(async (tx) => {
    await data.ignoreJob(tx, job.jobUid, actor.id);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'backup.job.ignore',
      targetType: 'device',
      targetId: device.id,
      targetName: device.displayName,
      organizationId: device.organizationId,
      organizationName: device.organizationName,
      outcome: 'SUCCESS',
      detail: `${job.jobName}: cleared`,
    });
  });
  return { resultCode: 'SUCCESS' as const };
};

export const listRevisions = async (
  options: Options & { query: ListBackupRevisionsQuery; nodeId?: number; planId?: string },
) => {
  const { db, actor, query } = options;
  if (options.nodeId !== undefined) await deviceInScope(db, actor, options.nodeId);
  if (options.planId !== undefined) await planInScope(db, actor, options.planId);
  const { rows, count } = await data.listRevisions(db, actor.scope, {
    ...query,
    nodeId: options.nodeId ?? query.nodeId,
    planId: options.planId ?? query.planId,
  });
  return { data: rows.map(data.toRevision), count, page: query.page, pageSize: query.pageSize };
};

/**
 * One page of one folder of a revision, for the file browser: a revision in the cloud (CLOUD or BOTH) is read by
 * the engine on the server; one only in a local folder or share is read by its device's agent, wherever it is
 * connected (`agent-tree.ts`).
 */
export const revisionTree = async (
  options: Options & {
    store: RepositoryStore;
    secretKey: Buffer;
    bus: Bus;
    config: Pick<Config, 'backupTreeDeliveryTimeoutMs' | 'backupTreeTimeoutMs'>;
    nodeId: number;
    revisionId: string;
    query: BackupTreeQuery;
  },
): Promise<BackupTreeResponse> => {
  const device = await deviceInScope(options.db, options.actor, options.nodeId);
  const revision = await data.findRevision(options.db, device.organizationId, options.revisionId);
  if (!revision || revision.nodeId !== device.id) throw backupError('BACKUP_REVISION_NOT_FOUND');
  const { path, offset, limit } = options.query;
  if (revision.location === 'LOCAL') {
    const page = await requestAgentTree({
      bus: options.bus,
      deviceId: device.id,
      planId: revision.planId,
      revisionId: revision.revisionId,
      path,
      offset,
      limit,
      deliveryTimeoutMs: options.config.backupTreeDeliveryTimeoutMs,
      timeoutMs: options.config.backupTreeTimeoutMs,
    });
    const folder = path.trim();
    return { revisionId: revision.revisionId, path: folder === '' ? '/' : folder, ...page, readBy: 'DEVICE' };
  }
  return readRevisionTree({
    db: options.db,
    store: options.store,
    secretKey: options.secretKey,
    organizationId: device.organizationId,
    revisionId: revision.revisionId,
    path,
    offset,
    limit,
  });
};

export const listPlanStatuses = async (options: Options & { query: ListBackupPlanStatusQuery }) => {
  const { db, actor, query } = options;
  if (query.organizationId !== undefined) await organizationInScope(db, actor, query.organizationId);
  if (query.nodeId !== undefined) await deviceInScope(db, actor, query.nodeId);
  if (query.planId !== undefined) await planInScope(db, actor, query.planId);
  // A policy's plans reach devices of any organization: the pairs come from the policies, the scope from the device.
  const pairs = query.planId === undefined ? await policyPlanPairs(db, query.nodeId) : [];
  const { rows, count } = await data.listPlanStatuses(db, actor.scope, query, {
    planIds: pairs.map((pair) => pair.planId),
    deviceIds: pairs.map((pair) => pair.deviceId),
  });
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
};

export const listStorage = async (
  options: Options & { query: { organizationId?: number | undefined; page: number; pageSize: number } },
) => {
  const { db, actor, query } = options;
  if (query.organizationId !== undefined) await organizationInScope(db, actor, query.organizationId);
  const { rows, count } = await data.listStorage(db, actor.scope, query);
  return { data: rows, count, page: query.page, pageSize: query.pageSize };
};

export const getSettings = async (options: Options & { organizationId: number }) => {
  await organizationInScope(options.db, options.actor, options.organizationId);
  const row = await data.findStorage(options.db, options.organizationId);
  return {
    organizationId: options.organizationId,
    settings: { cloudQuotaBytes: row?.cloudQuotaBytes ?? null },
    cloudBytes: row?.cloudBytes ?? 0,
  };
};

export const updateSettings = async (
  options: Options & { organizationId: number; input: { cloudQuotaBytes: number | null } },
) => {
  const { db, actor, organizationId, input } = options;
  const organization = await organizationInScope(db, actor, organizationId);
  await db.transaction(async (tx) => {
    await data.setQuota(tx, organizationId, input.cloudQuotaBytes);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'backup.settings.update',
      targetType: 'organization',
      targetId: organizationId,
      targetName: organization.name,
      organizationId,
      organizationName: organization.name,
      outcome: 'SUCCESS',
      detail: `cloud quota ${input.cloudQuotaBytes ?? 'none'}`,
    });
  });
  return getSettings({ db, actor, organizationId });
};
