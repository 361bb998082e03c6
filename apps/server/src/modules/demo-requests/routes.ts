import {
  apiPaths,
  ListDemoRequestsQuery,
  ListDemoRequestsResponse,
  SubmitDemoRequest,
  SubmitDemoRequestResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['backup promotion'];

/** The backup promotion's demo requests (spec §7) and their list for administrators. */
export const demoRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.backupDemoRequest(),
    {
      // Any signed-in technician may ask for a demo; the per-user hourly limit is the service's.
      config: { access: 'authenticated', activity: 'demoRequest.create' },
      schema: {
        tags,
        summary: 'Ask for a backup demo: stored, then mailed to the configured address when one is set',
        body: SubmitDemoRequest,
        response: { 201: SubmitDemoRequestResponse },
      },
    },
    async (request, reply) => {
      const answer = await service.submitDemoRequest({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
        delivery: app.demoRequestDelivery,
        perHour: app.config.demoRequestsPerHour,
      });
      return reply.code(201).send(answer);
    },
  );

  app.get(
    apiPaths.demoRequests(),
    {
      config: { access: 'settings.view' },
      schema: {
        tags,
        summary: 'The demo requests received, newest first, with the state of their mail',
        querystring: ListDemoRequestsQuery,
        response: { 200: ListDemoRequestsResponse },
      },
    },
    async (request) => service.listDemoRequests({ db: app.db, query: request.query }),
  );
};
