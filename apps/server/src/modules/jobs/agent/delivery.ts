import type { ServerJob, ServerJobCancel, ServerMessage } from '@rmm/domain';
import { cancelMessage, jobMessage, publishJobUpdates } from '../dispatch.ts';
import { EXPIRE_BATCH, expireQueuedJobs } from '../expire.ts';
import * as repo from '../repository.ts';
import { type AgentJobContext, type AgentJobDevice, recordJobNote } from './reports.ts';

/** Job messages that reach a connection through the bus. */
export type JobBusMessage = ServerJob | ServerJobCancel;

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
  ctx: AgentJobContext,
  device: AgentJobDevice,
  send: (message: ServerMessage) => void,
) => {
  const sentJobs = new Set<string>();
  const held: JobBusMessage[] = [];
  let isQueueSent = false;

  const sendJob = (message: ServerJob) => {
    const { jobUid } = message.job;
    if (sentJobs.has(jobUid)) return false;
    if (sentJobs.size >= REMEMBERED_SENT_JOBS) sentJobs.delete(sentJobs.values().next().value!);
    sentJobs.add(jobUid);
    send(message);
    return true;
  };

  const sendLive = (message: JobBusMessage) => {
    if (message.type === 'jobCancel') return send(message);
    if (!sendJob(message)) return;
    const { jobUid } = message.job;
    void recordJobNote(ctx, { deviceId: device.id, jobUid, event: 'sent', detail: 'to the connected agent' });
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
      const sent = rows.filter(isDue).filter((row) => {
        const isSent = sendJob(jobMessage(row));
        if (row.status === 'CANCEL_REQUESTED') send(cancelMessage(row.jobUid));
        return isSent;
      });
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
