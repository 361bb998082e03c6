import { ListActivitiesQuery, ListActivitiesResponse } from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { listActivities } from './repository.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities',
    {
      config: { access: 'activities.view' },
      schema: {
        tags: ['activities'],
        summary: 'List activities (audit log)',
        querystring: ListActivitiesQuery,
        response: { 200: ListActivitiesResponse },
      },
    },
    async (request) => {
      const query = request.query;
      const result = await listActivities(app.db, actorOf(request).scope, query);
      return { ...result, page: query.page, pageSize: query.pageSize };
    },
  );
};
