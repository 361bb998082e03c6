import {
  type AgentJobAck,
  type AgentJobOutput,
  type AgentJobResult,
  isTerminalJobStatus,
  type JobStatus,
  type ServerMessage,
} from '@rmm/domain';
import type { Bus } from '../../../bus/index.ts';
import type { Db } from '../../../db/database.ts';
import type { NewActivity } from '../../activities/repository.ts';
import { applyBackupReports } from '../../backup/results.ts';
import { publishConsoleEvent } from '../../events/publish.ts';
import { jobActivity } from '../activities.ts';
import { cancelMessage, publishJobUpdates } from '../dispatch.ts';
import type { JobRow } from '../mapper.ts';
import type { NewHistoryEntry } from '../repository.ts';
import * as repo from '../repository.ts';
import { capResultContent, describeResult } from '../result-content.ts';

/** What an agent reports about its jobs: acknowledgements, live output, results. */

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
/** What the report writer needs: the database, the bus for console events, a logger. */
export type JobReportStore = { db: Db; bus: Bus; log: Logger };
/** A connection's jobs side: the store and the server's one report writer (`app.jobReports`). */
export type AgentJobContext = JobReportStore & { jobReports: JobReportWriter };
export type AgentJobDevice = { id: number; organizationId: number };
type Send = (message: ServerMessage) => void;

/** Jobs whose ownership a connection has checked for output (bounded: oldest forgotten). */
const CHECKED_OUTPUT_JOBS = 256;

const lateResultEvent: Partial<Record<JobStatus, string>> = {
  CANCELLED: 'result after cancel',
  EXPIRED: 'result after expiry',
  COMPLETED: 'result again',
};

/**
 * An acknowledgement, a result, or a history note of the job's device: a live job went out to its
 * agent (`sent`), or the agent streams its output (`output`).
 */
type Report =
  | { kind: 'note'; deviceId: number; jobUid: string; event: 'sent' | 'output'; detail: string }
  | { kind: 'ack'; device: AgentJobDevice; send: Send; message: AgentJobAck }
  | { kind: 'result'; device: AgentJobDevice; send: Send; message: AgentJobResult };
type Pending = { report: Report; resolve: () => void; reject: (error: unknown) => void };

/** Reports written in one transaction at most (a fan-out of 10,000 jobs: 30,000 reports in about 15). */
const MAX_BATCH = 2000;

/**
 * `accepted` or `duplicate`: a job not started yet is IN_PROGRESS now; a cancelled one must not run.
 * A job whose result is in the same batch (`finishing`) is not written here: its result write sets
 * the start time too.
 */
const applyAcks = (
  acks: { report: AckReport; row: JobRow }[],
  history: NewHistoryEntry[],
  finishing: Set<string>,
  now: Date,
) => {
  const outcomes = acks.map(({ report, row }) => {
    const event = isTerminalJobStatus(row.status) ? `acknowledged after ${row.status}` : 'acknowledged';
    history.push({ jobId: row.id, event, detail: report.message.state });
    if (row.status !== 'START_REQUESTED') return { report, row, isChanged: false };
    // A job finishing in this batch takes its start time from its result.
    const startedAt = finishing.has(row.jobUid) ? row.startedAt : now;
    const started: JobRow = { ...row, status: 'IN_PROGRESS', startedAt, updatedAt: now };
    return { report, row: started, isChanged: true };
  });
  const startedIds = outcomes.filter((o) => o.isChanged && !finishing.has(o.row.jobUid)).map((o) => o.row.id);
  return { outcomes, startedIds };
};

/**
 * When the job started: as stored by its acknowledgement, else as its agent reports, else (acknowledged
 * in the same write) now. Never after it finished: the server's and the agent's clocks differ.
 */
const startTime = (row: JobRow, message: AgentJobResult, finishedAt: Date) => {
  const acknowledged = row.status === 'START_REQUESTED' ? null : new Date();
  const started = row.startedAt ?? (message.startedAt ? new Date(message.startedAt) : acknowledged);
  return started && started > finishedAt ? finishedAt : started;
};

/**
 * A result is stored only if the job has not finished yet; after a cancel (or expiry) won the race
 * it goes to the job's history, and a cancelled job keeps its output (status and result unchanged).
 */
const applyResults = (results: { report: ResultReport; row: JobRow }[], history: NewHistoryEntry[]) => {
  const stored: JobRow[] = [];
  const activities: NewActivity[] = [];
  const outcomes = results.map(({ report, row }) => {
    const { message } = report;
    const summary = describeResult(message);
    const late = lateResultEvent[row.status];
    if (late) {
      history.push({ jobId: row.id, event: late, detail: summary });
      // The cancel won, and its status stays; what the script printed until it was stopped is kept.
      if (row.status !== 'CANCELLED' || row.resultContent !== null || !message.resultContent)
        return { report, row, isChanged: false };
      const kept: JobRow = {
        ...row,
        resultContent: capResultContent(message.resultContent),
        updatedAt: new Date(),
      };
      stored.push(kept);
      return { report, row: kept, isChanged: true };
    }
    const finishedAt = new Date(message.finishedAt);
    const updated: JobRow = {
      ...row,
      status: message.status,
      jobResult: message.result,
      resultContent: capResultContent(message.resultContent),
      startedAt: startTime(row, message, finishedAt),
      finishedAt,
      updatedAt: new Date(),
    };
    stored.push(updated);
    history.push({ jobId: row.id, event: 'result', detail: summary });
    const outcome = message.result === 'SUCCESS' ? 'SUCCESS' : 'FAILURE';
    activities.push(jobActivity(updated, 'job.result', { outcome, detail: summary }));
    return { report, row: updated, isChanged: true };
  });
  return { outcomes, stored, activities };
};

type AckReport = Extract<Report, { kind: 'ack' }>;
type ResultReport = Extract<Report, { kind: 'result' }>;

/**
 * One transaction for a batch of reports (per job at most one ack, then at most one result: a script
 * that ends at once is acknowledged and finished in one write), then the answers. Four round trips
 * however many reports: BEGIN, the lock of their jobs, one statement with every change, COMMIT; a batch
 * of notes alone is one statement.
 */
const writeBatch = async (ctx: JobReportStore, reports: Report[]) => {
  const notes = reports.filter((r): r is NoteReport => r.kind === 'note');
  const acks = reports.filter((r): r is AckReport => r.kind === 'ack');
  const results = reports.filter((r): r is ResultReport => r.kind === 'result');
  if (acks.length === 0 && results.length === 0) return repo.insertNotes(ctx.db, notes);
  const { ackOutcomes, resultOutcomes, unknown, skippedReports } = await ctx.db.transaction(async (tx) => {
    const reported = [...acks, ...results];
    const locked = await repo.lockJobs(tx, [
      ...new Set([...notes.map((n) => n.jobUid), ...reported.map((r) => r.message.jobUid)]),
    ]);
    const byUid = new Map(locked.map((row) => [row.jobUid, row]));
    // Another device's job is not found, like a missing one.
    const rowOf = (jobUid: string, deviceId: number) => {
      const row = byUid.get(jobUid);
      return row?.deviceId === deviceId ? row : undefined;
    };
    const known = <R extends AckReport | ResultReport>(list: R[]) =>
      list.flatMap((report) => {
        const row = rowOf(report.message.jobUid, report.device.id);
        return row ? [{ report, row }] : [];
      });
    // A batch holds a job's notes only ahead of its acknowledgement and result (takeBatch): first.
    const history: NewHistoryEntry[] = notes.flatMap((note) => {
      const row = rowOf(note.jobUid, note.deviceId);
      return row ? [{ jobId: row.id, event: note.event, detail: note.detail }] : [];
    });
    const knownResults = known(results);
    const finishing = new Set(knownResults.map(({ row }) => row.jobUid));
    const now = new Date();
    const acked = applyAcks(known(acks), history, finishing, now);
    // A result follows its acknowledgement in this batch: it applies to the acknowledged row.
    const acknowledged = new Map(acked.outcomes.map(({ row }) => [row.jobUid, row]));
    const finished = applyResults(
      knownResults.map(({ report, row }) => ({ report, row: acknowledged.get(row.jobUid) ?? row })),
      history,
    );
    await repo.writeJobReports(tx, {
      startedIds: acked.startedIds,
      now,
      results: finished.stored,
      activities: finished.activities,
      history,
    });
    // What a backup job did to its repository is a fact even when a cancel won the race: applied once.
    const skippedReports = await applyBackupReports(
      tx,
      knownResults.map(({ report, row }) => ({ row, resultContent: report.message.resultContent })),
      now,
    );
    return {
      skippedReports,
      ackOutcomes: acked.outcomes,
      resultOutcomes: finished.outcomes,
      unknown: reported.filter((r) => !rowOf(r.message.jobUid, r.device.id)),
    };
  });

  for (const skipped of skippedReports) ctx.log.warn(skipped, 'a backup report was not applied');
  for (const { device, message } of unknown)
    ctx.log.warn(
      { deviceId: device.id, jobUid: message.jobUid },
      message.type === 'jobAck' ? 'ack of an unknown job' : 'result of an unknown job',
    );
  // Cancelled or expired before the agent took it: it must not run (or must stop).
  for (const { report, row } of ackOutcomes)
    if (report.message.state === 'accepted' && (row.status === 'CANCELLED' || row.status === 'EXPIRED'))
      report.send(cancelMessage(report.message.jobUid));
  // Confirmed even for an unknown job: there is nothing to keep it for.
  for (const { send, message } of results) send({ v: 1, type: 'jobResultStored', jobUid: message.jobUid });
  // One console event per job: its latest state (an acknowledged and finished job is just finished).
  const latest = new Map<string, JobRow>();
  for (const { row, isChanged } of [...ackOutcomes, ...resultOutcomes])
    if (isChanged) latest.set(row.jobUid, row);
  publishJobUpdates(ctx.bus, [...latest.values()]);
};

const jobUidOf = (report: Report) => (report.kind === 'note' ? report.jobUid : report.message.jobUid);

/**
 * The server's writer of agents' job reports, in batches (group commit): while one batch commits, the
 * next gathers, so a fan-out's results take a few transactions instead of one each, and a lone report is
 * written at once. One batch at a time, each job's reports in arrival order. A batch that fails is
 * written again report by report, so one bad report fails alone. One per server, decorated as
 * `app.jobReports` by the jobs plugin, so all its connections' reports share the batches.
 */
export const createReportWriter = (ctx: JobReportStore) => {
  const queue: Pending[] = [];
  let isRunning = false;

  /**
   * The oldest reports, up to MAX_BATCH, stopping before a report that would break a job's order in
   * the batch (per job: its notes, then at most one ack, then at most one result).
   */
  const takeBatch = () => {
    const acked = new Set<string>();
    const finished = new Set<string>();
    let n = 0;
    for (; n < queue.length && n < MAX_BATCH; n++) {
      const { report } = queue[n]!;
      const jobUid = jobUidOf(report);
      if (report.kind === 'note') {
        if (acked.has(jobUid) || finished.has(jobUid)) break;
        continue;
      }
      if (finished.has(jobUid) || (report.kind === 'ack' && acked.has(jobUid))) break;
      (report.kind === 'ack' ? acked : finished).add(jobUid);
    }
    return queue.splice(0, n);
  };

  const writeEach = async (batch: Pending[]) => {
    for (const pending of batch)
      await writeBatch(ctx, [pending.report]).then(pending.resolve, pending.reject);
  };

  const writeNext = async () => {
    const batch = takeBatch();
    try {
      await writeBatch(
        ctx,
        batch.map((p) => p.report),
      );
      for (const pending of batch) pending.resolve();
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      ctx.log.warn(
        { err: error, reports: batch.length, first: jobUidOf(batch[0]!.report) },
        'a batch of job reports failed; writing them one by one',
      );
      await writeEach(batch);
    }
  };

  const run = async () => {
    try {
      while (queue.length > 0) await writeNext();
    } finally {
      isRunning = false;
    }
  };

  return (report: Report) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ report, resolve, reject });
      if (isRunning) return;
      isRunning = true;
      // The reports that arrive in this turn of the event loop go in the first batch.
      setImmediate(() => void run());
    });
};

export type JobReportWriter = ReturnType<typeof createReportWriter>;

/** The agent's `jobAck`: a job not started yet is IN_PROGRESS now. Resolves once written and answered. */
export const onJobAck = (ctx: AgentJobContext, device: AgentJobDevice, send: Send, message: AgentJobAck) =>
  ctx.jobReports({ kind: 'ack', device, send, message });

/**
 * The agent's `jobResult`, stored unless the job has finished already (a cancel won the race: the
 * result goes to its history). Either way jobResultStored lets the agent forget it.
 */
export const onJobResult = (
  ctx: AgentJobContext,
  device: AgentJobDevice,
  send: Send,
  message: AgentJobResult,
) => ctx.jobReports({ kind: 'result', device, send, message });

type NoteReport = Extract<Report, { kind: 'note' }>;

/**
 * A history note of a device's job (`sent`: a live job went out to the connected agent; `output`: the
 * agent streams output), written with the next batch, so it keeps its place among the job's reports.
 */
export const recordJobNote = (ctx: AgentJobContext, note: Omit<NoteReport, 'kind'>) =>
  ctx
    .jobReports({ kind: 'note', ...note })
    .catch((error) =>
      ctx.log.error({ err: error, jobUid: note.jobUid, event: note.event }, 'could not record a job note'),
    );

/** Live output is relayed to consoles (job.output), not stored: the result holds the capped output. */
export const createOutputRelay = (ctx: AgentJobContext, device: AgentJobDevice) => {
  const checked = new Map<string, boolean>();

  const isOwnJob = async (jobUid: string) => {
    const known = checked.get(jobUid);
    if (known !== undefined) return known;
    const jobId = await repo.isDeviceJob(ctx.db, device.id, jobUid);
    if (checked.size >= CHECKED_OUTPUT_JOBS) checked.delete(checked.keys().next().value!);
    checked.set(jobUid, jobId !== undefined);
    // Through the report writer, so that it follows the job's acknowledgement in the history.
    if (jobId !== undefined)
      void recordJobNote(ctx, {
        deviceId: device.id,
        jobUid,
        event: 'output',
        detail: 'the device streams output',
      });
    return jobId !== undefined;
  };

  return async (message: AgentJobOutput) => {
    if (!(await isOwnJob(message.jobUid))) return;
    publishConsoleEvent(ctx.bus, {
      type: 'job.output',
      time: new Date().toISOString(),
      organizationId: device.organizationId,
      nodeId: device.id,
      jobUid: message.jobUid,
      seq: message.seq,
      stream: message.stream,
      data: message.data,
    });
  };
};
