import type { EffectiveItem } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import * as repo from './repository.ts';
import { effectiveBackupPlansOf, effectiveScheduledScriptsOf, policyChain } from './resolve.ts';

/**
 * Which devices a policy's version of a backup plan or scheduled script runs on now, as resolve.ts decides
 * for one device: a device's layers are its assigned policy (own, location's, organization's) and then the
 * enabled dynamic policies matching it, in their order; the last layer that has the item decides, and the
 * device is this row's when that layer's item is active and its version is this policy's (`sourcePolicyId`).
 * Looked at in bulk (one query per dynamic policy), for the schedulers.
 */

export type PolicyItemKind = 'backupPlans' | 'scheduledScripts';

const effectiveOf = { backupPlans: effectiveBackupPlansOf, scheduledScripts: effectiveScheduledScriptsOf };

/** The devices whose effective `kind` item `itemId` is active and is `policyId`'s version, by id. */
export const devicesOfPolicyItem = async (
  db: DbOrTx,
  kind: PolicyItemKind,
  policyId: number,
  itemId: string,
): Promise<number[]> => {
  // Only a device whose layers include the policy or one of its descendants can get its version.
  const tree = new Set([policyId, ...(await repo.descendantsOf(db, policyId)).map((d) => d.id)]);
  const dynamic = await repo.enabledDynamicPolicies(db);
  const candidates = new Set(
    (await repo.assignedPoliciesOfDevices(db, { policyIds: [...tree] })).map((row) => row.deviceId),
  );
  for (const layer of dynamic)
    if (tree.has(layer.policyId))
      for (const id of await repo.devicesMatching(db, layer.criteria)) candidates.add(id);
  if (candidates.size === 0) return [];

  const ids = [...candidates];
  const layersOf = new Map<number, number[]>(ids.map((id) => [id, []]));
  for (const row of await repo.assignedPoliciesOfDevices(db, { deviceIds: ids }))
    layersOf.get(row.deviceId)?.push(row.policyId);
  for (const layer of dynamic)
    for (const id of await repo.devicesMatching(db, layer.criteria, ids))
      layersOf.get(id)?.push(layer.policyId);

  const itemsOf = new Map<number, EffectiveItem<{ id: string }> | undefined>();
  const itemOf = async (layerPolicyId: number) => {
    if (!itemsOf.has(layerPolicyId)) {
      const chain = await policyChain(db, layerPolicyId);
      const items: EffectiveItem<{ id: string }>[] = effectiveOf[kind](chain);
      itemsOf.set(
        layerPolicyId,
        items.find((entry) => entry.item.id === itemId),
      );
    }
    return itemsOf.get(layerPolicyId);
  };

  const covered: number[] = [];
  for (const [deviceId, layers] of layersOf) {
    let winner: EffectiveItem<{ id: string }> | undefined;
    for (const layerPolicyId of layers) winner = (await itemOf(layerPolicyId)) ?? winner;
    if (winner?.active && winner.sourcePolicyId === policyId) covered.push(deviceId);
  }
  return covered.sort((a, b) => a - b);
};
