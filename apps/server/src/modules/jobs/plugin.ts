import fp from 'fastify-plugin';
import { createReportWriter, type JobReportWriter } from './agent/reports.ts';
import { createJobSweeper } from './sweeper.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The writer of agents' job reports, shared by every agent connection of this process. */
    jobReports: JobReportWriter;
  }
}

/**
 * The server's writer of agents' job reports (`app.jobReports`, shared by every agent connection), and
 * the job expiry sweeper, run every JOB_EXPIRY_SWEEP_INTERVAL_MS until the app closes.
 */
export const jobsPlugin = fp(async (app) => {
  app.decorate('jobReports', createReportWriter({ db: app.db, bus: app.bus, log: app.log }));
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
