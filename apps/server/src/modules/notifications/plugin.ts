import fp from 'fastify-plugin';
import { ALL_CONSOLE_EVENTS } from '../../bus/subjects.ts';
import { mailerFromConfig } from '../../lib/mailer.ts';
import { createNotificationWorker, type NotificationWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's notification worker (tests call `tick(now)`, `readFeed`, `sendDue` and `idle()`). */
    notifications: NotificationWorker;
  }
}

/**
 * The notification worker of this server process: a tick when the server is ready (what an earlier process
 * left due), then every NOTIFICATION_INTERVAL_MS, and at once when an alert changes (its console event) or a
 * test message is queued. Closing the app waits for the tick on its way.
 */
export const notificationsPlugin = fp(async (app) => {
  const { config } = app;
  const worker = createNotificationWorker({
    db: app.db,
    log: app.log,
    secretKey: app.secretKey,
    mailer: mailerFromConfig(config),
    consoleUrl: config.publicUrl,
    timeoutMs: config.notificationTimeoutMs,
    smtpTimeoutMs: config.smtpTimeoutMs,
    maxAttempts: config.notificationMaxAttempts,
    backoffFactor: config.notificationBackoffFactor,
    feedGapSeconds: config.notificationFeedGapSeconds,
  });
  app.decorate('notifications', worker);
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    worker.kick();
    timer = setInterval(worker.kick, config.notificationIntervalMs);
    timer.unref();
    // The alert engine commits the alert and its feed event together, then publishes the console event.
    unsubscribe = app.bus.subscribe(ALL_CONSOLE_EVENTS, (message) => {
      const event = message as { type?: unknown; change?: unknown } | null;
      if (event?.type === 'alert.changed' && event.change !== 'ACKNOWLEDGED') worker.kick();
    });
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe?.();
    await worker.idle();
    worker.close();
  });
});
