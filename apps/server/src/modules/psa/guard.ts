import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../../lib/actor.ts';
import { getFeatureFlags } from '../settings/service.ts';
import { psaError } from './errors.ts';

export const psaTags = ['psa'];
/** Spec §6's PSA access configuration permission: every PSA route declares it. */
export const psaAccess = 'psa.configure' as const;

/**
 * Spec §6: the PSA access configuration permission (checked by the auth plugin first) controls the integration
 * while the PSA feature flag is on; while it is off every PSA route answers 404 PSA_DISABLED.
 */
export const requirePsaEnabled = (app: FastifyInstance) =>
  app.addHook('onRequest', async () => {
    if (!(await getFeatureFlags(app.db)).psa_connectwise) throw psaError('PSA_DISABLED', 'DISABLED');
  });

/** What the PSA services are given: the database, the key of its secrets, the settings and the lists' cache. */
export const psaContext = (app: FastifyInstance) => ({
  db: app.db,
  secretKey: app.secretKey,
  config: app.config,
  cache: app.psa.cache,
});

/** The same, with the caller (the account mappings and rules keep to the caller's organizations). */
export const psaCallerContext = (app: FastifyInstance, request: FastifyRequest) => ({
  ...psaContext(app),
  actor: actorOf(request),
});
