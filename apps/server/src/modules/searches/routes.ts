import {
  CreateSearchRequest,
  DeviceSearch,
  ExecuteActionRequest,
  ExecuteActionResponse,
  ListDevicesResponse,
  ListSearchesResponse,
  OkResponse,
  RunCriteriaRequest,
  RunSearchQuery,
  SearchIdParam,
  UpdateSearchRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { executeAction } from './execute-action.ts';
import * as service from './service.ts';

const tags = ['searches'];

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: GET /searches answers the searches themselves, presets first.
  app.get(
    '/searches',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'Saved device searches with the default presets',
        response: { 200: ListSearchesResponse },
      },
    },
    async () => service.listSearches({ db: app.db }),
  );

  app.get(
    '/searches/:id/devices',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'The devices a saved search or preset matches, in the caller scope',
        params: SearchIdParam,
        querystring: RunSearchQuery,
        response: { 200: ListDevicesResponse },
      },
    },
    async (request) =>
      service.runSearch({ db: app.db, actor: actorOf(request), id: request.params.id, query: request.query }),
  );

  app.post(
    '/searches/run',
    {
      config: { access: 'devices.view' },
      schema: {
        tags,
        summary: 'The devices criteria match (not saved), in the caller scope: the criteria builder preview',
        body: RunCriteriaRequest,
        response: { 200: ListDevicesResponse },
      },
    },
    async (request) => service.runCriteria({ db: app.db, actor: actorOf(request), input: request.body }),
  );

  app.post(
    '/searches',
    {
      config: { access: 'devices.manage', activity: 'search.create' },
      schema: {
        tags,
        summary: 'Save a device search',
        body: CreateSearchRequest,
        response: { 201: DeviceSearch },
      },
    },
    async (request, reply) => {
      const search = await service.createSearch({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send(search);
    },
  );

  app.put(
    '/searches/:id',
    {
      config: { access: 'devices.manage', activity: 'search.update' },
      schema: {
        tags,
        summary: 'Change a saved device search (presets cannot change)',
        params: SearchIdParam,
        body: UpdateSearchRequest,
        response: { 200: DeviceSearch },
      },
    },
    async (request) =>
      service.updateSearch({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/searches/:id',
    {
      config: { access: 'devices.manage', activity: 'search.delete' },
      schema: {
        tags,
        summary: 'Delete a saved device search',
        params: SearchIdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteSearch({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  // Spec §7: the body is ours (docs/decisions.md); the action's own permission is checked by the service.
  app.post(
    '/search/runner/execute-action',
    {
      config: { access: 'devices.view', activity: 'search.execute-action' },
      schema: {
        tags,
        summary:
          'Approve, reject, delete, move, reboot or run a script on every device a search, criteria or node list matches',
        body: ExecuteActionRequest,
        response: { 200: ExecuteActionResponse },
      },
    },
    async (request) =>
      executeAction({
        db: app.db,
        bus: app.bus,
        actor: actorOf(request),
        input: request.body,
        jobExpirySeconds: app.config.jobExpirySeconds,
      }),
  );
};
