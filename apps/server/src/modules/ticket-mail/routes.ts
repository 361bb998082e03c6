import {
  IdParam,
  ListTicketMailboxesResponse,
  OkResponse,
  SaveTicketMailboxRequest,
  TicketMailbox,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './mailbox-service.ts';

const tags = ['ticketing'];

/** Ticket mailboxes (packages/domain/src/ticket-mail.ts): the addresses the SMTP listener takes mail for. */
export const ticketMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config.ticketMail;

  app.get(
    '/ticket-mailboxes',
    {
      config: { access: 'settings.view' },
      schema: { tags, summary: 'The ticket mailboxes', response: { 200: ListTicketMailboxesResponse } },
    },
    async () => {
      const data = await service.listMailboxes(app.db);
      return { data, count: data.length, page: 1, pageSize: data.length };
    },
  );

  app.post(
    '/ticket-mailboxes',
    {
      config: { access: 'settings.manage', activity: 'ticketMailbox.create' },
      schema: {
        tags,
        summary: 'Add a ticket mailbox (mail to its address becomes tickets)',
        body: SaveTicketMailboxRequest,
        response: { 201: TicketMailbox },
      },
    },
    async (request, reply) => {
      const mailbox = await service.createMailbox({
        db: app.db,
        actor: actorOf(request),
        config,
        input: request.body,
      });
      return reply.code(201).send(mailbox);
    },
  );

  app.get(
    '/ticket-mailboxes/:id',
    {
      config: { access: 'settings.view' },
      schema: { tags, summary: 'A ticket mailbox', params: IdParam, response: { 200: TicketMailbox } },
    },
    async (request) => service.getMailboxById(app.db, request.params.id),
  );

  app.put(
    '/ticket-mailboxes/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketMailbox.update' },
      schema: {
        tags,
        summary: 'Change a ticket mailbox',
        params: IdParam,
        body: SaveTicketMailboxRequest,
        response: { 200: TicketMailbox },
      },
    },
    async (request) =>
      service.updateMailbox({
        db: app.db,
        actor: actorOf(request),
        config,
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/ticket-mailboxes/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketMailbox.delete' },
      schema: {
        tags,
        summary: 'Remove a ticket mailbox (its tickets stay)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteMailbox({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
