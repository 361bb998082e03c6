import fs from 'node:fs';
import path from 'node:path';
import { type AgentCondition, AgentJobRunAs, ResolvedLibraryScript, type RunAs } from '@rmm/domain';
import { clip } from '../../collectors/text.ts';
import {
  ScriptRefusedError,
  scriptCommand,
  scriptExtensions,
  scriptFileText,
} from '../../jobs/interpreters.ts';
import {
  type PosixAccount,
  type RunAsHost,
  resolveRunAs,
  specForAccount,
  systemRunAsHost,
  writeScriptForAccount,
} from '../../jobs/run-as.ts';
import { type ProcessSpec, type RunningProcess, runProcess } from '../../jobs/run-process.ts';
import { msOf } from '../settings.ts';
import { type Check, ConditionNotSampledError, type Reading, type SamplerContext } from '../types.ts';
import { parametersOf } from './parameters.ts';

/** Output kept of a run for the keyword and the text shown. */
const OUTPUT_LIMIT = 64 * 1024;
const KILL_GRACE_MS = 5000;
const DRAIN_MS = 2000;

/**
 * What the agent needs beyond SCRIPT_RESULT's parameters, added by the server when it sends the set
 * (docs/decisions.md "Agent monitoring"): `script`, the library script resolved as for a job (its code), and
 * for a credential's run-as `agentRunAs`, resolved as for a job but without a password.
 */
const scriptOf = (condition: AgentCondition) => {
  const parsed = ResolvedLibraryScript.safeParse(condition.parameters.script);
  if (!parsed.success)
    throw new ConditionNotSampledError(
      `script result condition ${condition.key}: the server sent no script code (parameters.script)`,
    );
  return parsed.data;
};

/** The run-as the agent can honour: system, the logged-on user, a custom account, or what the server resolved. */
const agentRunAsOf = (runAs: RunAs | undefined, resolved: unknown): AgentJobRunAs | string => {
  if (!runAs || (runAs.kind === 'option' && runAs.option === 'SYSTEM')) return { kind: 'system' };
  if (runAs.kind === 'option' && runAs.option === 'LOGGED_ON_USER') return { kind: 'loggedOnUser' };
  if (runAs.kind === 'custom') return { kind: 'account', username: runAs.value };
  const parsed = AgentJobRunAs.safeParse(resolved);
  return parsed.success
    ? parsed.data
    : 'The server did not resolve the credential this script runs as, so the agent cannot run it.';
};

export const scriptResultCheck = (
  condition: AgentCondition,
  context: SamplerContext & { scriptsDir: string; runAsHost?: RunAsHost },
): Check => {
  const p = parametersOf(condition, 'SCRIPT_RESULT');
  const script = scriptOf(condition);
  const runAs = agentRunAsOf(p.runAs, condition.parameters.agentRunAs);
  const intervalMs = msOf(context.settings, p.intervalMinutes * 60);
  const timeoutMs = Math.min(intervalMs, msOf(context.settings, context.settings.scriptTimeoutSeconds));
  const safeKey = condition.key.replace(/[^A-Za-z0-9-]/g, '_');
  let running: RunningProcess | undefined;
  let isStopped = false;

  const failed = (text: string): Reading[] => [
    { instance: '', breached: true, value: null, text: clip(text, 2000) },
  ];

  const runOnce = async (): Promise<Reading[]> => {
    if (typeof runAs === 'string') return failed(runAs);
    const target = resolveRunAs(
      runAs,
      context.platform,
      context.runAsHost ?? systemRunAsHost(context.platform),
    );
    if ('failure' in target) return failed(target.failure);
    const account: PosixAccount | undefined = target.account;
    const dir = account ? path.join(context.scriptsDir, `run-${safeKey}`) : context.scriptsDir;
    const file = path.join(dir, `${safeKey}${scriptExtensions[script.language]}`);
    let spec: ProcessSpec;
    try {
      spec = scriptCommand(script.language, file, [], context.platform);
    } catch (error) {
      if (error instanceof ScriptRefusedError) return failed(error.message);
      throw error;
    }
    const text = scriptFileText(script.language, script.code);
    if (account) {
      writeScriptForAccount(dir, file, text, account);
      spec = specForAccount(spec, account, dir);
    } else {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(file, text, { mode: 0o700 });
    }
    let output = '';
    try {
      running = runProcess(
        spec,
        { timeoutMs, killGraceMs: KILL_GRACE_MS, drainMs: DRAIN_MS },
        (_stream, data) => {
          if (output.length < OUTPUT_LIMIT)
            output += data.toString('utf8').slice(0, OUTPUT_LIMIT - output.length);
        },
      );
      const outcome = await running.done;
      if (outcome.reason === 'failedToStart')
        return failed(`${script.name} could not start: ${outcome.error?.message ?? 'unknown error'}`);
      if (outcome.reason === 'timedOut')
        return failed(`${script.name} did not finish within ${Math.round(timeoutMs / 100) / 10} s`);
      if (outcome.reason === 'cancelled') return [];
      const code = outcome.exitCode;
      const problems: string[] = [];
      if (code === null || !p.successExitCodes.includes(code))
        problems.push(code === null ? `ended by ${outcome.signal}` : `exit code ${code}`);
      if (p.outputContains && output.includes(p.outputContains))
        problems.push(`the output contains "${p.outputContains}"`);
      const tail = output.trim().slice(-1500);
      return [
        {
          instance: '',
          breached: problems.length > 0,
          value: code,
          text: clip(
            `${script.name} (version ${script.version}): ${problems.length ? problems.join('; ') : `exit code ${code}`}${tail ? `\n${tail}` : ''}`,
            2000,
          ),
        },
      ];
    } finally {
      running = undefined;
      if (account) fs.rmSync(dir, { recursive: true, force: true });
      else fs.rmSync(file, { force: true });
    }
  };

  return {
    intervalMs,
    durationMs: 0,
    sample: () => (isStopped ? Promise.resolve([]) : runOnce()),
    stop: () => {
      isStopped = true;
      running?.cancel();
    },
  };
};
