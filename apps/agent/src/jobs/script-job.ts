import fs from 'node:fs';
import path from 'node:path';
import type { ScriptJobContent, ScriptLanguage } from '@rmm/domain';
import {
  finishedExecution,
  type JobContext,
  type JobExecution,
  launchProcess,
  type PreparedJob,
} from './execution.ts';
import { ScriptRefusedError, scriptCommand, scriptExtensions, scriptFileText } from './interpreters.ts';
import { failedOutcome } from './outcome.ts';
import type { ProcessSpec } from './run-process.ts';
import { jobTexts } from './texts.ts';

const SCRIPT_MODE = 0o700;

type InlineScript = { language: ScriptLanguage; code: string };

/** Writes the code to a private file, runs it, and removes the file however the run ended. */
const launchScript = (
  script: InlineScript,
  file: string,
  spec: ProcessSpec,
  timeoutSeconds: number,
  context: JobContext,
): JobExecution => {
  try {
    fs.writeFileSync(file, scriptFileText(script.language, script.code), { mode: SCRIPT_MODE });
    fs.chmodSync(file, SCRIPT_MODE);
  } catch (error) {
    return finishedExecution(failedOutcome(jobTexts.scriptFileFailed((error as Error).message)));
  }
  const execution = launchProcess(spec, context, timeoutSeconds);
  const removeFile = () => fs.rmSync(file, { force: true });
  return { ...execution, done: execution.done.finally(removeFile) };
};

/** An ACTION that runs a script: checks what can be checked before anything runs. */
export const prepareScriptJob = (content: ScriptJobContent, context: JobContext): PreparedJob => {
  if (content.runAs !== 'SYSTEM')
    return { outcome: failedOutcome(jobTexts.runAsUnavailable(JSON.stringify(content.runAs))) };
  const { script } = content;
  if (!('code' in script)) return { outcome: failedOutcome(jobTexts.scriptNotInline) };
  const file = path.join(context.scriptsDir, `${context.jobUid}${scriptExtensions[script.language]}`);
  let spec: ProcessSpec;
  try {
    spec = scriptCommand(script.language, file, content.parameters, context.platform);
  } catch (error) {
    if (error instanceof ScriptRefusedError) return { outcome: failedOutcome(error.message) };
    throw error;
  }
  return { isReboot: false, launch: () => launchScript(script, file, spec, content.timeoutSeconds, context) };
};
