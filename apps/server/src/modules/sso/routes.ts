import {
  SSO_LANDING_PATH,
  SSO_LOGIN_TTL_MINUTES,
  SsoInfo,
  SsoSettings,
  UpdateSsoSettingsRequest,
} from '@rmm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

/**
 * Single sign-on: its settings (`/settings/sso`) and the browser's round trip through the identity
 * provider (`/auth/sso/start` → provider → `/auth/sso/callback`). Both sign-in routes answer redirects
 * only: a refusal lands on `/login?sso=refused&reason=…` (`sso=error` for the set-up or the provider),
 * and every outcome is an activity.
 */
export const ssoRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.publicUrl?.startsWith('https://') ?? false;
  const redirectUri = (request: FastifyRequest) =>
    service.redirectUriOf(app.config, `${request.protocol}://${request.host}`);
  const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
  const toLogin = async (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof service.SsoRefusal)) throw error;
    await service.recordRefusal(app.db, error, meta(request));
    request.log.info({ reason: error.reason, kind: error.kind }, 'single sign-on refused');
    return reply.redirect(`/login?sso=${error.kind}&reason=${error.reason}`, 302);
  };
  const rateLimit = { max: app.config.loginRatePerMinute, timeWindow: 60_000 };

  app.get(
    '/auth/sso',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Whether the sign-in page offers single sign-on, and its button label',
        response: { 200: SsoInfo },
      },
    },
    async () => service.getSsoInfo(app.db),
  );

  app.get(
    '/auth/sso/start',
    {
      config: { access: 'public', rateLimit },
      schema: { tags: ['auth'], summary: 'Start a single sign-on: redirects to the identity provider' },
    },
    async (request, reply) => {
      try {
        const started = await service.startSsoLogin({
          db: app.db,
          config: app.config,
          secretKey: app.secretKey,
          redirectUri: redirectUri(request),
        });
        reply.setCookie(service.SSO_COOKIE, started.cookieToken, {
          path: '/auth/sso',
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level GET from another site, which must carry it.
          sameSite: 'lax',
          secure: isSecure,
          maxAge: SSO_LOGIN_TTL_MINUTES * 60,
        });
        return reply.redirect(started.location, 302);
      } catch (error) {
        return toLogin(request, reply, error);
      }
    },
  );

  app.get(
    '/auth/sso/callback',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['auth'],
        summary: "The identity provider's redirect back: signs in and redirects to the console",
      },
    },
    async (request, reply) => {
      reply.clearCookie(service.SSO_COOKIE, { path: '/auth/sso' });
      try {
        const cookie = await service.finishSsoLogin({
          db: app.db,
          bus: app.bus,
          config: app.config,
          secretKey: app.secretKey,
          cookieToken: request.cookies[service.SSO_COOKIE],
          query: request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '',
          redirectUri: redirectUri(request),
          meta: meta(request),
        });
        reply.setCookie(cookie.name, cookie.value, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: isSecure,
          maxAge: cookie.maxAgeSeconds,
        });
        return reply.redirect(SSO_LANDING_PATH, 302);
      } catch (error) {
        return toLogin(request, reply, error);
      }
    },
  );

  app.get(
    '/settings/sso',
    {
      config: { access: 'users.view' },
      schema: {
        tags: ['settings'],
        summary: 'Single sign-on settings (the client secret is never answered: clientSecretSet)',
        response: { 200: SsoSettings },
      },
    },
    async (request) => service.getSsoSettings(app.db, redirectUri(request)),
  );

  app.put(
    '/settings/sso',
    {
      config: { access: 'users.manage', activity: 'settings.sso.update' },
      schema: {
        tags: ['settings'],
        summary: 'Change the single sign-on settings',
        body: UpdateSsoSettingsRequest,
        response: { 200: SsoSettings },
      },
    },
    async (request) =>
      service.updateSsoSettings({
        db: app.db,
        actor: actorOf(request),
        config: app.config,
        secretKey: app.secretKey,
        input: request.body,
        redirectUri: redirectUri(request),
      }),
  );
};
