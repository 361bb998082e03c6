import { JOB_OUTPUT_CAP_BYTES, JOB_OUTPUT_CHUNK_BYTES } from '@rmm/domain';

export type JobSettings = {
  /** Jobs running at once; the others wait, started in the order received. */
  maxConcurrentJobs: number;
  /** Between SIGTERM and SIGKILL when a job's tree is stopped. */
  killGraceMs: number;
  /** The built-in REBOOT action runs this through the system shell. */
  rebootCommand: string;
  rebootTimeoutSeconds: number;
  /** Stored jobUids are remembered this long, so a job delivered again never runs again. */
  historyDays: number;
  outputCapBytes: number;
  outputChunkBytes: number;
  /** Milliseconds in one second of a job's time limit (tests shorten it). */
  timeoutUnitMs: number;
  /** After a script exited, how long its output pipes may stay open (a background child holds them). */
  outputDrainMs: number;
};

export const defaultRebootCommand = (platform: NodeJS.Platform) =>
  platform === 'win32' ? 'shutdown /r /t 0' : 'shutdown -r now';

export const defaultJobSettings = (platform: NodeJS.Platform = process.platform): JobSettings => ({
  maxConcurrentJobs: 4,
  killGraceMs: 10_000,
  rebootCommand: defaultRebootCommand(platform),
  rebootTimeoutSeconds: 120,
  historyDays: 30,
  outputCapBytes: JOB_OUTPUT_CAP_BYTES,
  outputChunkBytes: JOB_OUTPUT_CHUNK_BYTES,
  timeoutUnitMs: 1000,
  outputDrainMs: 2000,
});
