import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AgentBackupProgress, AgentMessage, BackupJobReport, type ServerJob } from '@rmm/domain';
import { expect, vi } from 'vitest';
import { type BackupSettings, defaultBackupSettings } from '../src/backup/settings.ts';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { defaultJobSettings } from '../src/jobs/settings.ts';
import { createLogger } from '../src/log.ts';

/** A job runner for backup-engine jobs in this process: what it sends is checked and kept with its time. */

const runners: { runner: JobRunner; stateDir: string }[] = [];

export const stopBackupRunners = async () => {
  for (const { runner, stateDir } of runners.splice(0)) {
    await runner.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
};

export const createBackupRunner = (
  options: { settings?: Partial<BackupSettings>; serverUrl?: string; authorization?: string } = {},
) => {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rmm-backup-agent-'));
  const sent: { message: AgentMessage; at: number }[] = [];
  const runner = createJobRunner({
    stateDir,
    deviceId: 9,
    log: createLogger(() => {}),
    settings: { ...defaultJobSettings('linux'), killGraceMs: 300 },
    backup: {
      serverUrl: options.serverUrl,
      authorization: options.authorization,
      settings: {
        ...defaultBackupSettings(),
        fsync: false,
        progressIntervalMs: 50,
        packSize: 256 * 1024,
        store: { attempts: 2, minDelayMs: 1, maxDelayMs: 1, idleTimeoutMs: 10_000 },
        ...options.settings,
      },
    },
    send: (message) => {
      sent.push({ message: AgentMessage.parse(message), at: Date.now() });
      return true;
    },
  });
  runners.push({ runner, stateDir });

  const resultOf = (jobUid: string) =>
    vi.waitFor(
      () => {
        const found = sent.find(
          ({ message }) => message.type === 'jobResult' && message.jobUid === jobUid,
        )?.message;
        expect(found).toBeDefined();
        return found as Extract<AgentMessage, { type: 'jobResult' }>;
      },
      { timeout: 30_000, interval: 20 },
    );

  return {
    runner,
    stateDir,
    sent,
    resultOf,
    /** Delivers the job and waits for its result. */
    run: async (job: ServerJob['job']) => {
      runner.onJob(job);
      const result = await resultOf(job.jobUid);
      const report = result.resultContent.backup;
      return { result, report: report === undefined ? undefined : BackupJobReport.parse(report) };
    },
    progressOf: (jobUid: string) =>
      sent
        .filter(({ message }) => message.type === 'backupProgress' && message.jobUid === jobUid)
        .map(({ message, at }) => ({ ...(message as AgentBackupProgress), at })),
  };
};
