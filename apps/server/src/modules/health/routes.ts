import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Health: 200 once the database answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch {
        throw new DomainError('UNAVAILABLE', 'The database is not reachable.', { statusCode: 503 });
      }
      return { status: 'ok' as const };
    },
  );
};
