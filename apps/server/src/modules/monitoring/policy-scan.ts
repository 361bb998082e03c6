import {
  type ConditionType,
  type EffectiveCondition,
  effectiveConditionsOf,
  findConditionTypeInfo,
} from '@rmm/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';
import { devices } from '../devices/schema.ts';
import { policyChain } from '../policies/resolve.ts';
import { dynamicPolicies } from '../policies/schema.ts';
import type { EngineCondition } from './engine.ts';

/**
 * What the policies in use (assigned to a device, to an organization's or location's role, or layered by an
 * enabled dynamic policy) ask of the fleet as a whole: the network conditions each probe device runs, and
 * which server-evaluated types (DEVICE_DOWN, BACKUP_JOB) some policy holds. Computed once per process and kept
 * until a CONDITIONS_CHANGED message (any policy change) drops it.
 *
 * A network condition runs once, on its probe, whatever number of devices its policy applies to; its alerts
 * belong to the probe device with the probed target as instance (docs/decisions.md "Monitoring engine"). Where
 * policies in use hold different versions of one condition id (a child overriding its parent's), the version of
 * the deepest policy wins, then the lowest policy id.
 */

export type PolicyScan = {
  /** Network conditions per probe device id. */
  probes: ReadonlyMap<number, EngineCondition[]>;
  /** Server-evaluated types held by some policy in use, with those policies' ids. */
  serverTypes: ReadonlyMap<ConditionType, number[]>;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const policiesInUse = async (db: DbOrTx): Promise<number[]> => {
  const result = await db.execute(sql`
    select policy_id from device_policies
    union select policy_id from policy_assignments
    union select policy_id from dynamic_policies where enabled`);
  return rowsOf<{ policy_id: number }>(result).map((r) => Number(r.policy_id));
};

const applies = (entry: EffectiveCondition) => entry.active && entry.condition.enabled;

export const scanPolicies = async (db: DbOrTx): Promise<PolicyScan> => {
  const probes = new Map<string, { probeId: number; condition: EngineCondition; depth: number }>();
  const serverTypes = new Map<ConditionType, Set<number>>();
  for (const policyId of (await policiesInUse(db)).sort((a, b) => a - b)) {
    const chain = await policyChain(db, policyId);
    for (const entry of effectiveConditionsOf(chain).filter(applies)) {
      const { condition } = entry;
      const info = findConditionTypeInfo(condition.type);
      if (info.evaluator === 'SERVER') {
        const ids = serverTypes.get(condition.type) ?? new Set<number>();
        serverTypes.set(condition.type, ids.add(policyId));
      }
      if (!info.network || condition.probeDeviceId === null) continue;
      const known = probes.get(condition.id);
      if (known && known.depth >= chain.length) continue;
      probes.set(condition.id, {
        probeId: condition.probeDeviceId,
        condition: { condition, policyId: entry.definedByPolicyId },
        depth: chain.length,
      });
    }
  }
  const byProbe = new Map<number, EngineCondition[]>();
  for (const { probeId, condition } of probes.values())
    byProbe.set(probeId, [...(byProbe.get(probeId) ?? []), condition]);
  return {
    probes: byProbe,
    serverTypes: new Map([...serverTypes].map(([type, ids]) => [type, [...ids]])),
  };
};

/**
 * Devices that may have a condition of these policies (their own policy, their role's in their organization or
 * location, or a dynamic policy's criteria): the candidates the server-evaluated types resolve one by one.
 */
export const devicesUnderPolicies = async (db: DbOrTx, policyIds: readonly number[]): Promise<number[]> => {
  if (policyIds.length === 0) return [];
  const ids = sql.param([...policyIds]);
  const result = await db.execute(sql`
    select d.id from devices d
    where exists (select 1 from device_policies dp where dp.device_id = d.id and dp.policy_id = any(${ids}::int[]))
       or exists (select 1 from policy_assignments pa where pa.organization_id = d.organization_id
                  and pa.node_role_id = d.node_role_id and pa.policy_id = any(${ids}::int[]))`);
  const found = new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  const layers = await db.select().from(dynamicPolicies).where(eq(dynamicPolicies.enabled, true));
  for (const layer of layers) {
    if (!policyIds.includes(layer.policyId)) continue;
    const matching = await db
      .select({ id: devices.id })
      .from(devices)
      .where(await criteriaConditionOf(db, layer.criteria));
    for (const { id } of matching) found.add(id);
  }
  return [...found].sort((a, b) => a - b);
};

/** The scan kept per process; `invalidate` on any policy change. */
export const createPolicyScanCache = (db: DbOrTx) => {
  let current: Promise<PolicyScan> | undefined;
  return {
    get: (): Promise<PolicyScan> => {
      current ??= scanPolicies(db);
      const scan = current;
      // A failed scan is not kept: the next caller tries again.
      scan.catch(() => {
        if (current === scan) current = undefined;
      });
      return scan;
    },
    invalidate: () => {
      current = undefined;
    },
  };
};

export type PolicyScanCache = ReturnType<typeof createPolicyScanCache>;
