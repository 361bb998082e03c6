import fp from 'fastify-plugin';
import { ALL_CONSOLE_EVENTS } from '../../bus/subjects.ts';
import { createTicketRulesWorker, type TicketRulesWorker } from './worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's ticket rules engine (tests call `tick(now)` and `idle()`). */
    ticketRules: TicketRulesWorker;
  }
}

/**
 * The ticket rules engine of this server process (after the ticketing plugin): a tick when the server is
 * ready and every TICKET_RULES_INTERVAL_MS (feeds and clock), and a read of the feeds at once when an alert
 * (not an acknowledgement) or a ticket changes anywhere (their console events, after the change's commit).
 * Closing the app waits for the run on its way.
 */
export const ticketRulesEnginePlugin = fp(async (app) => {
  const { config } = app;
  const worker = createTicketRulesWorker({
    db: app.db,
    log: app.log,
    bus: app.bus,
    ticketing: app.ticketing,
    feedGapSeconds: config.ticketRulesFeedGapSeconds,
  });
  app.decorate('ticketRules', worker);
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const tick = () =>
    void worker.tick().catch((error) => app.log.error({ err: error }, 'ticket rules: a tick failed'));
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, config.ticketRulesIntervalMs);
    timer.unref();
    unsubscribe = app.bus.subscribe(ALL_CONSOLE_EVENTS, (message) => {
      const event = message as { type?: unknown; change?: unknown } | null;
      if (
        (event?.type === 'alert.changed' && event.change !== 'ACKNOWLEDGED') ||
        event?.type === 'ticket.changed'
      )
        worker.kick();
    });
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe?.();
    await worker.idle();
  });
});
