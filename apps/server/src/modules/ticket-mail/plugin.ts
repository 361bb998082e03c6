import fp from 'fastify-plugin';
import { ALL_CONSOLE_EVENTS } from '../../bus/subjects.ts';
import { mailerFromConfig } from '../../lib/mailer.ts';
import { type InboundMail, receiveMail } from './inbound.ts';
import { startListener, type TicketMailListener } from './listener.ts';
import * as repo from './repository.ts';
import { createTicketMailWorker, type TicketMailWorker } from './worker.ts';

export type TicketMail = {
  /** This process's mail worker (tests call `tick(now)` and `idle()`). */
  worker: TicketMailWorker;
  /** The SMTP listener once the server is ready, when TICKET_MAIL_SMTP_PORT is set. */
  listener: () => TicketMailListener | undefined;
  /** What the listener does with a parsed mail (refusals throw MailRejection). */
  receive: (mail: InboundMail) => ReturnType<typeof receiveMail>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ticketMail: TicketMail;
  }
}

/**
 * Ticketing mail (docs/decisions.md "Ticketing mail"): the SMTP listener when TICKET_MAIL_SMTP_PORT is set, and
 * the worker that mails requesters (a tick when the server is ready, every TICKET_MAIL_INTERVAL_MS, and at once
 * when a ticket is commented or changed). Needs the bus, the attachments plugin (the URL key the tickets
 * services sign links with) and ticketing (its seeded statuses).
 */
export const ticketMailPlugin = fp(async (app) => {
  const { config } = app;
  const settings = config.ticketMail;
  const worker = createTicketMailWorker({
    db: app.db,
    log: app.log,
    mailer: mailerFromConfig(config),
    config: settings,
    smtpTimeoutMs: config.smtpTimeoutMs,
  });
  const receive = (mail: InboundMail) =>
    receiveMail(
      {
        db: app.db,
        bus: app.bus,
        urlKey: app.attachments.urlKey,
        uploads: app.attachments.system,
        attachmentMaxBytes: settings.attachmentMaxBytes,
      },
      mail,
    );
  let listener: TicketMailListener | undefined;
  app.decorate('ticketMail', { worker, listener: () => listener, receive } satisfies TicketMail);

  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  app.addHook('onReady', async () => {
    if (settings.smtpPort !== undefined) {
      listener = await startListener({
        config: settings,
        log: app.log,
        findMailbox: (address) => repo.findMailboxByAddress(app.db, address),
        receive,
      });
      app.log.info({ port: listener.port, host: settings.smtpHost }, 'ticket mail: listening for SMTP');
    }
    worker.kick();
    timer = setInterval(worker.kick, settings.intervalMs);
    timer.unref();
    unsubscribe = app.bus.subscribe(ALL_CONSOLE_EVENTS, (message) => {
      const event = message as { type?: unknown; change?: unknown } | null;
      if (event?.type === 'ticket.changed' && (event.change === 'COMMENTED' || event.change === 'UPDATED'))
        worker.kick();
    });
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe?.();
    await listener?.close();
    await worker.idle();
    worker.close();
  });
});
