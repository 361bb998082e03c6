import {
  type AgentCondition,
  type ConditionType,
  type EffectiveCondition,
  findConditionTypeInfo,
  type ResolvedLibraryScript,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { agentConditionsOf, conditionSetHash, deviceConditions } from '../policies/resolve.ts';
import { findRunnableVersion } from '../scripts/repository.ts';
import type { EngineCondition } from './engine.ts';
import type { PolicyScanCache } from './policy-scan.ts';

/**
 * The condition set of a device's agent: its own agent-evaluated conditions (policies.resolve's
 * `agentConditionsOf`) and the network conditions it runs as a probe, limited to the types the agent says it
 * can sample; versioned by `conditionSetHash`. `byKey` is what its reports are checked against.
 */
export type DeviceConditionSet = {
  hash: string;
  conditions: AgentCondition[];
  byKey: ReadonlyMap<string, EngineCondition>;
  /** Whether the set holds network conditions (the device is a probe). */
  probes: boolean;
};

const engineConditionOf = (entry: EffectiveCondition): EngineCondition => ({
  condition: entry.condition,
  policyId: entry.definedByPolicyId,
});

/**
 * What the agent needs besides the condition's own parameters: a SCRIPT_RESULT condition carries its library
 * script's newest version resolved as for a job (`script`: id, version, name, language, code), so a new version
 * changes the set's hash and reaches the agent (docs/decisions.md "Agent monitoring"). A script deleted since
 * is left out: the agent reports it cannot run the condition.
 */
export const agentParametersOf = async (db: DbOrTx, condition: EngineCondition['condition']) => {
  const parameters = condition.parameters as Record<string, unknown>;
  if (condition.type !== 'SCRIPT_RESULT') return parameters;
  const version = await findRunnableVersion(db, condition.parameters.scriptId, undefined);
  if (!version) return parameters;
  const script: ResolvedLibraryScript = {
    scriptId: version.scriptId,
    version: version.version,
    name: version.name,
    language: version.language as ResolvedLibraryScript['language'],
    code: version.code,
  };
  return { ...parameters, script };
};

export const deviceConditionSet = async (
  db: DbOrTx,
  scans: PolicyScanCache,
  deviceId: number,
  capabilities: readonly ConditionType[] | undefined,
): Promise<DeviceConditionSet | undefined> => {
  const resolved = await deviceConditions(db, deviceId);
  if (!resolved) return undefined;
  const byId = new Map(resolved.conditions.map((entry) => [entry.condition.id, entry]));
  const own: EngineCondition[] = agentConditionsOf(resolved.conditions).map((c) =>
    engineConditionOf(byId.get(c.key)!),
  );
  const network = (await scans.get()).probes.get(deviceId) ?? [];
  const can = capabilities ? new Set(capabilities) : undefined;
  const all = [...own, ...network].filter((c) => !can || can.has(c.condition.type));
  const conditions: AgentCondition[] = await Promise.all(
    all.map(async ({ condition }) => ({
      key: condition.id,
      type: condition.type,
      parameters: await agentParametersOf(db, condition),
    })),
  );
  return {
    hash: conditionSetHash(conditions),
    conditions,
    byKey: new Map(all.map((c) => [c.condition.id, c])),
    probes: all.some((c) => findConditionTypeInfo(c.condition.type).network),
  };
};

/** The device's active, enabled conditions of one server-evaluated type. */
export const serverConditionsOf = async (
  db: DbOrTx,
  deviceId: number,
  type: ConditionType,
): Promise<EngineCondition[]> => {
  const resolved = await deviceConditions(db, deviceId);
  return (resolved?.conditions ?? [])
    .filter((e) => e.active && e.condition.enabled && e.condition.type === type)
    .map(engineConditionOf);
};

/**
 * Every condition that applies to the device now, by id: its own active, enabled conditions (agent and server
 * types; network ones run on their probe) and the network conditions it runs as a probe.
 */
export const currentConditionsOf = async (
  db: DbOrTx,
  scans: PolicyScanCache,
  deviceId: number,
): Promise<Map<string, EngineCondition>> => {
  const resolved = await deviceConditions(db, deviceId);
  const own = (resolved?.conditions ?? [])
    .filter((e) => e.active && e.condition.enabled && !findConditionTypeInfo(e.condition.type).network)
    .map(engineConditionOf);
  const network = (await scans.get()).probes.get(deviceId) ?? [];
  return new Map([...own, ...network].map((c) => [c.condition.id, c]));
};
