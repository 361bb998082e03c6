import { execFile } from 'node:child_process';

export type RunResult = { code: number; stdout: string };

/**
 * Runs a program without a shell (arguments are never interpreted); a non-zero exit is an answer,
 * a missing program (ENOENT) an error.
 */
export const run = (command: string, args: string[], timeoutMs = 60_000): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, windowsHide: true, encoding: 'utf8' },
      (error, stdout) => {
        if (error && typeof error.code === 'string') return reject(error);
        if (error?.killed) return reject(new Error(`${command} timed out`));
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout });
      },
    );
  });
