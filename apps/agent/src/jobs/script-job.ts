import fs from 'node:fs';
import path from 'node:path';
import type { AgentJobRunAs, ScriptJobContent, ScriptLanguage } from '@rmm/domain';
import {
  finishedExecution,
  type JobContext,
  type JobExecution,
  launchProcess,
  type PreparedJob,
} from './execution.ts';
import { ScriptRefusedError, scriptCommand, scriptExtensions, scriptFileText } from './interpreters.ts';
import { failedOutcome } from './outcome.ts';
import {
  type PosixAccount,
  resolveRunAs,
  runAsJobDir,
  specForAccount,
  writeScriptForAccount,
} from './run-as.ts';
import type { ProcessSpec } from './run-process.ts';
import { jobTexts } from './texts.ts';

const SCRIPT_MODE = 0o700;

type InlineScript = { language: ScriptLanguage; code: string };

/** Where the script file goes: the agent's private folder, or a folder of its own owned by the account. */
type ScriptPlace = { file: string; account: PosixAccount | undefined; dir: string };

const writeScript = (place: ScriptPlace, text: string) => {
  if (place.account) return writeScriptForAccount(place.dir, place.file, text, place.account);
  fs.writeFileSync(place.file, text, { mode: SCRIPT_MODE });
  fs.chmodSync(place.file, SCRIPT_MODE);
};

/** Writes the code to a private file, runs it, and removes the file however the run ended. */
const launchScript = (
  script: InlineScript,
  place: ScriptPlace,
  spec: ProcessSpec,
  timeoutSeconds: number,
  context: JobContext,
): JobExecution => {
  const remove = () =>
    place.account
      ? fs.rmSync(place.dir, { recursive: true, force: true })
      : fs.rmSync(place.file, { force: true });
  try {
    writeScript(place, scriptFileText(script.language, script.code));
  } catch (error) {
    remove();
    return finishedExecution(failedOutcome(jobTexts.scriptFileFailed((error as Error).message)));
  }
  const execution = launchProcess(spec, context, timeoutSeconds);
  return { ...execution, done: execution.done.finally(remove) };
};

/**
 * An ACTION that runs a script: checks what can be checked before anything runs. `runAs` is what the
 * server resolved; a server that sends a run-as other than SYSTEM in the content without resolving it
 * (older than run-as) cannot have the script run as anyone else, so the job fails.
 */
export const prepareScriptJob = (
  content: ScriptJobContent,
  runAs: AgentJobRunAs | undefined,
  context: JobContext,
): PreparedJob => {
  if (runAs === undefined && content.runAs !== 'SYSTEM')
    return { outcome: failedOutcome(jobTexts.runAsUnavailable(JSON.stringify(content.runAs))) };
  const target = resolveRunAs(runAs, context.platform, context.runAsHost);
  if ('failure' in target) return { outcome: failedOutcome(target.failure) };
  const { script } = content;
  if (!('code' in script)) return { outcome: failedOutcome(jobTexts.scriptNotInline) };
  const { account } = target;
  const dir = account ? runAsJobDir(context.jobUid) : context.scriptsDir;
  const place = {
    dir,
    account,
    file: path.join(dir, `${context.jobUid}${scriptExtensions[script.language]}`),
  };
  let spec: ProcessSpec;
  try {
    spec = scriptCommand(script.language, place.file, content.parameters, context.platform);
  } catch (error) {
    if (error instanceof ScriptRefusedError) return { outcome: failedOutcome(error.message) };
    throw error;
  }
  if (account) spec = specForAccount(spec, account, dir);
  return {
    isReboot: false,
    launch: () => launchScript(script, place, spec, content.timeoutSeconds, context),
  };
};
