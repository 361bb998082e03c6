import fp from 'fastify-plugin';
import { publishStatusChanges } from './events.ts';
import { createPresenceTracker, type PresenceTracker } from './presence.ts';
import type { StatusChange } from './presence-repository.ts';
import { createStatusSweeper } from './status-sweeper.ts';

export type StatusListener = (changes: StatusChange[]) => void;

/**
 * Decorates `app.presence` and runs the batch flush and the status sweeper until the app closes. Other parts
 * (the monitoring engine: DEVICE_DOWN) hear of the status changes this process decides through
 * `app.deviceStatusListeners`.
 */
export const presencePlugin = fp(async (app) => {
  const { config } = app;
  const listeners: StatusListener[] = [];
  const onStatusChanges = (changes: StatusChange[]) => {
    publishStatusChanges(app.bus, changes);
    for (const listener of listeners) listener(changes);
  };
  app.decorate('deviceStatusListeners', listeners);
  const presence = createPresenceTracker({
    db: app.db,
    offlineThresholdSeconds: config.offlineThresholdSeconds,
    sampleSeconds: config.metricSampleSeconds,
    onStatusChanges,
    log: app.log,
  });
  const sweeper = createStatusSweeper({
    db: app.db,
    offlineThresholdSeconds: config.offlineThresholdSeconds,
    metricRetentionDays: config.metricRetentionDays,
    onStatusChanges,
    log: app.log,
  });
  app.decorate('presence', presence);

  let timers: NodeJS.Timeout[] = [];
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    // Flush first: a heartbeat this process holds must reach the table before DOWN is decided.
    sweeping ??= presence
      .flush()
      .then(sweeper.safeSweep)
      .finally(() => {
        sweeping = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timers = [
      setInterval(() => void presence.flushIfIdle(), config.presenceFlushIntervalMs),
      setInterval(sweep, config.statusSweepIntervalMs),
    ];
    for (const timer of timers) timer.unref();
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    // A sweep under way finishes before the database closes; what agents said last is still written.
    await sweeping;
    await presence.flush();
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceTracker;
    /** Called with the status changes this process wrote (a flush's, a sweep's). */
    deviceStatusListeners: StatusListener[];
  }
}
