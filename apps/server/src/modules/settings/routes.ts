import { FeatureFlags, UpdateFeatureFlagsRequest } from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { getFeatureFlags, updateFeatureFlags } from './service.ts';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/feature-flags',
    {
      config: { access: 'settings.view' },
      schema: { tags: ['settings'], summary: 'Feature flags', response: { 200: FeatureFlags } },
    },
    async () => getFeatureFlags(app.db),
  );
  app.put(
    '/settings/feature-flags',
    {
      config: { access: 'settings.manage', activity: 'settings.featureFlags.update' },
      schema: {
        tags: ['settings'],
        summary: 'Turn feature flags on or off',
        body: UpdateFeatureFlagsRequest,
        response: { 200: FeatureFlags },
      },
    },
    async (request) => updateFeatureFlags({ db: app.db, actor: actorOf(request), changes: request.body }),
  );
};
