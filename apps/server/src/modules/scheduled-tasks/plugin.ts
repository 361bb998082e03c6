import fp from 'fastify-plugin';
import { registerScriptUsageCheck } from '../scripts/usage.ts';
import { isScriptUsedByTasks } from './repository.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's scheduler of tasks (tests call `tick(now)` with the time they need). */
    scheduler: Scheduler;
  }
}

/** A library script a task runs cannot be deleted (the script library asks before it deletes one). */
const isScriptUsed = ({ db, scriptId }: Parameters<Parameters<typeof registerScriptUsageCheck>[0]>[0]) =>
  isScriptUsedByTasks(db, scriptId);
registerScriptUsageCheck(isScriptUsed);

/**
 * The scheduler of this server process: a tick when the server is ready (occurrences missed while no server
 * ran), then every SCHEDULER_INTERVAL_MS until the app closes.
 */
export const scheduledTasksPlugin = fp(async (app) => {
  const scheduler = createScheduler({
    db: app.db,
    bus: app.bus,
    log: app.log,
    jobExpirySeconds: app.config.jobExpirySeconds,
    missedGraceMinutes: app.config.schedulerMissedGraceMinutes,
  });
  app.decorate('scheduler', scheduler);
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
    await ticking; // finishes before the database closes
  });
});
