import fp from 'fastify-plugin';
import { createBlobStore } from '../../lib/blob-store.ts';
import { extractUrlKey } from './extract-url.ts';
import { type Extracts, sweepExtracts } from './extracts.ts';
import { type CloudPrune, createCloudPrune } from './prune.ts';
import { createS3Store } from './s3-store.ts';
import { type BackupScheduler, createBackupScheduler } from './scheduler.ts';
import { createFilesystemStore, migrateFlatLayout, type RepositoryStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's backup store (CLOUD repositories). */
    backupStore: RepositoryStore;
    /** This process's backup scheduler (tests call `tick(now)` with the time they need). */
    backupScheduler: BackupScheduler;
    /** The prune of the cloud repositories (tests call `run(now)`). */
    backupPrune: CloudPrune;
    /** The zips of EXTRACT restores (tests call `sweep(now)`). */
    backupExtracts: Extracts;
  }
}

/**
 * The backup store (BACKUP_S3_BUCKET's bucket, else the folder BACKUP_STORE_DIR); the backup scheduler of this server process (a tick when the server is ready, then every
 * SCHEDULER_INTERVAL_MS, the scheduled tasks' interval); the prune of the cloud repositories every
 * BACKUP_PRUNE_INTERVAL_MS; the zips of EXTRACT restores (BACKUP_EXTRACT_DIR), swept every
 * BACKUP_EXTRACT_SWEEP_INTERVAL_MS once older than BACKUP_EXTRACT_HOURS.
 */
export const backupPlugin = fp(async (app) => {
  const { backupS3, backupStoreDir } = app.config;
  if (backupS3) {
    const store = createS3Store(backupS3, app.log);
    app.decorate('backupStore', store);
    app.addHook('onClose', async () => store.close());
  } else {
    // A folder store written before the engine's layout was shared: its flat files move once, before any request.
    const moved = await migrateFlatLayout(backupStoreDir);
    if (moved > 0) app.log.info({ moved }, 'backup store: files moved to the repository layout');
    app.decorate('backupStore', createFilesystemStore(backupStoreDir));
  }
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
  const extractStore = createBlobStore(app.config.backupExtractDir);
  const extracts: Extracts = {
    store: extractStore,
    urlKey: extractUrlKey(app.secretKey),
    maxBytes: app.config.backupExtractMaxBytes,
    keepHours: app.config.backupExtractHours,
    sweep: (now) => sweepExtracts(extractStore, app.config.backupExtractHours, now),
  };
  app.decorate('backupExtracts', extracts);
  let extractTimer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
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
    extractTimer = setInterval(() => {
      sweeping ??= extracts
        .sweep()
        .catch((error: unknown) => app.log.error({ err: error }, 'backup extract sweep failed'))
        .finally(() => {
          sweeping = undefined;
        });
    }, app.config.backupExtractSweepIntervalMs);
    extractTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(pruneTimer);
    clearInterval(extractTimer);
    await ticking;
    await pruning;
    await sweeping;
  });
});
