import {
  FeatureFlags,
  SecuritySettings,
  UpdateFeatureFlagsRequest,
  UpdateSecuritySettingsRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import {
  getFeatureFlags,
  getSecuritySettings,
  updateFeatureFlags,
  updateSecuritySettings,
} from './service.ts';

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

  app.get(
    '/settings/security',
    {
      config: { access: 'settings.view' },
      schema: {
        tags: ['settings'],
        summary:
          'Security settings: MFA required, allowed factor types, password policy, session idle timeout',
        response: { 200: SecuritySettings },
      },
    },
    async () => getSecuritySettings(app.db),
  );
  app.put(
    '/settings/security',
    {
      config: { access: 'settings.manage', activity: 'settings.security.update' },
      schema: {
        tags: ['settings'],
        summary:
          'Change security settings (only the fields sent); MFA required needs TOTP among the allowed types',
        body: UpdateSecuritySettingsRequest,
        response: { 200: SecuritySettings },
      },
    },
    async (request) => updateSecuritySettings({ db: app.db, actor: actorOf(request), changes: request.body }),
  );
};
