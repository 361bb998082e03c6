import {
  type DevicePolicyResponse,
  findNodeRole,
  type OrganizationPolicies,
  type RolePolicy,
  type SetDevicePolicyRequest,
  type SetOrganizationPoliciesRequest,
} from '@rmm/domain';
import type { z } from 'zod';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { insertActivities } from '../activities/repository.ts';
import { requireOrganizationInScope } from '../organizations/service.ts';
import { policyError } from './errors.ts';
import * as repo from './repository.ts';
import { deviceConditions } from './resolve.ts';
import type { ChangeContext, Context } from './service.ts';

/**
 * Which policy a device gets: its organization's default per device role, a location's override of it, the
 * device's own (resolve.ts reads them in that order). A policy is assigned only to roles of its class.
 */

const DEVICE_NOT_FOUND = 'Device not found.';

export const getOrganizationPolicies = async ({
  db,
  actor,
  organizationId,
}: Context & { organizationId: number }): Promise<OrganizationPolicies> => {
  await requireOrganizationInScope(db, actor, organizationId);
  const rows = await repo.listAssignments(db, organizationId);
  const byLocation = new Map<number, RolePolicy[]>();
  for (const row of rows)
    if (row.locationId !== null)
      byLocation.set(row.locationId, [
        ...(byLocation.get(row.locationId) ?? []),
        { nodeRoleId: row.nodeRoleId, policyId: row.policyId },
      ]);
  return {
    defaults: rows
      .filter((row) => row.locationId === null)
      .map((row) => ({ nodeRoleId: row.nodeRoleId, policyId: row.policyId })),
    locations: [...byLocation].map(([locationId, policies]) => ({ locationId, policies })),
  };
};

/** Refuses a role named twice, a role that does not exist, or a policy of another class than the role's. */
const checkRolePolicies = (
  list: readonly RolePolicy[],
  policies: ReadonlyMap<number, { nodeClass: string }>,
) => {
  const roles = new Set<number>();
  for (const { nodeRoleId, policyId } of list) {
    const role = findNodeRole(nodeRoleId);
    if (!role || roles.has(nodeRoleId)) throw policyError('POLICY_ASSIGNMENT_INVALID');
    roles.add(nodeRoleId);
    if (policyId === null) continue;
    const policy = policies.get(policyId);
    if (!policy) throw policyError('POLICY_NOT_FOUND');
    if (policy.nodeClass !== role.nodeClass) throw policyError('POLICY_CLASS_MISMATCH');
  }
};

const policiesNamed = async (db: DbOrTx, ids: readonly (number | null)[]) =>
  new Map(
    (await repo.findPoliciesById(db, [...new Set(ids.filter((id): id is number => id !== null))])).map(
      (row) => [row.id, row],
    ),
  );

export const setOrganizationPolicies = async ({
  db,
  bus,
  actor,
  organizationId,
  input,
}: ChangeContext & {
  organizationId: number;
  input: z.output<typeof SetOrganizationPoliciesRequest>;
}): Promise<OrganizationPolicies> => {
  await requireOrganizationInScope(db, actor, organizationId);
  const organization = await repo.findOrganizationWithLocations(db, organizationId);
  if (!organization) throw notFound('Organization not found.');
  const all = [...input.defaults, ...input.locations.flatMap((l) => l.policies)];
  const policies = await policiesNamed(
    db,
    all.map((entry) => entry.policyId),
  );
  checkRolePolicies(input.defaults, policies);
  const locationIds = new Set<number>();
  for (const location of input.locations) {
    if (!organization.locationIds.has(location.locationId) || locationIds.has(location.locationId))
      throw policyError('POLICY_ASSIGNMENT_INVALID');
    locationIds.add(location.locationId);
    checkRolePolicies(location.policies, policies);
  }
  const rows: repo.AssignmentValues[] = [
    ...input.defaults.map((entry) => ({ ...entry, locationId: null })),
    ...input.locations.flatMap((location) =>
      location.policies.map((entry) => ({ ...entry, locationId: location.locationId })),
    ),
  ].flatMap((row) => (row.policyId === null ? [] : [{ ...row, policyId: row.policyId }]));
  const defaults = rows.filter((row) => row.locationId === null).length;
  await db.transaction(async (tx) => {
    await repo.replaceAssignments(tx, organizationId, rows);
    await insertActivities(tx, [
      {
        actorId: actor.id,
        actorName: actor.email,
        action: 'organization.policies',
        targetType: 'organization',
        targetId: organizationId,
        targetName: organization.name,
        organizationId,
        organizationName: organization.name,
        outcome: 'SUCCESS',
        detail: `${defaults} default(s), ${rows.length - defaults} location override(s)`,
      },
    ]);
  });
  const deviceIds = await repo.deviceIdsOfOrganization(db, organizationId);
  if (deviceIds.length > 0) bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds });
  return getOrganizationPolicies({ db, actor, organizationId });
};

const requireDevice = async ({ db, actor }: Context, deviceId: number) => {
  const device = await repo.findDeviceInScope(db, actor.scope, deviceId);
  if (!device) throw notFound(DEVICE_NOT_FOUND);
  return device;
};

export const getDevicePolicy = async ({
  db,
  actor,
  deviceId,
}: Context & { deviceId: number }): Promise<DevicePolicyResponse> => {
  await requireDevice({ db, actor }, deviceId);
  const answer = await deviceConditions(db, deviceId);
  if (!answer) throw notFound(DEVICE_NOT_FOUND);
  return answer;
};

/** A device's own policy (null: it follows its location and organization again). */
export const setDevicePolicy = async ({
  db,
  bus,
  actor,
  deviceId,
  input,
}: ChangeContext & {
  deviceId: number;
  input: z.output<typeof SetDevicePolicyRequest>;
}): Promise<DevicePolicyResponse> => {
  const device = await requireDevice({ db, actor }, deviceId);
  const policy =
    input.policyId === null ? undefined : (await policiesNamed(db, [input.policyId])).get(input.policyId);
  if (input.policyId !== null) {
    if (!policy) throw policyError('POLICY_NOT_FOUND');
    const role = device.nodeRoleId === null ? undefined : findNodeRole(device.nodeRoleId);
    if (role && role.nodeClass !== policy.nodeClass) throw policyError('POLICY_CLASS_MISMATCH');
  }
  const before = await repo.findDevicePolicyId(db, deviceId);
  if (before !== input.policyId) {
    await db.transaction(async (tx) => {
      await repo.setDevicePolicy(tx, deviceId, input.policyId);
      await insertActivities(tx, [
        {
          actorId: actor.id,
          actorName: actor.email,
          action: 'device.policy',
          targetType: 'device',
          targetId: device.id,
          targetName: device.displayName,
          organizationId: device.organizationId,
          organizationName: device.organizationName,
          outcome: 'SUCCESS',
          detail: policy ? `policy "${policy.name}"` : 'policy override cleared',
        },
      ]);
    });
    bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds: [deviceId] });
  }
  return getDevicePolicy({ db, actor, deviceId });
};
