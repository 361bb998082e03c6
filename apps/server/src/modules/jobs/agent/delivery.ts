import type { ServerJob, ServerJobCancel, ServerMessage } from '@rmm/domain';
import { isBackupEngineJob, resolveBackupJob } from '../../backup/agent-job.ts';
import { cancelMessage, jobMessage, publishJobUpdates } from '../dispatch.ts';
import { EXPIRE_BATCH, expireQueuedJobs } from '../expire.ts';
import * as repo from '../repository.ts';
import { type AgentJobContext, type AgentJobDevice, onJobResult, recordJobNote } from './reports.ts';
import { needsRunAs, resolveAgentRunAs } from './run-as.ts';

/** Jobs whose message needs a lookup before it goes out: a run-as account, or a backup's plan and keys. */
const needsLookup = (job: ServerJob['job']) => needsRunAs(job) || isBackupEngineJob(job);

/** Job messages that reach a connection through the bus. */
export type JobBusMessage = ServerJob | ServerJobCancel;
/** The key that decrypts run-as credentials, for the job messages this process writes to its agents. */
export type AgentDeliveryContext = AgentJobContext & { secretKey: Buffer };

const RESEND_PAGE = 500;
/** Job messages held per connection until its queue has gone out (the rest stay in the database). */
const MAX_HELD = 10_000;
const REMEMBERED_SENT_JOBS = 10_000;

/**
 * How one connection's agent gets its jobs: on hello its queue (unfinished jobs in creation order;
 * expired ones are not sent but marked EXPIRED), then live ones from the bus. Each job goes out once per
 * connection; live ones that arrive while the queue is going out wait for it, so order is kept.
 */
export const createJobDelivery = (
  ctx: AgentDeliveryContext,
  device: AgentJobDevice,
  send: (message: ServerMessage) => void,
) => {
  const sentJobs = new Set<string>();
  const held: JobBusMessage[] = [];
  let isQueueSent = false;
  // Live messages go out in arrival order: one waiting for its run-as holds back those behind it.
  let tail: Promise<void> = Promise.resolve();
  let waiting = 0;

  const markSent = (jobUid: string) => {
    if (sentJobs.has(jobUid)) return false;
    if (sentJobs.size >= REMEMBERED_SENT_JOBS) sentJobs.delete(sentJobs.values().next().value!);
    sentJobs.add(jobUid);
    return true;
  };

  /** A run-as that can no longer be honoured (its credential is gone) fails the job; it is not run as system. */
  const failJob = (jobUid: string, errorMessage: string) =>
    onJobResult(ctx, device, () => {}, {
      v: 1,
      type: 'jobResult',
      deviceId: device.id,
      jobUid,
      status: 'COMPLETED',
      result: 'FAILURE',
      resultContent: { exitCode: null, stdout: '', stderr: '', truncated: false, errorMessage },
      finishedAt: new Date().toISOString(),
    });

  /**
   * Sends the job with its run-as and its backup part resolved (passwords and keys only in this message);
   * false if it failed instead.
   */
  const deliver = async (message: ServerJob) => {
    const resolution = await resolveAgentRunAs(ctx.db, ctx.secretKey, device.organizationId, message.job);
    if ('failure' in resolution) {
      await failJob(message.job.jobUid, resolution.failure);
      return false;
    }
    const backup = isBackupEngineJob(message.job)
      ? await resolveBackupJob(ctx.db, ctx.secretKey, device, message.job)
      : undefined;
    if (backup && 'failure' in backup) {
      await failJob(message.job.jobUid, backup.failure);
      return false;
    }
    const job = {
      ...message.job,
      ...(resolution.runAs ? { runAs: resolution.runAs } : {}),
      ...(backup ? { backup: backup.backup } : {}),
    };
    send(resolution.runAs || backup ? { ...message, job } : message);
    return true;
  };

  const inOrder = (step: () => void | Promise<void>, isAsync: boolean) => {
    if (waiting === 0 && !isAsync) return void step();
    waiting += 1;
    tail = tail
      .then(step)
      .catch((error: unknown) => ctx.log.error({ err: error, deviceId: device.id }, 'could not send a job'))
      .finally(() => {
        waiting -= 1;
      });
  };

  const noteSent = (jobUid: string) =>
    void recordJobNote(ctx, { deviceId: device.id, jobUid, event: 'sent', detail: 'to the connected agent' });

  const sendLive = (message: JobBusMessage) => {
    if (message.type === 'jobCancel') return inOrder(() => send(message), false);
    const { jobUid } = message.job;
    if (!markSent(jobUid)) return;
    if (!needsLookup(message.job))
      return inOrder(() => {
        send(message);
        noteSent(jobUid);
      }, false);
    inOrder(async () => {
      if (await deliver(message)) noteSent(jobUid);
    }, true);
  };

  const expireQueue = async (now: Date) => {
    for (;;) {
      const expired = await expireQueuedJobs(ctx.db, now, device.id);
      publishJobUpdates(ctx.bus, expired);
      if (expired.length < EXPIRE_BATCH) return;
    }
  };

  /** Sends the queue in order; answers whether it met queued jobs past their expiry (not sent). */
  const sendQueue = async (now: Date) => {
    let hasExpired = false;
    for (let afterId = 0; ; ) {
      const rows = await repo.findUnfinishedJobs(ctx.db, device.id, afterId, RESEND_PAGE);
      const isDue = (row: (typeof rows)[number]) => row.status !== 'START_REQUESTED' || row.expiresAt > now;
      if (!rows.every(isDue)) hasExpired = true;
      const sent = [];
      for (const row of rows.filter(isDue)) {
        const message = jobMessage(row);
        let isSent = markSent(row.jobUid);
        if (isSent && needsLookup(message.job)) isSent = await deliver(message);
        else if (isSent) send(message);
        if (row.status === 'CANCEL_REQUESTED') send(cancelMessage(row.jobUid));
        if (isSent) sent.push(row);
      }
      await repo.insertHistory(
        ctx.db,
        sent.map((row) => ({ jobId: row.id, event: 'sent', detail: 'after the agent connected' })),
      );
      if (rows.length < RESEND_PAGE) return hasExpired;
      afterId = rows.at(-1)!.id;
    }
  };

  return {
    /** Job messages from the bus. */
    forward: (message: JobBusMessage) => {
      if (isQueueSent) return sendLive(message);
      // Past this, the rest wait in the database for the next connection.
      if (held.length < MAX_HELD) held.push(message);
    },
    /** After hello. */
    sendUnfinished: async () => {
      try {
        // A reconnect with an empty queue costs one query; expired jobs are never sent, and are
        // marked EXPIRED (with their activity) only when the queue had some.
        const now = new Date();
        if (await sendQueue(now)) await expireQueue(now);
      } finally {
        isQueueSent = true;
        for (const message of held.splice(0)) sendLive(message);
      }
    },
  };
};
