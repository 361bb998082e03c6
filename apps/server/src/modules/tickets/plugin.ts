import type { AddTicketCommentRequest, CreateTicketRequest, Ticket, UpdateTicketRequest } from '@rmm/domain';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { TicketCallOptions, TicketingContext } from './context.ts';
import { seedTicketing } from './seed.ts';
import { createTicket, updateTicket } from './service.ts';
import { addComment } from './work-service.ts';

/**
 * Ticketing for the rest of the server: the ticket rulesets engine, email-in and schedules create and change
 * tickets through `app.ticketing` (never through the tables), as a user or as the server itself:
 *
 *   await app.ticketing.createTicket(
 *     { organizationId, deviceId, subject: 'CPU above 90%', statusId, priority: 'HIGH', tags: ['cpu'] },
 *     { actor: { system: `Ruleset: ${ruleset.name}` }, source: 'CONDITION' },
 *   );
 *   await app.ticketing.updateTicket(ticket.id, { version: ticket.version, statusId: 5 }, { actor: { system: '…' } });
 *
 * Each validates its input with the contract's schema, applies the ticket rules, logs the change, writes an
 * activity and tells consoles. A stale `version` throws TicketConflictError (errors.ts) with the ticket as it is.
 *
 * `within(tx, bus)` gives the same calls inside the caller's transaction (each a savepoint of it, so a refused
 * one undoes only itself): the ticket rules engine changes tickets in the transaction that moves its feed
 * cursor. Consoles are told through `bus`, which the caller holds back until its commit.
 */
export type TicketCalls = {
  createTicket: (input: z.input<typeof CreateTicketRequest>, options: TicketCallOptions) => Promise<Ticket>;
  updateTicket: (
    id: number,
    input: z.input<typeof UpdateTicketRequest>,
    options: TicketCallOptions,
  ) => Promise<Ticket>;
  addComment: (
    id: number,
    input: z.input<typeof AddTicketCommentRequest>,
    options: TicketCallOptions,
  ) => ReturnType<typeof addComment>;
};

export type Ticketing = TicketCalls & {
  context: () => TicketingContext;
  within: (tx: Tx, bus: Bus) => TicketCalls;
};

declare module 'fastify' {
  interface FastifyInstance {
    ticketing: Ticketing;
  }
}

/** Needs the bus and the attachments plugin (the URL key of attachment links); seeds ticketing at start. */
export const ticketingPlugin = fp(async (app) => {
  const context = (): TicketingContext => ({ db: app.db, bus: app.bus, urlKey: app.attachments.urlKey });
  const callsOf = (ctx: () => TicketingContext): TicketCalls => ({
    createTicket: (input, options) => createTicket(ctx(), input, options),
    updateTicket: (id, input, options) => updateTicket(ctx(), id, input, options),
    addComment: (id, input, options) => addComment(ctx(), id, input, options),
  });
  app.decorate('ticketing', {
    context,
    ...callsOf(context),
    // A transaction is a database handle whose `transaction` opens a savepoint.
    within: (tx, bus) => callsOf(() => ({ ...context(), db: tx as unknown as Db, bus })),
  } satisfies Ticketing);
  // The system statuses, the enumeration lists and board 1, before the first request.
  app.addHook('onReady', () => seedTicketing(app.db));
});
