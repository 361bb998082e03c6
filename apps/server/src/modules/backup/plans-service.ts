import {
  type BackupPlan,
  isClockSchedule,
  localPartOf,
  nextOccurrence,
  reachesCloud,
  type SaveBackupPlanInput,
} from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { findRunAsCredential } from '../credentials/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { isUniqueViolation } from '../scripts/errors.ts';
import { getFeatureFlags } from '../settings/service.ts';
import { backupError } from './errors.ts';
import { ensureRepository } from './keys-repository.ts';
import * as repo from './plans-repository.ts';
import { policyPlansOfDevice } from './policy-plans.ts';

/** Backup plans of an organization: listed with backup.viewAndRestore, changed with backup.viewAndManage. */

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toPlan = (row: repo.PlanRow): BackupPlan => ({
  planId: row.id,
  organizationId: row.organizationId,
  organizationName: row.organizationName,
  name: row.name,
  description: row.description,
  kind: row.kind,
  include: row.include,
  exclude: row.exclude,
  destination: row.destination,
  schedule: row.schedule,
  retention: row.retention,
  enabled: row.enabled,
  targets: { allDevices: row.allDevices, locationIds: row.locationIds, deviceIds: row.deviceIds },
  nextRunAt: iso(row.nextRunAt),
  integrityStatus: row.integrityStatus ?? null,
  integrityCheckedAt: iso(row.integrityCheckedAt),
  integrityMessage: row.integrityMessage,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  policy: null,
});

/** A plan in the caller's scope, else 404 like a missing one. */
export const planInScope = async (db: DbOrTx, actor: Actor, planId: string) => {
  const row = await repo.findPlan(db, actor.scope, planId);
  if (!row) throw backupError('BACKUP_PLAN_NOT_FOUND');
  return row;
};

const organizationInScope = async (db: DbOrTx, actor: Actor, organizationId: number) => {
  const organization = await findOrganization(db, actor.scope, organizationId);
  if (!organization) throw notFound('Organization not found.');
  return organization;
};

/** What a save needs beyond its schema: the kind is offered, the credential and targets are the organization's. */
const checkPlan = async (db: DbOrTx, organizationId: number, input: SaveBackupPlanInput) => {
  if (input.kind === 'arrowImage' && !(await getFeatureFlags(db)).backup_arrow_image)
    throw backupError('BACKUP_KIND_NOT_AVAILABLE');
  const share = localPartOf(input.destination);
  if (
    share?.type === 'NETWORK_SHARE' &&
    !(await findRunAsCredential(db, organizationId, { id: share.credentialId }))
  )
    throw backupError('BACKUP_CREDENTIAL_NOT_FOUND');
  const { deviceIds, locationIds } = input.targets;
  const devices = await repo.devicesOfOrganization(db, organizationId, deviceIds);
  const places = await repo.locationsOfOrganization(db, organizationId, locationIds);
  if (deviceIds.some((id) => !devices.has(id)) || locationIds.some((id) => !places.has(id)))
    throw backupError('BACKUP_TARGET_NOT_FOUND');
};

/** The repositories a plan writes, made now so that the restore key file names them. */
const ensurePlanRepositories = async (db: DbOrTx, organizationId: number, input: SaveBackupPlanInput) => {
  if (reachesCloud(input.destination)) await ensureRepository(db, organizationId, 'CLOUD');
  const local = localPartOf(input.destination);
  if (local) await ensureRepository(db, organizationId, local.type, local.path);
};

const scheduleOf = (input: SaveBackupPlanInput, anchor: Date, now: Date) => ({
  schedule: input.schedule,
  anchor,
  nextRunAt:
    input.enabled && isClockSchedule(input.schedule.scheduleType)
      ? nextOccurrence(input.schedule, now, anchor)
      : null,
});

const valuesOf = (input: SaveBackupPlanInput) => ({
  name: input.name,
  description: input.description,
  kind: input.kind,
  include: input.include,
  exclude: input.exclude,
  destination: input.destination,
  retention: input.retention,
  enabled: input.enabled,
  allDevices: input.targets.allDevices,
  locationIds: input.targets.locationIds,
  deviceIds: input.targets.deviceIds,
});

const planActivity = (
  actor: Actor,
  action: string,
  plan: { id: string; name: string; organizationId: number },
  organizationName: string,
  detail?: string,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'backupPlan',
  targetId: plan.id,
  targetName: plan.name,
  organizationId: plan.organizationId,
  organizationName,
  outcome: 'SUCCESS' as const,
  detail: detail ?? null,
});

const nameTaken = (error: unknown) => {
  throw isUniqueViolation(error) ? backupError('BACKUP_PLAN_NAME_TAKEN') : error;
};

export const listPlans = async (options: {
  db: Db;
  actor: Actor;
  organizationId: number;
  query: { page: number; pageSize: number; search?: string | undefined };
}) => {
  const { db, actor, organizationId, query } = options;
  await organizationInScope(db, actor, organizationId);
  const { rows, count } = await repo.listPlans(db, actor.scope, { ...query, organizationId });
  return { data: rows.map(toPlan), count, page: query.page, pageSize: query.pageSize };
};

export const getPlan = async (options: { db: Db; actor: Actor; planId: string }) => ({
  plan: toPlan(await planInScope(options.db, options.actor, options.planId)),
});

export const createPlan = async (options: {
  db: Db;
  actor: Actor;
  organizationId: number;
  input: SaveBackupPlanInput;
}) => {
  const { db, actor, organizationId, input } = options;
  const organization = await organizationInScope(db, actor, organizationId);
  await checkPlan(db, organizationId, input);
  const now = new Date();
  const planId = await db
    .transaction(async (tx) => {
      const id = await repo.insertPlan(tx, {
        organizationId,
        ...valuesOf(input),
        ...scheduleOf(input, now, now),
        createdById: actor.id,
      });
      await ensurePlanRepositories(tx, organizationId, input);
      await insertActivity(
        tx,
        planActivity(
          actor,
          'backupPlan.create',
          { id, name: input.name, organizationId },
          organization.name,
          `${input.kind}, ${input.destination.type}`,
        ),
      );
      return id;
    })
    .catch(nameTaken);
  return getPlan({ db, actor, planId });
};

export const updatePlan = async (options: {
  db: Db;
  actor: Actor;
  planId: string;
  input: SaveBackupPlanInput;
}) => {
  const { db, actor, planId, input } = options;
  const current = await planInScope(db, actor, planId);
  await checkPlan(db, current.organizationId, input);
  const now = new Date();
  const isScheduleChanged = JSON.stringify(current.schedule) !== JSON.stringify(input.schedule);
  await db
    .transaction(async (tx) => {
      await repo.updatePlan(tx, planId, {
        ...valuesOf(input),
        ...scheduleOf(input, isScheduleChanged ? now : current.anchor, now),
      });
      await ensurePlanRepositories(tx, current.organizationId, input);
      await insertActivity(
        tx,
        planActivity(
          actor,
          'backupPlan.update',
          { id: planId, name: input.name, organizationId: current.organizationId },
          current.organizationName,
        ),
      );
    })
    .catch(nameTaken);
  return getPlan({ db, actor, planId });
};

/** Deleting a plan stops its schedule; its revisions stay listed (their data is still in the repository). */
export const deletePlan = async (options: { db: Db; actor: Actor; planId: string }) => {
  const { db, actor, planId } = options;
  const current = await planInScope(db, actor, planId);
  await db.transaction(async (tx) => {
    await repo.deletePlan(tx, planId);
    await insertActivity(
      tx,
      planActivity(
        actor,
        'backupPlan.delete',
        { id: planId, name: current.name, organizationId: current.organizationId },
        current.organizationName,
      ),
    );
  });
  return { ok: true as const };
};

/**
 * The plans assigned to a device of the caller's scope: its organization's that cover it, then the policy plans
 * that reach it (marked with their policy, as they run in the device's organization; edited in the policy).
 */
export const listDevicePlans = async (options: {
  db: Db;
  actor: Actor;
  device: { id: number; organizationId: number; locationId: number | null };
}) => {
  const { db, device } = options;
  const own = (await repo.findPlansOfDevice(db, device)).map(toPlan);
  const fromPolicies: BackupPlan[] = [];
  for (const pair of await policyPlansOfDevice(db, device.id)) {
    const row = await repo.findPlanForOrganization(db, pair.planId, device.organizationId);
    if (row) fromPolicies.push({ ...toPlan(row), policy: pair.policy });
  }
  fromPolicies.sort((a, b) => a.name.localeCompare(b.name));
  return { plans: [...own, ...fromPolicies] };
};
