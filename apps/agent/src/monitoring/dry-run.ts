import fs from 'node:fs';
import path from 'node:path';
import type { AgentCondition, ConditionDryRunAnswer, ConditionType } from '@rmm/domain';
import { clip } from '../collectors/text.ts';
import { type CheckContext, createCheck } from './samplers/index.ts';
import { type Check, ConditionNotSampledError } from './types.ts';

/**
 * A policy's dry run on this device (`conditionDryRunRequest`): each condition sampled once now by a check of
 * its own, stopped after it, so the monitor's set, states, outbox and disk are never touched. A breach now is
 * "would trigger" (the duration is not waited for); event logs are read back over their window
 * (`isDryRun`), a stopped service is not restarted, and syslog, which counts messages as they arrive, has
 * nothing to judge. What has not finished within `timeoutMs` answers FAILED.
 */

const MAX_INSTANCES = 100;

export type DryRunHost = {
  capabilities: ReadonlySet<ConditionType>;
  context: CheckContext;
};

const answer = (
  key: string,
  outcome: ConditionDryRunAnswer['outcome'],
  text = '',
  instances: ConditionDryRunAnswer['instances'] = [],
): ConditionDryRunAnswer => ({ key, outcome, instances, text: clip(text, 2000) });

const sampleBefore = async (check: Check, deadline: number) => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([check.sample(), late]);
  } finally {
    clearTimeout(timer);
  }
};

const judgeOne = async (
  condition: AgentCondition,
  host: DryRunHost,
  context: CheckContext,
  { deadline, timeoutMs }: { deadline: number; timeoutMs: number },
): Promise<ConditionDryRunAnswer> => {
  const { key, type } = condition;
  if (!host.capabilities.has(type))
    return answer(key, 'UNSUPPORTED', `this agent cannot sample ${type} here`);
  if (type === 'SYSLOG')
    return answer(
      key,
      'UNSUPPORTED',
      'syslog messages are counted as they arrive: a dry run has none to count',
    );
  let check: Check;
  try {
    check = createCheck(condition, context);
  } catch (error) {
    const outcome = error instanceof ConditionNotSampledError ? 'UNSUPPORTED' : 'FAILED';
    return answer(key, outcome, (error as Error).message);
  }
  try {
    const readings = await sampleBefore(check, deadline);
    if (readings === 'late')
      return answer(key, 'FAILED', `the sample did not finish within ${Math.round(timeoutMs / 100) / 10} s`);
    const breached = readings.filter((reading) => reading.breached);
    if (breached.length === 0) return answer(key, 'CLEAR');
    return answer(
      key,
      'TRIGGERED',
      '',
      breached.slice(0, MAX_INSTANCES).map((reading) => ({
        instance: clip(reading.instance, 500),
        value: reading.value !== null && Number.isFinite(reading.value) ? reading.value : null,
        text: clip(reading.text, 2000),
      })),
    );
  } catch (error) {
    return answer(key, 'FAILED', (error as Error).message);
  } finally {
    check.stop?.();
  }
};

/** Every condition's answer, in the order asked, within `timeoutMs`. */
export const judgeConditionsOnce = async (
  conditions: readonly AgentCondition[],
  host: DryRunHost,
  { requestId, timeoutMs }: { requestId: string; timeoutMs: number },
): Promise<ConditionDryRunAnswer[]> => {
  const deadline = Date.now() + timeoutMs;
  // Scripts are written beside the monitor's own, in a folder of this run that is removed after it.
  const scriptsDir = path.join(
    host.context.scriptsDir,
    `dry-run-${requestId.replace(/[^A-Za-z0-9-]/g, '_')}`,
  );
  const context: CheckContext = { ...host.context, scriptsDir, isDryRun: true };
  try {
    return await Promise.all(
      conditions.map((condition) => judgeOne(condition, host, context, { deadline, timeoutMs })),
    );
  } finally {
    fs.rmSync(scriptsDir, { recursive: true, force: true });
  }
};
