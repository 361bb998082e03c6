import { type JobOutcome, outcomeOfProcess } from './outcome.ts';
import { createOutputCollector, type OutputStream } from './output.ts';
import type { RunAsHost } from './run-as.ts';
import { type ProcessSpec, runProcess } from './run-process.ts';
import type { JobSettings } from './settings.ts';

/** What a job type's code gets from the runner. */
export type JobContext = {
  jobUid: string;
  scriptsDir: string;
  settings: JobSettings;
  platform: NodeJS.Platform;
  runAsHost: RunAsHost;
  onOutput: (stream: OutputStream, data: string) => void;
};

/** A started job: its outcome, a cancel, and a kill without verdict for when the agent stops. */
export type JobExecution = {
  done: Promise<JobOutcome>;
  cancel: () => void;
  kill: () => Promise<void>;
  /** The process tree's leader, kept in the journal so a restarted agent can end a tree left behind. */
  pid?: number | undefined;
};

/** Either the outcome right away (nothing to run) or how to start it once the journal says so. */
export type PreparedJob = { outcome: JobOutcome } | { isReboot: boolean; launch: () => JobExecution };

export const finishedExecution = (outcome: JobOutcome): JobExecution => ({
  done: Promise.resolve(outcome),
  cancel: () => {},
  kill: async () => {},
});

/** Runs a process tree for a job: output kept to the cap and streamed, a time limit, a cancel. */
export const launchProcess = (
  spec: ProcessSpec,
  context: JobContext,
  timeoutSeconds: number | undefined,
): JobExecution => {
  const { settings } = context;
  const output = createOutputCollector(
    { capBytes: settings.outputCapBytes, chunkBytes: settings.outputChunkBytes },
    context.onOutput,
  );
  const running = runProcess(
    spec,
    {
      timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * settings.timeoutUnitMs,
      killGraceMs: settings.killGraceMs,
      drainMs: settings.outputDrainMs,
    },
    output.write,
  );
  const done = running.done.then((outcome) =>
    outcomeOfProcess(outcome, output.end(), { command: spec.command, timeoutSeconds }),
  );
  return { done, cancel: running.cancel, kill: running.kill, pid: running.pid };
};
