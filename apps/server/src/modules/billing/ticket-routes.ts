import {
  AddTicketProductRequest,
  OkResponse,
  SetTimeEntryBillableRequest,
  TicketBillingResponse,
  TicketIdParam,
  TicketItemParams,
  TicketProductResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import type { BillingContext } from './context.ts';
import * as service from './ticket-billing-service.ts';

const tags = ['billing', 'ticketing'];

/**
 * A ticket's billing, beside the ticket's own routes: read with the ticket (ticketing.view), worked by those
 * who work tickets (ticketing.manage; a product's roles and, for ad hoc items or own prices, billing.manage).
 * The ticket's agreement itself is a ticket field (`PATCH /tickets/:id` with `agreementId`).
 */
export const ticketBillingRoutes: FastifyPluginAsyncZod<{ context: () => BillingContext }> = async (
  app,
  options,
) => {
  const ctx = options.context;

  app.get(
    '/tickets/:id/billing',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary:
          'The ticket’s agreement choices, its products and its time entries with their billing status',
        params: TicketIdParam,
        response: { 200: TicketBillingResponse },
      },
    },
    async (request) => service.getTicketBilling(ctx(), actorOf(request), request.params.id),
  );

  app.post(
    '/tickets/:id/products',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.product.add' },
      schema: {
        tags,
        summary: 'Add a product: from the ticket’s agreement, the catalogue, or ad hoc',
        params: TicketIdParam,
        body: AddTicketProductRequest,
        response: { 201: TicketProductResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        product: await service.addTicketProduct(ctx(), actorOf(request), request.params.id, request.body),
      }),
  );

  app.delete(
    '/tickets/:id/products/:itemId',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.product.remove' },
      schema: {
        tags,
        summary: 'Remove a product not yet billed',
        params: TicketItemParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.removeTicketProduct(ctx(), actorOf(request), request.params.id, request.params.itemId);
      return { ok: true as const };
    },
  );

  app.patch(
    '/tickets/:id/time-entries/:itemId/billing',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.timeEntry.billing' },
      schema: {
        tags,
        summary: 'Mark a time entry not yet billed as billable or not',
        params: TicketItemParams,
        body: SetTimeEntryBillableRequest,
        response: { 200: TicketBillingResponse },
      },
    },
    async (request) =>
      service.setTimeEntryBillable(
        ctx(),
        actorOf(request),
        request.params.id,
        request.params.itemId,
        request.body.isBillable,
      ),
  );
};
