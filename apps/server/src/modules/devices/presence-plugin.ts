import fp from 'fastify-plugin';
import { publishStatusChanges } from './events.ts';
import { createPresenceTracker, type PresenceTracker } from './presence.ts';
import { createStatusSweeper } from './status-sweeper.ts';

/** Decorates `app.presence` and runs the batch flush and the status sweeper until the app closes. */
export const presencePlugin = fp(async (app) => {
  const { config } = app;
  const onStatusChanges = (changes: Parameters<typeof publishStatusChanges>[1]) =>
    publishStatusChanges(app.bus, changes);
  const presence = createPresenceTracker({
    db: app.db,
    thresholds: {
      cpuPercent: config.cpuWarningPercent,
      memoryPercent: config.memoryWarningPercent,
      diskPercent: config.diskWarningPercent,
    },
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
  }
}
