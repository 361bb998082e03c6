import type { BackupPlanPolicy } from '@rmm/domain';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { devicesOfPolicyItem } from '../policies/item-devices.ts';
import { deviceConditions } from '../policies/resolve.ts';
import { policies } from '../policies/schema.ts';
import { backupPlans } from './schema.ts';

/**
 * Which policy plans reach which devices, for the backup views (docs/decisions.md "Policies": policy plans in
 * the backup views). A policy's plan row (`policy_id`, `policy_item_id`, no organization) reaches a device
 * when the device's effective policy holds that item, active, in that policy's version (resolve.ts /
 * item-devices.ts decide it, as for the scheduler). Read-only here: a policy's plan is edited in the policy.
 */

export type PolicyPlanPair = { planId: string; deviceId: number; enabled: boolean; policy: BackupPlanPolicy };

const policyPlanRows = (db: DbOrTx) =>
  db
    .select({
      id: backupPlans.id,
      policyId: sql<number>`${backupPlans.policyId}`,
      policyItemId: sql<string>`${backupPlans.policyItemId}`,
      policyName: policies.name,
      enabled: backupPlans.enabled,
    })
    .from(backupPlans)
    .innerJoin(policies, eq(policies.id, backupPlans.policyId))
    .where(and(isNotNull(backupPlans.policyId), isNotNull(backupPlans.policyItemId)))
    .orderBy(asc(backupPlans.id));

/** The policy plan rows that reach this device now. */
export const policyPlansOfDevice = async (db: DbOrTx, deviceId: number): Promise<PolicyPlanPair[]> => {
  const effective = await deviceConditions(db, deviceId);
  const reaching = (effective?.backupPlans ?? []).filter((entry) => entry.active);
  if (reaching.length === 0) return [];
  const rows = await policyPlanRows(db);
  return rows
    .filter((row) =>
      reaching.some((entry) => entry.sourcePolicyId === row.policyId && entry.item.id === row.policyItemId),
    )
    .map((row) => ({
      planId: row.id,
      deviceId,
      enabled: row.enabled,
      policy: { id: row.policyId, name: row.policyName },
    }));
};

/** Every (policy plan, device it reaches) pair; for one device only when `deviceId` is given. */
export const policyPlanPairs = async (db: DbOrTx, deviceId?: number): Promise<PolicyPlanPair[]> => {
  if (deviceId !== undefined) return policyPlansOfDevice(db, deviceId);
  const pairs: PolicyPlanPair[] = [];
  for (const row of await policyPlanRows(db))
    for (const id of await devicesOfPolicyItem(db, 'backupPlans', row.policyId, row.policyItemId))
      pairs.push({
        planId: row.id,
        deviceId: id,
        enabled: row.enabled,
        policy: { id: row.policyId, name: row.policyName },
      });
  return pairs;
};

/** Whether the policy plan `planId` reaches the device now (false for an organization's plan). */
export const policyPlanReachesDevice = async (db: DbOrTx, planId: string, deviceId: number) =>
  (await policyPlansOfDevice(db, deviceId)).some((pair) => pair.planId === planId);
