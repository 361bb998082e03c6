import { spawn } from 'node:child_process';
import { killTree } from './process-tree.ts';

export type ProcessSpec = {
  command: string;
  args: string[];
  /** Run `command` through the system shell (the reboot command, an administrator's setting). */
  isShellCommand?: boolean;
  /** Windows: pass the arguments exactly as given (they are already quoted for cmd.exe). */
  isVerbatim?: boolean;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** POSIX: run as this account (the agent is root); see run-as.ts. */
  uid?: number;
  gid?: number;
};

export type ProcessLimits = {
  /** Undefined: no time limit. */
  timeoutMs: number | undefined;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
  /** After the main process exited, how long to wait for its output pipes to close. */
  drainMs: number;
};

export type ProcessOutcome = {
  /** `exited` on its own, or stopped by the time limit or a cancel; `failedToStart` with `error`. */
  reason: 'exited' | 'timedOut' | 'cancelled' | 'failedToStart';
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  error?: Error;
};

export type RunningProcess = {
  /** The main process (on POSIX also its process group); undefined when it did not start. */
  pid: number | undefined;
  done: Promise<ProcessOutcome>;
  cancel: () => void;
  /** Stops the tree without a verdict (the agent is stopping); resolves when it is ended. */
  kill: () => Promise<void>;
};

/**
 * Runs one process in its own tree, streaming stdout and stderr. The job ends when the main process
 * has exited and its pipes closed (or `drainMs` passed: a background child may hold them open).
 */
export const runProcess = (
  spec: ProcessSpec,
  limits: ProcessLimits,
  onOutput: (stream: 'stdout' | 'stderr', data: Buffer) => void,
): RunningProcess => {
  const isWindows = process.platform === 'win32';
  const child = spawn(spec.command, spec.args, {
    // Detached on POSIX: its own process group, so the whole tree can be signalled.
    detached: !isWindows,
    stdio: ['ignore', 'pipe', 'pipe'],
    windowsHide: true,
    shell: spec.isShellCommand ?? false,
    windowsVerbatimArguments: spec.isVerbatim ?? false,
    env: spec.env,
    cwd: spec.cwd,
    ...(spec.uid === undefined ? {} : { uid: spec.uid, gid: spec.gid }),
  });
  child.stdout.on('data', (data: Buffer) => onOutput('stdout', data));
  child.stderr.on('data', (data: Buffer) => onOutput('stderr', data));

  let stopReason: 'timedOut' | 'cancelled' | undefined;
  let isFinished = false;
  let timer: NodeJS.Timeout | undefined;
  let killing: Promise<void> | undefined;
  const killOnce = () => {
    if (child.pid === undefined) return Promise.resolve();
    killing ??= killTree(child.pid, limits.killGraceMs);
    return killing;
  };
  const stop = (reason: 'timedOut' | 'cancelled') => {
    if (isFinished || stopReason) return;
    stopReason = reason;
    void killOnce();
  };

  const done = new Promise<ProcessOutcome>((resolve) => {
    const finish = (outcome: ProcessOutcome) => {
      if (isFinished) return;
      isFinished = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    child.once('error', (error) => finish({ reason: 'failedToStart', exitCode: null, signal: null, error }));
    child.once('exit', (exitCode, signal) => {
      clearTimeout(timer); // the time limit is the main process's; background children are not waited for
      const outcome = { reason: stopReason ?? 'exited', exitCode, signal } as const;
      const drainTimer = setTimeout(() => {
        // A background child still holds the pipes: stop reading them.
        child.stdout.destroy();
        child.stderr.destroy();
        finish(outcome);
      }, limits.drainMs);
      child.once('close', () => {
        clearTimeout(drainTimer);
        finish(outcome);
      });
    });
  });
  if (limits.timeoutMs !== undefined) timer = setTimeout(() => stop('timedOut'), limits.timeoutMs);

  return { pid: child.pid, done, cancel: () => stop('cancelled'), kill: killOnce };
};
