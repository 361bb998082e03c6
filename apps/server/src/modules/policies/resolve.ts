import { createHash } from 'node:crypto';
import {
  type AgentCondition,
  type BackupPlanOverride,
  conditionSetText,
  type DevicePolicyResponse,
  type EffectiveCondition,
  effectiveConditionsOf,
  effectiveItemsOf,
  findConditionTypeInfo,
  MAX_POLICY_DEPTH,
  mergeItemLayers,
  type PolicyBackupPlan,
  type PolicyLayer,
  type PolicyScheduledScript,
  type ScheduledScriptOverride,
} from '@rmm/domain';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';
import { devices } from '../devices/schema.ts';
import { devicePolicies, dynamicPolicies, policies, policyAssignments } from './schema.ts';

/**
 * Which conditions apply to a device, and the set its agent samples: the one answer the policy screens, the
 * condition engine and the agent gateway share (docs/decisions.md "Policies").
 */

/** A policy as inheritance needs it: conditions, backup plans and scheduled scripts, own and overrides. */
export type PolicyChainLayer = PolicyLayer & {
  backupPlans: readonly PolicyBackupPlan[];
  backupPlanOverrides: readonly BackupPlanOverride[];
  scheduledScripts: readonly PolicyScheduledScript[];
  scheduledScriptOverrides: readonly ScheduledScriptOverride[];
};

/** A policy and its ancestors, root first (at most MAX_POLICY_DEPTH; a cycle stops the walk). */
export const policyChain = async (db: DbOrTx, policyId: number): Promise<PolicyChainLayer[]> => {
  const chain: PolicyChainLayer[] = [];
  const seen = new Set<number>();
  let next: number | null = policyId;
  while (next !== null && !seen.has(next) && chain.length < MAX_POLICY_DEPTH) {
    seen.add(next);
    const [row] = await db.select().from(policies).where(eq(policies.id, next));
    if (!row) break;
    chain.unshift({
      id: row.id,
      name: row.name,
      conditions: row.conditions,
      overrides: row.overrides,
      backupPlans: row.backupPlans,
      backupPlanOverrides: row.backupPlanOverrides,
      scheduledScripts: row.scheduledScripts,
      scheduledScriptOverrides: row.scheduledScriptOverrides,
    });
    next = row.parentPolicyId;
  }
  return chain;
};

/** The backup plans of the chain's last policy, as they apply on its devices. */
export const effectiveBackupPlansOf = (chain: readonly PolicyChainLayer[]) =>
  effectiveItemsOf(
    chain.map((layer) => ({
      id: layer.id,
      name: layer.name,
      items: layer.backupPlans,
      overrides: layer.backupPlanOverrides,
    })),
  );

/** The scheduled scripts of the chain's last policy, as they apply on its devices. */
export const effectiveScheduledScriptsOf = (chain: readonly PolicyChainLayer[]) =>
  effectiveItemsOf(
    chain.map((layer) => ({
      id: layer.id,
      name: layer.name,
      items: layer.scheduledScripts,
      overrides: layer.scheduledScriptOverrides,
    })),
  );

/** Where a device's policy comes from: its own, its location's for its role, its organization's default. */
export const assignedPolicyOf = async (
  db: DbOrTx,
  device: { id: number; organizationId: number; locationId: number | null; nodeRoleId: number | null },
): Promise<{ policyId: number | null; source: DevicePolicyResponse['source'] }> => {
  const [own] = await db
    .select({ policyId: devicePolicies.policyId })
    .from(devicePolicies)
    .where(eq(devicePolicies.deviceId, device.id));
  if (own) return { policyId: own.policyId, source: 'DEVICE' };
  if (device.nodeRoleId === null) return { policyId: null, source: 'NONE' };
  const rows = await db
    .select({ locationId: policyAssignments.locationId, policyId: policyAssignments.policyId })
    .from(policyAssignments)
    .where(
      and(
        eq(policyAssignments.organizationId, device.organizationId),
        eq(policyAssignments.nodeRoleId, device.nodeRoleId),
        device.locationId === null
          ? isNull(policyAssignments.locationId)
          : or(isNull(policyAssignments.locationId), eq(policyAssignments.locationId, device.locationId)),
      ),
    );
  const byLocation = rows.find((r) => r.locationId !== null);
  if (byLocation) return { policyId: byLocation.policyId, source: 'LOCATION' };
  const byOrganization = rows.find((r) => r.locationId === null);
  if (byOrganization) return { policyId: byOrganization.policyId, source: 'ORGANIZATION' };
  return { policyId: null, source: 'NONE' };
};

/** The enabled dynamic policies whose criteria match the device, in their order. */
export const matchingDynamicPolicies = async (db: DbOrTx, deviceId: number) => {
  const candidates = await db
    .select()
    .from(dynamicPolicies)
    .where(eq(dynamicPolicies.enabled, true))
    .orderBy(asc(dynamicPolicies.order), asc(dynamicPolicies.id));
  const matching: (typeof candidates)[number][] = [];
  for (const candidate of candidates) {
    const condition = await criteriaConditionOf(db, candidate.criteria);
    const [hit] = await db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), condition));
    if (hit) matching.push(candidate);
  }
  return matching;
};

/**
 * Every condition that applies to the device: its assigned policy's effective conditions, then each matching
 * dynamic policy's on top (a later layer's condition with the same id replaces the earlier one); and its
 * backup plans and scheduled scripts, layered the same way.
 */
export const deviceConditions = async (
  db: DbOrTx,
  deviceId: number,
): Promise<DevicePolicyResponse | null> => {
  const [device] = await db
    .select({
      id: devices.id,
      organizationId: devices.organizationId,
      locationId: devices.locationId,
      nodeRoleId: devices.nodeRoleId,
    })
    .from(devices)
    .where(eq(devices.id, deviceId));
  if (!device) return null;
  const assigned = await assignedPolicyOf(db, device);
  const chain = assigned.policyId === null ? [] : await policyChain(db, assigned.policyId);
  const byId = new Map<string, EffectiveCondition>();
  for (const entry of effectiveConditionsOf(chain)) byId.set(entry.condition.id, entry);
  const dynamic = await matchingDynamicPolicies(db, deviceId);
  const chains = [chain];
  for (const layer of dynamic) chains.push(await policyChain(db, layer.policyId));
  for (const dynamicChain of chains.slice(1))
    for (const entry of effectiveConditionsOf(dynamicChain)) byId.set(entry.condition.id, entry);
  return {
    policyId: assigned.policyId,
    policyName: chain.at(-1)?.name ?? null,
    source: assigned.source,
    dynamicPolicies: dynamic.map((d) => ({ id: d.id, name: d.name })),
    conditions: [...byId.values()],
    backupPlans: mergeItemLayers(chains.map(effectiveBackupPlansOf)),
    scheduledScripts: mergeItemLayers(chains.map(effectiveScheduledScriptsOf)),
  };
};

/** What the device's agent samples: active, enabled conditions its agent evaluates (network ones run on their probe). */
export const agentConditionsOf = (conditions: readonly EffectiveCondition[]): AgentCondition[] =>
  conditions
    .filter(
      (e) =>
        e.active &&
        e.condition.enabled &&
        findConditionTypeInfo(e.condition.type).evaluator === 'AGENT' &&
        !findConditionTypeInfo(e.condition.type).network,
    )
    .map((e) => ({ key: e.condition.id, type: e.condition.type, parameters: e.condition.parameters }));

export const conditionSetHash = (conditions: readonly AgentCondition[]): string =>
  createHash('sha256').update(conditionSetText(conditions)).digest('base64url').slice(0, 32);

/** Devices whose conditions may change when these policies change: assigned directly, by assignment, or children. */
export const devicesAffectedByPolicies = async (
  db: DbOrTx,
  policyIds: readonly number[],
): Promise<number[]> => {
  if (policyIds.length === 0) return [];
  const ids = sql.join(
    policyIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select id from policies where id in (${ids})
      union select p.id from policies p join tree on p.parent_policy_id = tree.id
    )
    select d.id from devices d
    where exists (select 1 from device_policies dp where dp.device_id = d.id and dp.policy_id in (select id from tree))
       or exists (select 1 from policy_assignments pa where pa.organization_id = d.organization_id
                  and pa.node_role_id = d.node_role_id and pa.policy_id in (select id from tree))`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
};
