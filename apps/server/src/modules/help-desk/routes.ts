import {
  HelpDeskParam,
  HelpTicketRequest,
  HelpTicketResponse,
  IdParam,
  ListSupportTicketsQuery,
  ListSupportTicketsResponse,
  ReplySupportTicketRequest,
  SupportTicketResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { requireHelpDesk } from './connectors.ts';
import * as inbox from './inbox-service.ts';
import { submitHelpTicket } from './submit-service.ts';

const tags = ['help desk'];

/** Spec §7 help tickets, and the support inbox the built-in `support` help desk files them into. */
export const helpDeskRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ws/:helpdesk/ticket',
    {
      config: { access: 'helpTickets.submit', activity: 'helpTicket.submit' },
      // An unknown or unconfigured help desk is 404 whatever the body.
      onRequest: async (request) => {
        requireHelpDesk(app.config, (request.params as { helpdesk: string }).helpdesk);
      },
      schema: {
        tags,
        summary:
          'Submit a help ticket (spec Help ticket entity) with your own uploaded attachments: `support` files it into the support inbox, `zendesk` sends it to the configured Zendesk account',
        params: HelpDeskParam,
        body: HelpTicketRequest,
        response: { 200: HelpTicketResponse },
      },
    },
    async (request) =>
      submitHelpTicket({
        db: app.db,
        store: app.attachments.store,
        config: app.config,
        actor: actorOf(request),
        helpDesk: request.params.helpdesk,
        ticket: request.body,
      }),
  );

  app.get(
    '/support/tickets',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags,
        summary:
          'The support inbox: tickets by status and words of the subject or requester, newest change first',
        querystring: ListSupportTicketsQuery,
        response: { 200: ListSupportTicketsResponse },
      },
    },
    async (request) => inbox.listSupportTickets({ db: app.db, query: request.query }),
  );

  app.get(
    '/support/tickets/:id',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags,
        summary: 'A support ticket with its messages and their attachments (each with a signed URL)',
        params: IdParam,
        response: { 200: SupportTicketResponse },
      },
    },
    async (request) => ({
      ticket: await inbox.getSupportTicket({
        db: app.db,
        urlKey: app.attachments.urlKey,
        id: request.params.id,
      }),
    }),
  );

  const context = (request: Parameters<typeof actorOf>[0], id: number) => ({
    db: app.db,
    urlKey: app.attachments.urlKey,
    actor: actorOf(request),
    id,
  });

  app.post(
    '/support/tickets/:id/replies',
    {
      config: { access: 'settings.manage', activity: 'supportTicket.reply' },
      schema: {
        tags,
        summary: 'Reply to an open support ticket, with your own uploaded attachments',
        params: IdParam,
        body: ReplySupportTicketRequest,
        response: { 200: SupportTicketResponse },
      },
    },
    async (request) => ({
      ticket: await inbox.replySupportTicket({ ...context(request, request.params.id), reply: request.body }),
    }),
  );

  app.post(
    '/support/tickets/:id/close',
    {
      config: { access: 'settings.manage', activity: 'supportTicket.close' },
      schema: {
        tags,
        summary: 'Close a support ticket',
        params: IdParam,
        response: { 200: SupportTicketResponse },
      },
    },
    async (request) => ({ ticket: await inbox.closeSupportTicket(context(request, request.params.id)) }),
  );

  app.post(
    '/support/tickets/:id/reopen',
    {
      config: { access: 'settings.manage', activity: 'supportTicket.reopen' },
      schema: {
        tags,
        summary: 'Reopen a closed support ticket',
        params: IdParam,
        response: { 200: SupportTicketResponse },
      },
    },
    async (request) => ({ ticket: await inbox.reopenSupportTicket(context(request, request.params.id)) }),
  );
};
