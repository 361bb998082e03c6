import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/errors.ts';
import { actorFromApiToken, actorFromSession, MFA_COOKIE, SESSION_COOKIE } from '../modules/auth/service.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Resolves the caller (session cookie or bearer token), refuses cross-site state changes, and
 * enforces the permission every route declares in `config.access`.
 */
export const authPlugin = fp(async (app) => {
  app.decorateRequest('actor', null);

  const allowedOrigins = new Set(
    [app.config.publicUrl, ...app.config.allowedOrigins]
      .filter((o): o is string => Boolean(o))
      .map((o) => new URL(o).origin),
  );
  const isAllowedOrigin = (request: FastifyRequest) => {
    if (request.headers['sec-fetch-site'] === 'same-origin') return true;
    const origin = request.headers.origin;
    if (!origin) return false;
    if (allowedOrigins.has(origin)) return true;
    try {
      return new URL(origin).host === request.headers.host; // same origin as the page that sent it
    } catch {
      return false;
    }
  };

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    const access = config?.access;
    if (!access) return; // not found: the not-found handler answers
    // Agents carry no cookie and no Origin; these routes authenticate the device themselves.
    if (config.isAgentEndpoint && access === 'public') return;

    const authorization = request.headers.authorization;
    if (authorization?.startsWith('Bearer ')) {
      request.actor = await actorFromApiToken({ db: app.db, token: authorization.slice(7).trim() });
    } else {
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.actor = await actorFromSession({ db: app.db, token });
      // Setting up a first factor at sign-in (MFA required): the restricted enrolment session.
      const pending = request.cookies[MFA_COOKIE];
      if (!request.actor && config.enrolment === true && pending)
        request.actor = await actorFromSession({ db: app.db, token: pending, kind: 'MFA_ENROLMENT' });
    }

    const isStateChanging =
      !SAFE_METHODS.has(request.method) || config.stateChanging === true || config.requireOrigin === true;
    // Bearer tokens cannot be sent by a foreign page; cookies can, so those need an allowed Origin.
    if (isStateChanging && request.actor?.via !== 'token' && !isAllowedOrigin(request)) {
      throw new DomainError('ORIGIN_REFUSED');
    }
    if (access === 'public') return;
    if (!request.actor) throw new DomainError('UNAUTHENTICATED');
    if (access !== 'authenticated' && !request.actor.permissions.has(access))
      throw new DomainError('FORBIDDEN');
  });
});
