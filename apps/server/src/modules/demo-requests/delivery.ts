import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { demoRequestMessage } from './message.ts';
import * as repo from './repository.ts';

/**
 * Mailing demo requests. A request is stored first (PENDING, claimed by the process that stored it) and
 * mailed after the commit, outside the request; a failure is stored (FAILED with the error) and retried by
 * the sweep every DEMO_REQUEST_MAIL_SWEEP_INTERVAL_MS until it is sent or its attempts are spent. So an SMTP
 * server that is down loses no request, and a process that dies mid-send leaves its claim to run out.
 */

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type DemoRequestDeliveryOptions = {
  db: Db;
  log: Logger;
  /** None: SMTP_URL is unset, nothing is sent (PENDING requests wait for a server that has one). */
  mailer: Mailer | undefined;
  /** DEMO_REQUEST_EMAIL; none: requests are not mailed at all. */
  to: string | undefined;
  consoleUrl: string | undefined;
  retryIntervalMs: number;
  maxAttempts: number;
};

/** A claim outlives any one attempt (three SMTP timeouts at most): then another sweep may try again. */
const CLAIM_LEASE_MS = 10 * 60_000;
const SWEEP_BATCH = 20;
/** Batches one sweep works through before leaving the rest to the next one. */
const SWEEP_MAX_BATCHES = 10;
const ERROR_TEXT_MAX = 1000;

/** The SMTP server's answer when there is one (`550 …`), else the connection error. */
const errorText = (error: unknown) => {
  const { message, response } = error as { message?: string; response?: string };
  const text = response && !message?.includes(response) ? `${message}: ${response}` : message;
  return (text || String(error)).slice(0, ERROR_TEXT_MAX);
};

export const createDemoRequestDelivery = (options: DemoRequestDeliveryOptions) => {
  const { db, log, mailer, to, maxAttempts } = options;
  const inFlight = new Set<Promise<void>>();

  /** Whether new requests are to be mailed (a destination is configured). */
  const isWanted = to !== undefined;
  /** Whether this process can mail them now. */
  const canSend = isWanted && mailer !== undefined;

  /** One attempt at a claimed request; its outcome is stored, never thrown. */
  const attempt = async (row: repo.DemoRequestRow, now: Date) => {
    if (!mailer || !to) return;
    try {
      await mailer.send(demoRequestMessage(row, { to, consoleUrl: options.consoleUrl }));
      await repo.markDelivered(db, row.id, new Date());
    } catch (error) {
      const isLast = row.deliveryAttempts + 1 >= maxAttempts;
      const retryAt = isLast ? null : new Date(now.getTime() + options.retryIntervalMs);
      log.warn(
        { err: error, demoRequestId: row.id, attempt: row.deliveryAttempts + 1 },
        'demo request: mail not sent',
      );
      await repo.markFailed(db, row.id, { error: errorText(error), retryAt });
    }
  };

  const track = (work: Promise<void>) => {
    const running = work
      .catch((error) => log.error({ err: error }, 'demo request: storing the mail outcome failed'))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };

  return {
    isWanted,
    canSend,
    /** The claim a new request is stored with: held by this process when it will send it at once. */
    initialClaim: (now: Date) =>
      isWanted
        ? {
            deliveryStatus: 'PENDING' as const,
            nextAttemptAt: canSend ? new Date(now.getTime() + CLAIM_LEASE_MS) : now,
          }
        : { deliveryStatus: null, nextAttemptAt: null },
    /** Mails a request just stored (and claimed by `initialClaim`), in the background. */
    start: (row: repo.DemoRequestRow) => {
      if (canSend && row.deliveryStatus === 'PENDING') track(attempt(row, row.createdAt));
    },
    /** Mails every request due at `now` (tests pass the time they need); the number attempted. */
    sweep: async (now = new Date()) => {
      if (!canSend) return 0;
      let attempted = 0;
      for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch++) {
        const claimed = await repo.claimDueDeliveries(db, {
          now,
          leaseUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
          maxAttempts,
          limit: SWEEP_BATCH,
        });
        for (const row of claimed) await attempt(row, now);
        attempted += claimed.length;
        if (claimed.length < SWEEP_BATCH) break;
      }
      return attempted;
    },
    /** Resolves once every mail started in the background has its outcome stored. */
    idle: async () => {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () => mailer?.close(),
  };
};

export type DemoRequestDelivery = ReturnType<typeof createDemoRequestDelivery>;
