import os from 'node:os';
import { ActionJobContent, type AgentMessage, type ServerJob } from '@rmm/domain';
import { z } from 'zod';
import { type BackupHost, prepareBackupJob } from '../backup/backup-job.ts';
import { defaultBackupSettings } from '../backup/settings.ts';
import { systemShareHost } from '../backup/share.ts';
import type { Logger } from '../log.ts';
import type { JobContext, JobExecution, PreparedJob } from './execution.ts';
import { type DamagedEntry, type JournalEntry, openJournal } from './journal.ts';
import { failedOutcome, type JobOutcome } from './outcome.ts';
import type { OutputStream } from './output.ts';
import { endLeftoverTree } from './process-tree.ts';
import { prepareRebootJob } from './reboot-job.ts';
import { type RunAsHost, removeRunAsJobDir, systemRunAsHost } from './run-as.ts';
import { prepareScriptJob } from './script-job.ts';
import type { JobSettings } from './settings.ts';
import { jobTexts } from './texts.ts';

export type DeliveredJob = ServerJob['job'];

export type JobRunnerOptions = {
  stateDir: string;
  deviceId: number;
  settings: JobSettings;
  /** Sends on the current connection; false when there is none (results stay on disk). */
  send: (message: AgentMessage) => boolean;
  log: Logger;
  now?: () => Date;
  /** When the machine last booted: a reboot job started before it has done its work. */
  bootTime?: () => Date;
  platform?: NodeJS.Platform;
  /** Who is who on this machine (run-as); tests replace parts, e.g. the logged-on user. */
  runAsHost?: Partial<RunAsHost>;
  /** Backup-engine jobs: the server's address and the agent's authorization (its store), settings, shares. */
  backup?: Partial<Omit<BackupHost, 'deviceId' | 'stateDir' | 'sendProgress'>>;
};

type RunningJob = { execution: JobExecution; isReboot: boolean };

const rebootedOutcome: JobOutcome = {
  status: 'COMPLETED',
  result: 'SUCCESS',
  resultContent: { exitCode: null, stdout: '', stderr: '', truncated: false, errorMessage: null },
};

/** Which code runs a job; types this agent does not run yet fail honestly. */
const prepareJob = (job: DeliveredJob, context: JobContext, backup: BackupHost): PreparedJob => {
  if (job.jobType === 'BACKUP' || job.jobType === 'RESTORE') return prepareBackupJob(job, context, backup);
  if (job.jobType !== 'ACTION') return { outcome: failedOutcome(jobTexts.unsupportedType(job.jobType)) };
  const parsed = ActionJobContent.safeParse(job.content);
  if (!parsed.success)
    return { outcome: failedOutcome(jobTexts.invalidContent(z.prettifyError(parsed.error))) };
  if ('builtin' in parsed.data) return prepareRebootJob(context);
  return prepareScriptJob(parsed.data, job.runAs, context);
};

const isExpired = (expiresAt: string, now: Date) => Date.parse(expiresAt) <= now.getTime();

/**
 * Runs the jobs the server sends, at most once per jobUid: journals each job on disk before it
 * answers, runs up to `maxConcurrentJobs` at once in the order received, streams their output, and
 * holds each result on disk until the server says it stored it.
 */
export const createJobRunner = (options: JobRunnerOptions) => {
  const { deviceId, settings, log } = options;
  const now = options.now ?? (() => new Date());
  const bootTime = options.bootTime ?? (() => new Date(Date.now() - os.uptime() * 1000));
  const platform = options.platform ?? process.platform;
  const runAsHost = { ...systemRunAsHost(platform), ...options.runAsHost };
  const journal = openJournal({ stateDir: options.stateDir, historyDays: settings.historyDays, now });
  const backupHost: BackupHost = {
    serverUrl: undefined,
    authorization: undefined,
    settings: defaultBackupSettings(),
    shareHost: systemShareHost(platform),
    hostname: os.hostname(),
    ...options.backup,
    deviceId,
    stateDir: options.stateDir,
    sendProgress: (message) => options.send(message),
  };

  /** Every job with a file on disk. */
  const entries = new Map<string, JournalEntry>();
  /** Accepted before the agent restarted, never started: run when the server delivers it again. */
  const parked = new Set<string>();
  const queue: Array<{ entry: JournalEntry; job: DeliveredJob }> = [];
  const running = new Map<string, RunningJob>();
  let isStopping = false;

  const record = (entry: JournalEntry) => {
    entries.set(entry.jobUid, entry);
    journal.write(entry);
  };

  const sendResult = (entry: JournalEntry) =>
    entry.result && options.send({ v: 1, type: 'jobResult', deviceId, ...entry.result });

  /** The result goes to disk first, then to the server; it stays on disk until the server stored it. */
  const finish = (entry: JournalEntry, outcome: JobOutcome) => {
    const { jobUid } = entry;
    const result = { jobUid, ...outcome, startedAt: entry.startedAt, finishedAt: now().toISOString() };
    const finished: JournalEntry = { ...entry, state: 'finished', result };
    try {
      record(finished);
    } catch (error) {
      log.error(`job ${jobUid}: the result could not be saved: ${(error as Error).message}`);
    }
    log.info(`job ${jobUid} finished: ${outcome.status} ${outcome.result}`);
    sendResult(finished);
  };

  const outputSender = (jobUid: string) => {
    let seq = 0;
    return (stream: OutputStream, data: string) =>
      void options.send({ v: 1, type: 'jobOutput', deviceId, jobUid, seq: seq++, stream, data });
  };

  const launch = (entry: JournalEntry, job: DeliveredJob) => {
    const context = {
      jobUid: entry.jobUid,
      scriptsDir: journal.scriptsDir,
      settings,
      platform,
      runAsHost,
      onOutput: outputSender(entry.jobUid),
    };
    const prepared = prepareJob(job, context, backupHost);
    if ('outcome' in prepared) return finish(entry, prepared.outcome);
    // "started" is on disk before the process exists: after a crash the job is never run again.
    const started: JournalEntry = { ...entry, state: 'started', startedAt: now().toISOString() };
    if (prepared.isReboot) started.isReboot = true;
    record(started);
    log.info(`job ${entry.jobUid} started: ${JSON.stringify(entry.jobName)}`);
    const execution = prepared.launch();
    if (execution.pid !== undefined) {
      started.pid = execution.pid;
      record(started);
    }
    running.set(entry.jobUid, { execution, isReboot: prepared.isReboot });
    void execution.done
      .catch((error: Error) => failedOutcome(jobTexts.failedToStart(entry.jobName, error.message)))
      .then((outcome) => {
        running.delete(entry.jobUid);
        // A job cut short by the agent stopping stays "started" and is reported at the next start.
        if (isStopping) return;
        finish(started, outcome);
        startQueued();
      });
  };

  const start = (entry: JournalEntry, job: DeliveredJob) => {
    if (isExpired(job.expiresAt, now())) return finish(entry, failedOutcome(jobTexts.expired));
    try {
      launch(entry, job);
    } catch (error) {
      finish(entry, failedOutcome(jobTexts.failedToStart(entry.jobName, (error as Error).message)));
    }
  };

  const startQueued = () => {
    while (!isStopping && running.size < settings.maxConcurrentJobs && queue.length > 0) {
      const next = queue.shift()!;
      start(next.entry, next.job);
    }
  };

  const ack = (jobUid: string, state: 'accepted' | 'duplicate') =>
    options.send({ v: 1, type: 'jobAck', deviceId, jobUid, state });

  /** A job that was running when the agent stopped: a reboot has done its work, anything else failed. */
  const outcomeAfterRestart = (entry: JournalEntry): JobOutcome => {
    const startedAt = entry.startedAt ? Date.parse(entry.startedAt) : Number.NaN;
    if (entry.isReboot && bootTime().getTime() > startedAt) return rebootedOutcome;
    return failedOutcome(jobTexts.agentStopped);
  };

  const recover = (item: JournalEntry | DamagedEntry) => {
    if ('isDamaged' in item) {
      // Unknown state: it may have run, so it is never run (again).
      const at = now().toISOString();
      const entry: JournalEntry = {
        jobUid: item.jobUid,
        jobType: 'ACTION',
        jobName: '',
        expiresAt: at,
        receivedAt: at,
        state: 'started',
      };
      return finish(entry, failedOutcome(jobTexts.agentStopped));
    }
    if (item.state === 'started') {
      // The agent died (kill -9, power) while the tree ran: end what is left of it, then report.
      void endLeftoverTree(item.pid, item.jobUid, settings.killGraceMs).finally(() =>
        removeRunAsJobDir(item.jobUid),
      );
      return finish(item, outcomeAfterRestart(item));
    }
    entries.set(item.jobUid, item);
    if (item.state === 'accepted') parked.add(item.jobUid);
  };

  /** Parked jobs the server did not deliver again before they expired. */
  const expireParked = () => {
    for (const jobUid of parked) {
      const entry = entries.get(jobUid)!;
      if (!isExpired(entry.expiresAt, now())) continue;
      parked.delete(jobUid);
      finish(entry, failedOutcome(jobTexts.expired));
    }
  };

  journal.clearScripts();
  journal.prune();
  for (const item of journal.load()) recover(item);

  return {
    /** A `job` message: run it once, however often it is delivered. */
    onJob: (job: DeliveredJob) => {
      const { jobUid } = job;
      const known = entries.get(jobUid);
      if (known && parked.delete(jobUid)) {
        ack(jobUid, 'accepted');
        queue.push({ entry: known, job });
        return startQueued();
      }
      if (known || journal.isDone(jobUid)) {
        ack(jobUid, 'duplicate');
        if (known?.state === 'finished') sendResult(known);
        return;
      }
      const entry: JournalEntry = {
        jobUid,
        jobType: job.jobType,
        jobName: job.jobName,
        expiresAt: job.expiresAt,
        receivedAt: now().toISOString(),
        state: 'accepted',
      };
      try {
        record(entry);
      } catch (error) {
        // Without the journal the job could run twice: it is not accepted, the server sends it again.
        entries.delete(jobUid);
        log.error(`job ${jobUid} not accepted, the journal cannot be written: ${(error as Error).message}`);
        return;
      }
      log.info(`job ${jobUid} accepted: ${job.jobType} ${JSON.stringify(job.jobName)}`);
      ack(jobUid, 'accepted');
      queue.push({ entry, job });
      startQueued();
    },

    /** A `jobCancel`: stop the tree of a running job, or finish a waiting one without starting it. */
    onCancel: (jobUid: string) => {
      const active = running.get(jobUid);
      if (active) {
        log.info(`job ${jobUid}: cancelling`);
        return active.execution.cancel();
      }
      const index = queue.findIndex((item) => item.entry.jobUid === jobUid);
      const waiting = index >= 0 ? queue.splice(index, 1)[0]?.entry : undefined;
      const entry = waiting ?? (parked.delete(jobUid) ? entries.get(jobUid) : undefined);
      if (entry) return finish(entry, failedOutcome(jobTexts.cancelled, undefined, 'CANCELLED'));
      log.info(`job ${jobUid}: cancel ignored, the job is not running here`);
    },

    /** A `jobResultStored`: the result may go; the jobUid is remembered so the job never runs again. */
    onResultStored: (jobUid: string) => {
      const entry = entries.get(jobUid);
      if (entry?.state !== 'finished') return;
      try {
        journal.markDone(jobUid, entry.expiresAt);
        entries.delete(jobUid);
      } catch (error) {
        log.error(`job ${jobUid}: the journal could not be updated: ${(error as Error).message}`);
      }
    },

    /** After every (re)connect: every result the server has not confirmed yet. */
    resendHeldResults: () => {
      expireParked();
      const held = [...entries.values()].filter((entry) => entry.state === 'finished');
      held.sort((a, b) => (a.result?.finishedAt ?? '').localeCompare(b.result?.finishedAt ?? ''));
      for (const entry of held) sendResult(entry);
    },

    /** The agent is stopping: end the running scripts' trees (a reboot under way is left alone). */
    stop: async () => {
      isStopping = true;
      queue.length = 0;
      const scripts = [...running.values()].filter((job) => !job.isReboot);
      await Promise.all(scripts.map((job) => job.execution.kill()));
    },
  };
};
export type JobRunner = ReturnType<typeof createJobRunner>;
