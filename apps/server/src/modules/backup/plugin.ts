import fp from 'fastify-plugin';
import { type CloudPrune, createCloudPrune } from './prune.ts';
import { type BackupScheduler, createBackupScheduler } from './scheduler.ts';
import { createFilesystemStore, type RepositoryStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's backup store (CLOUD repositories). */
    backupStore: RepositoryStore;
    /** This process's backup scheduler (tests call `tick(now)` with the time they need). */
    backupScheduler: BackupScheduler;
    /** The prune of the cloud repositories (tests call `run(now)`). */
    backupPrune: CloudPrune;
  }
}

/**
 * The backup store; the backup scheduler of this server process (a tick when the server is ready, then every
 * SCHEDULER_INTERVAL_MS, the scheduled tasks' interval); the prune of the cloud repositories every
 * BACKUP_PRUNE_INTERVAL_MS.
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
  const cloudPrune = createCloudPrune({
    db: app.db,
    store: app.backupStore,
    secretKey: app.secretKey,
    log: app.log,
  });
  app.decorate('backupPrune', cloudPrune);
  let timer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> | undefined;
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
    pruneTimer = setInterval(() => {
      pruning ??= cloudPrune.run().finally(() => {
        pruning = undefined;
      });
    }, app.config.backupPruneIntervalMs);
    pruneTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(pruneTimer);
    await ticking;
    await pruning;
  });
});
