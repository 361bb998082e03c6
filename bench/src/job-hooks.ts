/**
 * Jobs for simulated agents (a SimHooksFactory for `FleetOptions.hooksModule`, loaded in every agent
 * worker): on `job` the agent notes the time it received it (Date.now(): the bench runs on one
 * machine, so every process reads the same clock), answers `jobAck accepted` and, unless told not
 * to, at once a `jobResult` COMPLETED/SUCCESS with a line of stdout, as apps/agent does after a
 * script that ran in no time; on `jobResultStored` it notes that time too. A job delivered again
 * (after a reconnect) is answered `jobAck duplicate` and its result sent again while it is not
 * stored, and results not stored yet are sent again after each welcome, like the real agent.
 *
 * The times go to the parent in batches (report kind JOB_TIMES_REPORT, a JobTimesBatch).
 * Commands (`fleet.command(name, data)`): JOB_HOOKS_CONFIGURE with a Partial<JobHooksConfig>, and
 * JOB_HOOKS_FLUSH, which sends what is pending and answers this worker's JobHooksCounts; since the
 * reports and the answer travel on one IPC channel, every time taken before it has arrived with it.
 */
import type { AgentJobResult } from '@rmm/domain';
import type { SimAgent, SimHooksFactory, SimServerMessage } from './sim-agents.ts';

export const JOB_TIMES_REPORT = 'jobTimes';
export const JOB_HOOKS_CONFIGURE = 'jobs.configure';
export const JOB_HOOKS_FLUSH = 'jobs.flush';

export type JobHooksConfig = {
  /** Send a jobResult right after the jobAck (false: acknowledge only, the job stays IN_PROGRESS). */
  reply: boolean;
  /** The result's stdout. */
  stdout: string;
  /** Pending times are reported at least this often ... */
  flushMs: number;
  /** ... or as soon as this many are pending. */
  batchSize: number;
};

/** [jobUid, Date.now()] pairs, in the order they happened in this worker. */
export type JobTimesBatch = {
  /** First receipt of each `job`. */
  received: [string, number][];
  /** The jobResult was sent (the first time). */
  replied: [string, number][];
  /** `jobResultStored` arrived (the first time). */
  stored: [string, number][];
};

export type JobHooksCounts = {
  received: number;
  duplicates: number;
  replied: number;
  resent: number;
  stored: number;
  invalid: number;
};

const defaults: JobHooksConfig = { reply: true, stdout: 'bench\n', flushMs: 100, batchSize: 1000 };

type JobState = { deviceId: number; result?: AgentJobResult; isStored: boolean };

const jobHooks: SimHooksFactory = ({ report }) => {
  let config = { ...defaults };
  const counts: JobHooksCounts = { received: 0, duplicates: 0, replied: 0, resent: 0, stored: 0, invalid: 0 };
  const jobs = new Map<string, JobState>();
  /** Results sent and not confirmed yet, per device (sent again after a reconnect). */
  const unstored = new Map<number, Set<string>>();
  let batch: JobTimesBatch = { received: [], replied: [], stored: [] };
  let pending = 0;

  const flush = () => {
    if (pending === 0) return;
    report(JOB_TIMES_REPORT, batch);
    batch = { received: [], replied: [], stored: [] };
    pending = 0;
  };
  const startTimer = () => {
    const timer = setInterval(flush, config.flushMs);
    timer.unref();
    return timer;
  };
  let timer = startTimer();
  const note = (list: [string, number][], jobUid: string, at: number) => {
    list.push([jobUid, at]);
    if (++pending >= config.batchSize) flush();
  };

  const sendResult = (agent: SimAgent, state: JobState, jobUid: string) => {
    const now = new Date().toISOString();
    state.result ??= {
      v: 1,
      type: 'jobResult',
      deviceId: agent.identity.deviceId,
      jobUid,
      status: 'COMPLETED',
      result: 'SUCCESS',
      resultContent: { exitCode: 0, stdout: config.stdout, stderr: '', truncated: false, errorMessage: null },
      startedAt: now,
      finishedAt: now,
    };
    if (!agent.send(state.result)) return false;
    const own = unstored.get(state.deviceId) ?? new Set();
    own.add(jobUid);
    unstored.set(state.deviceId, own);
    return true;
  };

  const onJob = (agent: SimAgent, message: SimServerMessage) => {
    const at = Date.now();
    const job = message.job as { jobUid?: unknown } | undefined;
    const jobUid = job?.jobUid;
    if (typeof jobUid !== 'string') {
      counts.invalid++;
      return;
    }
    const deviceId = agent.identity.deviceId;
    const known = jobs.get(jobUid);
    if (known) {
      counts.duplicates++;
      agent.send({ v: 1, type: 'jobAck', deviceId, jobUid, state: 'duplicate' });
      if (known.result && !known.isStored && sendResult(agent, known, jobUid)) counts.resent++;
      return;
    }
    const state: JobState = { deviceId, isStored: false };
    jobs.set(jobUid, state);
    counts.received++;
    note(batch.received, jobUid, at);
    agent.send({ v: 1, type: 'jobAck', deviceId, jobUid, state: 'accepted' });
    if (!config.reply) return;
    if (sendResult(agent, state, jobUid)) {
      counts.replied++;
      note(batch.replied, jobUid, Date.now());
    }
  };

  const onStored = (_agent: SimAgent, message: SimServerMessage) => {
    const at = Date.now();
    const jobUid = message.jobUid;
    if (typeof jobUid !== 'string') {
      counts.invalid++;
      return;
    }
    const state = jobs.get(jobUid);
    if (!state || state.isStored) return;
    state.isStored = true;
    state.result = undefined; // forgotten, like the agent deletes its result file
    unstored.get(state.deviceId)?.delete(jobUid);
    counts.stored++;
    note(batch.stored, jobUid, at);
  };

  return {
    onMessage: { job: onJob, jobResultStored: onStored },
    onWelcome: (agent) => {
      for (const jobUid of unstored.get(agent.identity.deviceId) ?? []) {
        const state = jobs.get(jobUid);
        if (state && sendResult(agent, state, jobUid)) counts.resent++;
      }
    },
    onCommand: (name, data) => {
      if (name === JOB_HOOKS_CONFIGURE) {
        config = { ...config, ...(data as Partial<JobHooksConfig>) };
        clearInterval(timer);
        timer = startTimer();
        return config;
      }
      if (name === JOB_HOOKS_FLUSH) {
        flush();
        return { ...counts };
      }
      throw new Error(`unknown command ${name}`);
    },
  };
};

export default jobHooks;
