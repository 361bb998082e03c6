import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentMessage, type ScriptLanguage } from '@rmm/domain';
import { expect, vi } from 'vitest';
import { createLogger } from '../log.ts';
import { createJobRunner, type DeliveredJob, type JobRunner, type JobRunnerOptions } from './runner.ts';
import { defaultJobSettings, type JobSettings } from './settings.ts';

/** Test helpers for the job runner: factories, a runner that records what it sends, process checks. */

const tempDirs: string[] = [];

export const createTempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-jobs-'));
  tempDirs.push(dir);
  return dir;
};

const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

export const createJob = (overrides: Partial<DeliveredJob> = {}): DeliveredJob => ({
  jobUid: randomUUID(),
  jobType: 'ACTION',
  jobName: 'Test job',
  content: {},
  expiresAt: inOneHour(),
  ...overrides,
});

export const createScriptJob = (
  language: ScriptLanguage,
  code: string,
  content: Record<string, unknown> = {},
  overrides: Partial<DeliveredJob> = {},
) => createJob({ content: { script: { language, code }, ...content }, ...overrides });

/** Short limits: a timeout second is 100 ms, SIGKILL follows SIGTERM after 300 ms. */
export const createTestSettings = (overrides: Partial<JobSettings> = {}): JobSettings => ({
  ...defaultJobSettings('linux'),
  killGraceMs: 300,
  outputDrainMs: 200,
  timeoutUnitMs: 100,
  rebootCommand: 'echo rebooting',
  ...overrides,
});

const runners: JobRunner[] = [];

/** Stops every runner a test created, so no script outlives its test, and removes its folders. */
export const cleanUpJobTests = async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
};

export type TestRunner = ReturnType<typeof createTestRunner>;

/** A runner whose messages are checked against the contract and kept in `sent`. */
export const createTestRunner = (
  options: Partial<Omit<JobRunnerOptions, 'settings'>> & { settings?: Partial<JobSettings> } = {},
) => {
  const sent: AgentMessage[] = [];
  let isConnected = true;
  const runner = createJobRunner({
    stateDir: options.stateDir ?? createTempDir(),
    deviceId: 9,
    log: createLogger(() => {}),
    ...options,
    settings: createTestSettings(options.settings),
    send: (message) => {
      if (!isConnected) return false;
      sent.push(AgentMessage.parse(message));
      return true;
    },
  });
  runners.push(runner);

  const ofJob = <T extends AgentMessage['type']>(type: T, jobUid: string) =>
    sent.filter(
      (message): message is Extract<AgentMessage, { type: T }> =>
        message.type === type && 'jobUid' in message && message.jobUid === jobUid,
    );

  return {
    runner,
    sent,
    setConnected: (value: boolean) => {
      isConnected = value;
    },
    acks: (jobUid: string) => ofJob('jobAck', jobUid).map((ack) => ack.state),
    results: (jobUid: string) => ofJob('jobResult', jobUid),
    output: (jobUid: string) => ofJob('jobOutput', jobUid),
    /** What was streamed on one stream, joined. */
    streamed: (jobUid: string, stream: 'stdout' | 'stderr') =>
      ofJob('jobOutput', jobUid)
        .filter((chunk) => chunk.stream === stream)
        .map((chunk) => chunk.data)
        .join(''),
    /** Waits for the job's (first) result. */
    resultOf: (jobUid: string) =>
      vi.waitFor(
        () => {
          const [result] = ofJob('jobResult', jobUid);
          expect(result).toBeDefined();
          return result!;
        },
        { timeout: 15_000, interval: 20 },
      ),
  };
};

/** Whether a process is gone; a zombie nobody reaps (a container without init) counts as gone. */
export const isProcessGone = (pid: number): boolean => {
  if (fs.existsSync('/proc/self/stat')) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
    } catch {
      return true;
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

export const readLines = (file: string) =>
  fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];

export const journalFile = (stateDir: string, jobUid: string) =>
  path.join(stateDir, 'jobs', `${jobUid}.json`);

export const readJournal = (stateDir: string, jobUid: string) =>
  JSON.parse(fs.readFileSync(journalFile(stateDir, jobUid), 'utf8')) as { state: string };
