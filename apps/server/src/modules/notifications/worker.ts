import { notificationBackoffSeconds } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { deliveryErrorText, readFeedBatch as readEventFeedBatch } from '../../lib/event-feed.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { postJson, webhookSignature } from './http.ts';
import {
  type DeliveryEvent,
  emailMessage,
  type MessageContext,
  slackBody,
  teamsBody,
  webhookBody,
} from './messages.ts';
import * as repo from './repository.ts';
import type { DeliveryAlertSnapshot } from './schema.ts';

/**
 * The notification worker each server process runs. A tick does two things:
 *
 * 1. Reads the alert_events feed from the stored cursor (lib/event-feed.ts), holding the cursor's row lock
 *    (`FOR UPDATE SKIP LOCKED`: while one process reads the feed, the others leave it), and queues a delivery per event and
 *    channel the alert names with SEND (a RESET only with notify-on-reset; ACKNOWLEDGED sends nothing), all in
 *    the transaction that moves the cursor on. The (event, channel) pair is unique, so an event read twice
 *    queues nothing twice.
 * 2. Claims the PENDING deliveries that are due (a lease on each, `FOR UPDATE SKIP LOCKED`) and sends them
 *    outside any transaction; each attempt is recorded, a failure retried after the backoff until the
 *    attempts are spent (then FAILED). A process that dies mid-send leaves its lease to run out; the delivery
 *    is then tried again (at least once, never lost: a receiver tells repeats by X-RMM-Delivery).
 */

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type NotificationWorkerOptions = {
  db: Db;
  log: Logger;
  secretKey: Buffer;
  /** None: SMTP_URL is unset, and EMAIL deliveries fail with that reason. */
  mailer: Mailer | undefined;
  consoleUrl: string | undefined;
  timeoutMs: number;
  smtpTimeoutMs: number;
  maxAttempts: number;
  backoffFactor: number;
  feedGapSeconds: number;
};

const FEED_BATCH = 500;
/** Feed batches one tick reads before it sends; the rest waits for the next tick. */
const FEED_MAX_BATCHES = 20;
const SEND_BATCH = 10;
const SEND_MAX_BATCHES = 20;
const ERROR_TEXT_MAX = 1000;

/** The feed's changes that notify, as the delivery's event; ACKNOWLEDGED notifies nobody. */
const eventOfChange: Record<string, DeliveryEvent | undefined> = {
  RAISED: 'TRIGGERED',
  UPDATED: 'UPDATED',
  RESET: 'RESET',
};

const snapshotOf = (event: repo.FeedEvent): DeliveryAlertSnapshot => ({
  id: event.alertId,
  deviceId: event.deviceId,
  deviceName: event.deviceName,
  organizationName: event.organizationName,
  conditionName: event.conditionName,
  severity: event.severity,
  priority: event.priority,
  instance: event.instance,
  message: event.message,
  triggerTime: event.triggerTime.toISOString(),
  resetTime: event.resetTime?.toISOString() ?? null,
});

export const createNotificationWorker = (options: NotificationWorkerOptions) => {
  const { db, log } = options;
  const context: MessageContext = { consoleUrl: options.consoleUrl };
  /** A claim outlives any one attempt (three SMTP timeouts, or the HTTP timeout), with room to spare. */
  const leaseMs = Math.max(60_000, 3 * options.smtpTimeoutMs + 30_000, 2 * options.timeoutMs + 30_000);

  /** One batch of the feed; whether there may be more. */
  const readFeedBatch = async (now: Date) =>
    (await readEventFeedBatch(db, {
      name: repo.FEED_CURSOR,
      now,
      gapSeconds: options.feedGapSeconds,
      limit: FEED_BATCH,
      read: repo.readFeed,
      idOf: (event) => event.eventId,
      // Every event read, beyond a gap too: a delivery is unique per event and channel.
      handle: async (tx, events) => {
        const wanted = events.flatMap((event) => {
          const kind = eventOfChange[event.change];
          if (!kind || (kind === 'RESET' && !event.notifyOnReset)) return [];
          const channelIds = new Set(
            event.notifications.filter((n) => n.option === 'SEND').map((n) => n.channelId),
          );
          return [...channelIds].map((channelId) => ({ event, kind, channelId }));
        });
        const enabled = await repo.enabledChannelIds(tx, [...new Set(wanted.map((w) => w.channelId))]);
        const queued = await repo.insertDeliveries(
          tx,
          wanted
            .filter((w) => enabled.has(w.channelId))
            .map(({ event, kind, channelId }) => ({
              channelId,
              alertId: event.alertId,
              alertEventId: event.eventId,
              event: kind,
              alert: snapshotOf(event),
              nextAttemptAt: now,
            })),
        );
        return queued.length;
      },
    })) ?? { result: 0, more: false };

  /** Reads the feed as far as it goes (or FEED_MAX_BATCHES); the number of deliveries queued. */
  const readFeed = async (now: Date = new Date()) => {
    let queued = 0;
    for (let batch = 0; batch < FEED_MAX_BATCHES; batch++) {
      const result = await readFeedBatch(now);
      queued += result.result;
      if (!result.more) break;
    }
    return queued;
  };

  /** One attempt: undefined when delivered, else the error as text. Never throws. */
  const send = async (delivery: repo.ClaimedDelivery, sentAt: Date): Promise<string | undefined> => {
    const { channel } = delivery;
    const event = delivery.event as DeliveryEvent;
    if (!channel.enabled && event !== 'TEST') return 'Not sent: the channel is disabled.';
    try {
      if (channel.type === 'EMAIL') {
        if (!options.mailer)
          return 'Not sent: this server has no outgoing mail server (SMTP_URL is not set).';
        await options.mailer.send(
          emailMessage(event, delivery.alert, channel.config.recipients ?? [], context),
        );
        return undefined;
      }
      const url = channel.config.url ?? '';
      let body: string;
      const headers: Record<string, string> = {};
      if (channel.type === 'WEBHOOK') {
        body = JSON.stringify(webhookBody(event, delivery.alert, sentAt));
        const timestamp = String(Math.floor(sentAt.getTime() / 1000));
        headers['x-rmm-event'] = event;
        headers['x-rmm-delivery'] = String(delivery.id);
        headers['x-rmm-timestamp'] = timestamp;
        if (channel.secretEncrypted) {
          let secret: string;
          try {
            secret = decryptSecret(options.secretKey, channel.secretEncrypted);
          } catch {
            return "Not sent: the channel's secret cannot be read with this server's key (was SECRET_KEY changed?). Enter the secret again.";
          }
          headers['x-rmm-signature'] = webhookSignature(secret, timestamp, body);
        }
      } else if (channel.type === 'CHAT') {
        body = JSON.stringify(
          channel.config.format === 'TEAMS'
            ? teamsBody(event, delivery.alert, context)
            : slackBody(event, delivery.alert, context),
        );
      } else {
        return `Not sent: unknown channel type ${channel.type}.`;
      }
      const outcome = await postJson({ url, body, headers, timeoutMs: options.timeoutMs });
      return outcome.ok ? undefined : outcome.error.slice(0, ERROR_TEXT_MAX);
    } catch (error) {
      return deliveryErrorText(error);
    }
  };

  /** Sends a claimed delivery and stores the outcome. */
  const attempt = async (delivery: repo.ClaimedDelivery, now: Date) => {
    // The tick's time (tests give one), or the clock's when sending started later than the tick.
    const time = new Date(Math.max(now.getTime(), Date.now()));
    const error = await send(delivery, time);
    const attempts = delivery.attempts + 1;
    const isFinal = error === undefined || attempts >= options.maxAttempts || delivery.event === 'TEST';
    if (error !== undefined)
      log.warn(
        { deliveryId: delivery.id, channelId: delivery.channelId, attempt: attempts, error },
        'notification: not delivered',
      );
    await repo.recordAttempt(db, delivery.id, {
      status: error === undefined ? 'DELIVERED' : isFinal ? 'FAILED' : 'PENDING',
      attempt: { time: time.toISOString(), error: error ?? null },
      nextAttemptAt: isFinal
        ? null
        : new Date(time.getTime() + notificationBackoffSeconds(attempts) * 1000 * options.backoffFactor),
    });
  };

  /** Sends what is due at `now`; the number of attempts made. */
  const sendDue = async (now: Date = new Date()) => {
    let attempted = 0;
    for (let batch = 0; batch < SEND_MAX_BATCHES; batch++) {
      const claimed = await repo.claimDueDeliveries(db, {
        now,
        leaseUntil: new Date(now.getTime() + leaseMs),
        limit: SEND_BATCH,
      });
      await Promise.all(
        claimed.map((delivery) =>
          attempt(delivery, now).catch((error) =>
            log.error({ err: error, deliveryId: delivery.id }, 'notification: storing the outcome failed'),
          ),
        ),
      );
      attempted += claimed.length;
      if (claimed.length < SEND_BATCH) break;
    }
    return attempted;
  };

  /** Reads the feed, then sends what is due (tests give the time they need). */
  const tick = async (now: Date = new Date()) => {
    const queued = await readFeed(now);
    const attempted = await sendDue(now);
    return { queued, attempted };
  };

  let running: Promise<void> | undefined;
  let again = false;
  /**
   * A tick in the background now (a test message was queued, an alert changed), or right after the one
   * running; never two at once on this process.
   */
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
          log.error({ err: error }, 'notifications: a tick failed');
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
    /** Resolves once the background ticks have ended. */
    idle: async () => {
      while (running) await running;
    },
    leaseMs,
    close: () => options.mailer?.close(),
  };
};

export type NotificationWorker = ReturnType<typeof createNotificationWorker>;
