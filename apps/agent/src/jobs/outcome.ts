import type { JobResultRecord } from './journal.ts';
import type { ProcessOutcome } from './run-process.ts';
import { jobTexts } from './texts.ts';

/** How a job ended, before the times are added. */
export type JobOutcome = Pick<JobResultRecord, 'status' | 'result' | 'resultContent'>;

export type KeptOutput = { stdout: string; stderr: string; truncated: boolean };
const noOutput: KeptOutput = { stdout: '', stderr: '', truncated: false };

/** A job that ended without running to its own end, or without running at all. */
export const failedOutcome = (
  errorMessage: string,
  output: KeptOutput = noOutput,
  status: JobOutcome['status'] = 'COMPLETED',
  exitCode: number | null = null,
): JobOutcome => ({
  status,
  result: 'FAILURE',
  resultContent: { exitCode, ...output, errorMessage: errorMessage.slice(0, 4000) },
});

/** Exit code 0 is SUCCESS; a time limit, a cancel, a signal or a missing program is FAILURE. */
export const outcomeOfProcess = (
  process: ProcessOutcome,
  output: KeptOutput,
  facts: { command: string; timeoutSeconds: number | undefined },
): JobOutcome => {
  const { exitCode } = process;
  switch (process.reason) {
    case 'cancelled':
      return failedOutcome(jobTexts.cancelled, output, 'CANCELLED', exitCode);
    case 'timedOut':
      return failedOutcome(jobTexts.timedOut(facts.timeoutSeconds ?? 0), output, 'COMPLETED', exitCode);
    case 'failedToStart': {
      const error = process.error as NodeJS.ErrnoException | undefined;
      const message =
        error?.code === 'ENOENT'
          ? jobTexts.interpreterMissing(facts.command)
          : jobTexts.failedToStart(facts.command, error?.message ?? 'unknown error');
      return failedOutcome(message, output);
    }
    case 'exited':
      if (exitCode === 0)
        return {
          status: 'COMPLETED',
          result: 'SUCCESS',
          resultContent: { exitCode, ...output, errorMessage: null },
        };
      if (exitCode === null)
        return failedOutcome(jobTexts.endedBySignal(process.signal ?? 'unknown'), output);
      return {
        status: 'COMPLETED',
        result: 'FAILURE',
        resultContent: { exitCode, ...output, errorMessage: null },
      };
  }
};
