import { isManualPsaSync } from '@rmm/domain';
import { and, eq, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { psaConnections } from '../../db/schema.ts';
import { getFeatureFlags } from '../settings/service.ts';
import { createPsaCache, type PsaCache } from './cache.ts';
import { CONNECTION_KEY } from './connection-service.ts';
import { startSync } from './sync.ts';

export type PsaRuntime = {
  cache: PsaCache;
  /** Starts a sync (409 when one runs or there is no connection); the run answers at once, `done` at its end. */
  sync: (options: {
    trigger: 'SCHEDULE' | 'MANUAL';
    startedBy: string | null;
  }) => ReturnType<typeof startSync>;
  /** The scheduled sync, when due (tests call it with their own time). */
  tick: (now?: Date) => Promise<void>;
  /** Resolves when the syncs this process started have ended. */
  idle: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The PSA integration of this process (issue 22): its cache of ConnectWise reads and its syncs. */
    psa: PsaRuntime;
  }
}

/**
 * The PSA integration's state in this server process: the cache, and the scheduled sync checked every
 * PSA_SYNC_CHECK_INTERVAL_MS. A process claims a due sync by moving `next_sync_at` on (so only one runs it);
 * closing the app waits for a sync on its way.
 */
export const psaPlugin = fp(async (app) => {
  const cache = createPsaCache(app.config.psaCacheSeconds * 1000);
  const running = new Set<Promise<void>>();
  const deps = { db: app.db, secretKey: app.secretKey, config: app.config, log: app.log };

  const sync: PsaRuntime['sync'] = async (options) => {
    const started = await startSync(deps, options);
    running.add(started.done);
    void started.done.finally(() => running.delete(started.done));
    return started;
  };

  const tick = async (now = new Date()) => {
    if (!(await getFeatureFlags(app.db)).psa_connectwise) return;
    const [row] = await app.db.select().from(psaConnections).where(eq(psaConnections.key, CONNECTION_KEY));
    if (!row?.nextSyncAt || row.nextSyncAt > now || isManualPsaSync(row.syncIntervalSeconds)) return;
    const claimed = await app.db
      .update(psaConnections)
      .set({ nextSyncAt: new Date(now.getTime() + row.syncIntervalSeconds * 1000) })
      .where(and(eq(psaConnections.key, CONNECTION_KEY), lte(psaConnections.nextSyncAt, now)))
      .returning({ key: psaConnections.key });
    if (claimed.length === 0) return;
    try {
      await sync({ trigger: 'SCHEDULE', startedBy: null });
    } catch (error) {
      // One running already (a manual one): this turn is skipped.
      app.log.info({ err: error }, 'scheduled PSA sync not started');
    }
  };

  const idle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  app.decorate('psa', { cache, sync, tick, idle });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      tick().catch((error: unknown) => app.log.error({ err: error }, 'PSA sync check failed'));
    }, app.config.psaSyncCheckIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await idle();
  });
});
