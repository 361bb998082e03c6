import fp from 'fastify-plugin';
import { type BackupScheduler, createBackupScheduler } from './scheduler.ts';
import { createFilesystemStore, type RepositoryStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's backup store (CLOUD repositories). */
    backupStore: RepositoryStore;
    /** This process's backup scheduler (tests call `tick(now)` with the time they need). */
    backupScheduler: BackupScheduler;
  }
}

/**
 * The backup store, and the backup scheduler of this server process: a tick when the server is ready, then
 * every SCHEDULER_INTERVAL_MS (the scheduled tasks' interval) until the app closes.
 */
export const backupPlugin = fp(async (app) => {
  app.decorate('backupStore', createFilesystemStore(app.config.backupStoreDir));
  const scheduler = createBackupScheduler({
    db: app.db,
    bus: app.bus,
    log: app.log,
    jobExpirySeconds: app.config.jobExpirySeconds,
    missedGraceMinutes: app.config.schedulerMissedGraceMinutes,
  });
  app.decorate('backupScheduler', scheduler);
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const tick = () => {
    ticking ??= scheduler.safeTick().finally(() => {
      ticking = undefined;
    });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, app.config.schedulerIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await ticking;
  });
});
