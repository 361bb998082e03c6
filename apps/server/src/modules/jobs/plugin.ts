import fp from 'fastify-plugin';
import { createJobSweeper } from './sweeper.ts';

/** Runs the job expiry sweeper every JOB_EXPIRY_SWEEP_INTERVAL_MS until the app closes. */
export const jobsPlugin = fp(async (app) => {
  const sweeper = createJobSweeper({
    db: app.db,
    bus: app.bus,
    idempotencyKeyTtlHours: app.config.idempotencyKeyTtlHours,
    log: app.log,
  });
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= sweeper.safeSweep().finally(() => {
      sweeping = undefined;
    });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, app.config.jobExpirySweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping; // finishes before the database closes
  });
});
