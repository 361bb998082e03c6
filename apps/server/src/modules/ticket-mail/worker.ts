import { notificationBackoffSeconds } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { deliveryErrorText, readFeedBatch as readEventFeedBatch } from '../../lib/event-feed.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { TicketMailConfig } from './config.ts';
import { queueMails } from './outbound.ts';
import * as repo from './repository.ts';

/**
 * The ticket mail worker each server process runs, as the notification worker does (notifications/worker.ts):
 *
 * 1. Reads the ticket log from its cursor in `event_feed_cursors` (lib/event-feed.ts: the row locked, SKIP
 *    LOCKED, one process at a time) and
 *    queues a mail per entry that mails someone (outbound.ts), in the transaction that moves the cursor on. The
 *    log entry is written in the change's own transaction, so a committed change is never missed, and the
 *    outbox row is unique per entry, so an entry read twice queues nothing twice.
 * 2. Claims the PENDING mails that are due (a lease each) and sends them outside any transaction; a failure is
 *    tried again after the backoff until TICKET_MAIL_MAX_ATTEMPTS (then FAILED).
 *
 * Without SMTP_URL it still moves the cursor and queues nothing: comments made meanwhile are never mailed later.
 */

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type TicketMailWorkerOptions = {
  db: Db;
  log: Logger;
  mailer: Mailer | undefined;
  config: Pick<TicketMailConfig, 'maxAttempts' | 'backoffFactor' | 'feedGapSeconds'>;
  smtpTimeoutMs: number;
};

const FEED_BATCH = 200;
const FEED_MAX_BATCHES = 20;
const SEND_BATCH = 10;
const SEND_MAX_BATCHES = 20;

export const createTicketMailWorker = (options: TicketMailWorkerOptions) => {
  const { db, log, mailer, config } = options;
  const leaseMs = Math.max(60_000, 3 * options.smtpTimeoutMs + 30_000);

  /**
   * One batch of the ticket log from the worker's cursor (lib/event-feed.ts: its row lock and the gap rules):
   * only the entries the cursor passed are queued; those after a gap once it is passed.
   */
  const readFeedBatch = async (now: Date) =>
    (await readEventFeedBatch(db, {
      name: repo.FEED_CURSOR,
      now,
      gapSeconds: config.feedGapSeconds,
      limit: FEED_BATCH,
      startAt: repo.logEnd,
      read: repo.readLog,
      idOf: (row) => row.id,
      handle: async (tx, rows, passed) => {
        const handled = rows.filter((row) => row.id <= passed);
        return mailer ? queueMails(tx, handled, now) : 0;
      },
    })) ?? { result: 0, more: false };

  /** Reads the log as far as it goes (or FEED_MAX_BATCHES); the number of mails queued. */
  const readFeed = async (now: Date = new Date()) => {
    let queued = 0;
    for (let batch = 0; batch < FEED_MAX_BATCHES; batch++) {
      const result = await readFeedBatch(now);
      queued += result.result;
      if (!result.more) break;
    }
    return queued;
  };

  const attempt = async (row: repo.OutboxRow, now: Date) => {
    const time = new Date(Math.max(now.getTime(), Date.now()));
    let error: string | undefined;
    try {
      if (!mailer)
        throw new Error('Not sent: this server has no outgoing mail server (SMTP_URL is not set).');
      await mailer.send({
        to: row.to,
        cc: row.cc,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.body,
        messageId: `<${row.messageId}>`,
        ...(row.inReplyTo ? { inReplyTo: `<${row.inReplyTo}>` } : {}),
        references: row.references.map((id) => `<${id}>`),
        // Out-of-office answers stay away (RFC 3834; Exchange's own header).
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      });
    } catch (failure) {
      error = deliveryErrorText(failure);
    }
    const attempts = row.attempts + 1;
    const isFinal = error === undefined || attempts >= config.maxAttempts;
    if (error !== undefined)
      log.warn(
        { ticketMailId: row.id, ticketId: row.ticketId, attempt: attempts, error },
        'ticket mail: not sent',
      );
    await repo.recordAttempt(db, row.id, {
      status: error === undefined ? 'SENT' : isFinal ? 'FAILED' : 'PENDING',
      attempt: { time: time.toISOString(), error: error ?? null },
      nextAttemptAt: isFinal
        ? null
        : new Date(time.getTime() + notificationBackoffSeconds(attempts) * 1000 * config.backoffFactor),
    });
  };

  /** Sends what is due at `now`; the number of attempts made. */
  const sendDue = async (now: Date = new Date()) => {
    let attempted = 0;
    for (let batch = 0; batch < SEND_MAX_BATCHES; batch++) {
      const claimed = await repo.claimDue(db, {
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: SEND_BATCH,
      });
      await Promise.all(
        claimed.map((row) =>
          attempt(row, now).catch((error) =>
            log.error({ err: error, ticketMailId: row.id }, 'ticket mail: storing the outcome failed'),
          ),
        ),
      );
      attempted += claimed.length;
      if (claimed.length < SEND_BATCH) break;
    }
    return attempted;
  };

  const tick = async (now: Date = new Date()) => {
    const queued = await readFeed(now);
    const attempted = await sendDue(now);
    return { queued, attempted };
  };

  let running: Promise<void> | undefined;
  let again = false;
  /** A tick in the background now, or right after the one running; never two at once in this process. */
  const kick = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await tick();
        } catch (error) {
          log.error({ err: error }, 'ticket mail: a tick failed');
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
  };

  return {
    tick,
    readFeed,
    sendDue,
    kick,
    idle: async () => {
      while (running) await running;
    },
    close: () => mailer?.close(),
  };
};

export type TicketMailWorker = ReturnType<typeof createTicketMailWorker>;
