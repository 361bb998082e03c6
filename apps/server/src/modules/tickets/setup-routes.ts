import {
  IdParam,
  ListTicketBoardsResponse,
  ListTicketFormsResponse,
  ListTicketSetupItemsResponse,
  ListTicketsQuery,
  ListTicketsResponse,
  OkResponse,
  SaveTicketBoardRequest,
  SaveTicketFormRequest,
  SaveTicketSetupItemRequest,
  TicketBoardResponse,
  TicketFormResponse,
  TicketSetupItemParams,
  TicketSetupItemResponse,
  TicketSetupListParam,
  TicketSetupResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as boards from './board-service.ts';
import * as setup from './setup-service.ts';

const tags = ['ticketing'];
const ok = { ok: true as const };

/**
 * Boards (`ticketing.manage` to change: technicians' shared views), forms and setup lists (`settings.manage`:
 * administration). Reading all of them needs `ticketing.view`.
 */
export const ticketSetupRoutes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- boards
  app.get(
    '/ticket-boards',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary: 'Every board (board 1 is the fixed one)',
        response: { 200: ListTicketBoardsResponse },
      },
    },
    async () => ({ boards: await boards.listBoards(app.db) }),
  );
  app.post(
    '/ticket-boards',
    {
      config: { access: 'ticketing.manage', activity: 'ticketBoard.create' },
      schema: {
        tags,
        summary: 'Add a board',
        body: SaveTicketBoardRequest,
        response: { 201: TicketBoardResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ board: await boards.createBoard(app.db, actorOf(request), request.body) }),
  );
  app.get(
    '/ticket-boards/:id',
    {
      config: { access: 'ticketing.view' },
      schema: { tags, summary: 'One board', params: IdParam, response: { 200: TicketBoardResponse } },
    },
    async (request) => ({ board: await boards.getBoard(app.db, request.params.id) }),
  );
  app.put(
    '/ticket-boards/:id',
    {
      config: { access: 'ticketing.manage', activity: 'ticketBoard.update' },
      schema: {
        tags,
        summary: 'Save a board’s name, conditions, columns and sort',
        params: IdParam,
        body: SaveTicketBoardRequest,
        response: { 200: TicketBoardResponse },
      },
    },
    async (request) => ({
      board: await boards.updateBoard(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/ticket-boards/:id',
    {
      config: { access: 'ticketing.manage', activity: 'ticketBoard.delete' },
      schema: {
        tags,
        summary: 'Delete a board (not board 1)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await boards.deleteBoard(app.db, actorOf(request), request.params.id);
      return ok;
    },
  );
  app.get(
    '/ticket-boards/:id/tickets',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary:
          'A page of the board’s tickets in its sort (cursor paging), within the caller’s organizations',
        params: IdParam,
        querystring: ListTicketsQuery,
        response: { 200: ListTicketsResponse },
      },
    },
    async (request) =>
      boards.listBoardTickets(app.db, { user: actorOf(request) }, request.params.id, request.query),
  );

  // ---------------------------------------------------------------- forms
  app.get(
    '/ticket-forms',
    {
      config: { access: 'ticketing.view' },
      schema: { tags, summary: 'Every ticket form', response: { 200: ListTicketFormsResponse } },
    },
    async () => ({ forms: await setup.listForms(app.db) }),
  );
  app.post(
    '/ticket-forms',
    {
      config: { access: 'settings.manage', activity: 'ticketForm.create' },
      schema: {
        tags,
        summary: 'Add a form',
        body: SaveTicketFormRequest,
        response: { 201: TicketFormResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ form: await setup.createForm(app.db, actorOf(request), request.body) }),
  );
  app.get(
    '/ticket-forms/:id',
    {
      config: { access: 'ticketing.view' },
      schema: { tags, summary: 'One form', params: IdParam, response: { 200: TicketFormResponse } },
    },
    async (request) => ({ form: await setup.getForm(app.db, request.params.id) }),
  );
  app.put(
    '/ticket-forms/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketForm.update' },
      schema: {
        tags,
        summary: 'Save a form’s fields and timer',
        params: IdParam,
        body: SaveTicketFormRequest,
        response: { 200: TicketFormResponse },
      },
    },
    async (request) => ({
      form: await setup.updateForm(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/ticket-forms/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketForm.delete' },
      schema: { tags, summary: 'Delete a form', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) => {
      await setup.deleteForm(app.db, actorOf(request), request.params.id);
      return ok;
    },
  );

  // ---------------------------------------------------------------- setup lists
  app.get(
    '/ticket-setup',
    {
      config: { access: 'ticketing.view' },
      schema: { tags, summary: 'Every ticket template setup list', response: { 200: TicketSetupResponse } },
    },
    async () => ({ lists: await setup.listAllSetupItems(app.db) }),
  );
  app.get(
    '/ticket-setup/:list',
    {
      config: { access: 'ticketing.view' },
      schema: {
        tags,
        summary: 'One setup list',
        params: TicketSetupListParam,
        response: { 200: ListTicketSetupItemsResponse },
      },
    },
    async (request) => ({ items: await setup.listSetupItems(app.db, request.params.list) }),
  );
  app.post(
    '/ticket-setup/:list',
    {
      config: { access: 'settings.manage', activity: 'ticketSetup.create' },
      schema: {
        tags,
        summary: 'Add an item to statuses, teams, subtypes, items or impacts',
        params: TicketSetupListParam,
        body: SaveTicketSetupItemRequest,
        response: { 201: TicketSetupItemResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        item: await setup.createSetupItem(app.db, actorOf(request), request.params.list, request.body),
      }),
  );
  app.put(
    '/ticket-setup/:list/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketSetup.update' },
      schema: {
        tags,
        summary: 'Rename, reorder or deactivate an item (a system item keeps its category or key)',
        params: TicketSetupItemParams,
        body: SaveTicketSetupItemRequest,
        response: { 200: TicketSetupItemResponse },
      },
    },
    async (request) => ({
      item: await setup.updateSetupItem(
        app.db,
        actorOf(request),
        request.params.list,
        request.params.id,
        request.body,
      ),
    }),
  );
  app.delete(
    '/ticket-setup/:list/:id',
    {
      config: { access: 'settings.manage', activity: 'ticketSetup.delete' },
      schema: {
        tags,
        summary: 'Delete an item no ticket uses (system items and the enumerations stay)',
        params: TicketSetupItemParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await setup.deleteSetupItem(app.db, actorOf(request), request.params.list, request.params.id);
      return ok;
    },
  );
};
