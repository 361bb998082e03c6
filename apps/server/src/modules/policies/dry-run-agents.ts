import {
  type AgentCondition,
  type Condition,
  DRY_RUN_MAX_DEVICES,
  type DryRunNotJudgedReason,
  findConditionTypeInfo,
  type OrganizationScope,
  type PolicyDryRunResponse,
} from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import { findDeviceSummary } from '../devices/repository.ts';
import { type AgentDryRunOutcome, askAgentDryRun } from '../monitoring/agent-dry-run.ts';
import { agentParametersOf } from '../monitoring/condition-sets.ts';

/**
 * The dry run's second half: the conditions the server cannot judge from what it stores are sampled once now by
 * the agents of the devices they would run on (the policy's devices; a network condition's probe), at most
 * `concurrency` devices asked at once, all within `timeoutMs`. A device that cannot answer is listed with why
 * (down or not connected, no answer in time, type not sampled there, sample failed), never left out.
 */

type Result = PolicyDryRunResponse['results'][number];
export type AgentTarget = { id: number; displayName: string; status: string };

/** Whether the agents are asked about a condition of this type (the types with a sampler on some agent). */
export const isAskedOfAgents = (condition: Condition) => {
  const info = findConditionTypeInfo(condition.type);
  return info.evaluator === 'AGENT' && info.available;
};

/** Runs `work` over the items, at most `limit` at once; items not started by the deadline get `late`. */
const eachBounded = async <T>(
  items: readonly T[],
  limit: number,
  deadline: number,
  work: (item: T) => Promise<void>,
  late: (item: T) => void,
) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      if (Date.now() >= deadline) late(item);
      else await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
};

const emptyResult = (conditionId: string): Result => ({
  conditionId,
  evaluated: true,
  judgedBy: 'AGENTS',
  judgedCount: 0,
  devices: [],
  notJudged: [],
  notJudgedCount: 0,
});

const notJudged = (result: Result, device: AgentTarget, reason: DryRunNotJudgedReason, text = '') =>
  result.notJudged.push({ deviceId: device.id, displayName: device.displayName, reason, text });

const byName = (a: { displayName: string; deviceId: number }, b: { displayName: string; deviceId: number }) =>
  a.displayName.localeCompare(b.displayName) || a.deviceId - b.deviceId;

/** The lists in device name order (answers come in any order), at most DRY_RUN_MAX_DEVICES each. */
const finished = (result: Result): Result => {
  const evaluated = result.evaluated && (result.judgedCount > 0 || result.notJudged.length === 0);
  return {
    ...result,
    evaluated,
    judgedBy: evaluated ? result.judgedBy : null,
    devices: result.devices.sort(byName).slice(0, DRY_RUN_MAX_DEVICES),
    notJudged: result.notJudged.sort(byName).slice(0, DRY_RUN_MAX_DEVICES),
    notJudgedCount: result.notJudged.length,
  };
};

/** One device's outcome into the results of the conditions it was asked. */
const record = (
  results: ReadonlyMap<string, Result>,
  device: AgentTarget,
  keys: readonly string[],
  outcome: AgentDryRunOutcome,
) => {
  const answers = outcome.kind === 'answered' ? new Map(outcome.results.map((a) => [a.key, a])) : undefined;
  for (const key of keys) {
    const result = results.get(key)!;
    if (!answers) {
      notJudged(result, device, outcome.kind === 'offline' ? 'OFFLINE' : 'TIMEOUT');
      continue;
    }
    const answer = answers.get(key);
    if (!answer) {
      notJudged(result, device, 'FAILED', 'The agent did not answer for this condition.');
      continue;
    }
    if (answer.outcome === 'UNSUPPORTED' || answer.outcome === 'FAILED') {
      notJudged(result, device, answer.outcome, answer.text);
      continue;
    }
    result.judgedCount++;
    for (const hit of answer.instances)
      result.devices.push({ deviceId: device.id, displayName: device.displayName, ...hit });
  }
};

export const judgeByAgents = async (options: {
  db: Db;
  bus: Bus;
  scope: OrganizationScope;
  conditions: readonly Condition[];
  /** The devices the policy applies to in the caller's scope. */
  devices: readonly AgentTarget[];
  timeoutMs: number;
  concurrency: number;
}): Promise<Result[]> => {
  const { db, conditions } = options;
  const results = new Map(conditions.map((c) => [c.id, emptyResult(c.id)]));
  const asked = new Map<number, { device: AgentTarget; conditions: AgentCondition[] }>();
  const ask = (device: AgentTarget, condition: AgentCondition) => {
    const entry = asked.get(device.id) ?? { device, conditions: [] };
    entry.conditions.push(condition);
    asked.set(device.id, entry);
  };
  for (const condition of conditions) {
    const agentCondition: AgentCondition = {
      key: condition.id,
      type: condition.type,
      parameters: await agentParametersOf(db, condition),
    };
    if (!findConditionTypeInfo(condition.type).network) {
      for (const device of options.devices) ask(device, agentCondition);
      continue;
    }
    // A network condition runs once, on its probe: that device is asked, when the caller may see it.
    const probe =
      condition.probeDeviceId === null
        ? undefined
        : await findDeviceSummary(db, options.scope, condition.probeDeviceId);
    if (probe) ask(probe, agentCondition);
    else Object.assign(results.get(condition.id)!, { evaluated: false, judgedBy: null });
  }
  const deadline = Date.now() + options.timeoutMs;
  const keysOf = (entry: { conditions: AgentCondition[] }) => entry.conditions.map((c) => c.key);
  // A device already known to be down is not asked.
  const online = [...asked.values()].filter((entry) => {
    if (entry.device.status !== 'DOWN') return true;
    record(results, entry.device, keysOf(entry), { kind: 'offline' });
    return false;
  });
  await eachBounded(
    online,
    options.concurrency,
    deadline,
    async (entry) => {
      const { device, conditions } = entry;
      const outcome = await askAgentDryRun({ bus: options.bus, deviceId: device.id, conditions, deadline });
      record(results, device, keysOf(entry), outcome);
    },
    (entry) => record(results, entry.device, keysOf(entry), { kind: 'timeout' }),
  );
  return [...results.values()].map(finished);
};
