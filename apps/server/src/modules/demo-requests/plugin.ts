import fp from 'fastify-plugin';
import { mailerFromConfig } from '../../lib/mailer.ts';
import { createDemoRequestDelivery, type DemoRequestDelivery } from './delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's mailing of demo requests (tests call `sweep(now)` and `idle()`). */
    demoRequestDelivery: DemoRequestDelivery;
  }
}

/**
 * The demo requests' mail: a sweep when the server is ready (what an earlier process left unsent), then
 * every DEMO_REQUEST_MAIL_SWEEP_INTERVAL_MS until the app closes, which waits for mails on their way.
 */
export const demoRequestsPlugin = fp(async (app) => {
  const { config } = app;
  const delivery = createDemoRequestDelivery({
    db: app.db,
    log: app.log,
    mailer: mailerFromConfig(config),
    to: config.demoRequestEmail,
    consoleUrl: config.publicUrl,
    retryIntervalMs: config.demoRequestMailSweepIntervalMs,
    maxAttempts: config.demoRequestMailMaxAttempts,
  });
  app.decorate('demoRequestDelivery', delivery);
  if (delivery.isWanted && !delivery.canSend)
    app.log.warn('DEMO_REQUEST_EMAIL is set but SMTP_URL is not: demo requests are stored, not mailed');
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= delivery
      .sweep()
      .catch((error) => app.log.error({ err: error }, 'demo request: a mail sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (!delivery.canSend) return;
    sweep();
    timer = setInterval(sweep, config.demoRequestMailSweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
    await delivery.idle();
    delivery.close();
  });
});
