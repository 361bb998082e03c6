import {
  AddTicketCommentRequest,
  AddTimeEntryRequest,
  CreateTicketRequest,
  ListTicketAssigneesQuery,
  ListTicketAssigneesResponse,
  ListTicketLogQuery,
  ListTicketLogResponse,
  ListTicketsQuery,
  ListTicketsResponse,
  StopTimerRequest,
  TicketConflictBody,
  TicketIdParam,
  TicketLogEntryResponse,
  TicketResponse,
  TimerResponse,
  UpdateTicketRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { listTickets } from './board-service.ts';
import { TicketConflictError } from './errors.ts';
import { createTicket, getTicket, listAssignees, timerOf, updateTicket } from './service.ts';
import * as work from './work-service.ts';

const tags = ['ticketing'];

/** Tickets: list, create, read, change (409 with the current ticket on a stale version), work. */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = () => app.ticketing.context();

  app.get(
    '/tickets',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary: 'A page of the caller’s tickets (cursor paging; the count on the first page)',
        querystring: ListTicketsQuery,
        response: { 200: ListTicketsResponse },
      },
    },
    async (request) => listTickets(app.db, { user: actorOf(request) }, request.query),
  );

  app.post(
    '/tickets',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.create' },
      schema: {
        tags,
        summary: 'Create a ticket in an organization of the caller’s scope',
        body: CreateTicketRequest,
        response: { 201: TicketResponse },
      },
    },
    async (request, reply) => {
      const ticket = await createTicket(ctx(), request.body, { actor: { user: actorOf(request) } });
      return reply.code(201).send({ ticket, timer: null });
    },
  );

  app.get(
    '/tickets/assignees',
    {
      config: { access: 'ticketing.manage' },
      schema: {
        tags,
        summary:
          'The technicians a ticket of the organization may be assigned to: enabled, with ticketing.view and ticketing.manage, the organization in their scope',
        querystring: ListTicketAssigneesQuery,
        response: { 200: ListTicketAssigneesResponse },
      },
    },
    async (request) =>
      listAssignees(ctx(), request.query.organizationId, { actor: { user: actorOf(request) } }),
  );

  app.get(
    '/tickets/:id',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary: 'One ticket, with the caller’s running timer',
        params: TicketIdParam,
        response: { 200: TicketResponse },
      },
    },
    async (request) => getTicket(ctx(), request.params.id, { actor: { user: actorOf(request) } }),
  );

  app.patch(
    '/tickets/:id',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.update' },
      schema: {
        tags,
        summary: 'Change the fields given, if `version` is the ticket’s (else 409 with the current ticket)',
        params: TicketIdParam,
        body: UpdateTicketRequest,
        response: { 200: TicketResponse, 409: TicketConflictBody },
      },
    },
    async (request, reply) => {
      const user = actorOf(request);
      try {
        const ticket = await updateTicket(ctx(), request.params.id, request.body, { actor: { user } });
        return { ticket, timer: await timerOf(app.db, ticket.id, { user }) };
      } catch (error) {
        if (!(error instanceof TicketConflictError)) throw error;
        return reply
          .code(409)
          .send({ error: { code: 'TICKET_VERSION_CONFLICT', message: error.message }, ticket: error.ticket });
      }
    },
  );

  app.get(
    '/tickets/:id/log',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary: 'The ticket’s comments, changes and time entries, newest first',
        params: TicketIdParam,
        querystring: ListTicketLogQuery,
        response: { 200: ListTicketLogResponse },
      },
    },
    async (request) =>
      work.listLog(ctx(), request.params.id, request.query, { actor: { user: actorOf(request) } }),
  );

  app.post(
    '/tickets/:id/comments',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.comment' },
      schema: {
        tags,
        summary: 'Comment (Markdown, public or internal) with the caller’s uploaded files',
        params: TicketIdParam,
        body: AddTicketCommentRequest,
        response: { 201: TicketLogEntryResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await work.addComment(ctx(), request.params.id, request.body, {
          actor: { user: actorOf(request) },
        }),
      ),
  );

  app.post(
    '/tickets/:id/time-entries',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.timeEntry' },
      schema: {
        tags,
        summary: 'Add time worked: a start and an end, or a duration ending now',
        params: TicketIdParam,
        body: AddTimeEntryRequest,
        response: { 201: TicketLogEntryResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await work.addTimeEntry(ctx(), request.params.id, request.body, {
          actor: { user: actorOf(request) },
        }),
      ),
  );

  app.post(
    '/tickets/:id/timer',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.timer' },
      schema: {
        tags,
        summary: 'Start the caller’s timer on the ticket (409 if one runs, or the form’s timer is off)',
        params: TicketIdParam,
        response: { 201: TimerResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await work.startTimer(ctx(), request.params.id, actorOf(request))),
  );

  app.post(
    '/tickets/:id/timer/stop',
    {
      config: { access: 'ticketing.manage', activity: 'ticket.timeEntry' },
      schema: {
        tags,
        summary: 'Stop the caller’s timer: the time since its start becomes a time entry',
        params: TicketIdParam,
        body: StopTimerRequest,
        response: { 200: TimerResponse },
      },
    },
    async (request) => work.stopTimer(ctx(), request.params.id, request.body, actorOf(request)),
  );
};
