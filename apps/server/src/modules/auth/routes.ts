import { LoginRequest, LoginResponse, MeResponse, OkResponse } from '@rmm/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const isSecure = app.config.publicUrl?.startsWith('https://') ?? false;
  const setCookie = (reply: FastifyReply, name: string, value: string, maxAge: number) =>
    reply.setCookie(name, value, { path: '/', httpOnly: true, sameSite: 'lax', secure: isSecure, maxAge });

  app.post(
    '/auth/login',
    {
      config: {
        access: 'public',
        activity: 'auth.login',
        rateLimit: { max: app.config.loginRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequest,
        response: { 200: LoginResponse },
      },
    },
    async (request, reply) => {
      const result = await service.login({
        db: app.db,
        config: app.config,
        input: request.body,
        meta: {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        },
      });
      setCookie(reply, result.cookie.name, result.cookie.value, result.cookie.maxAgeSeconds);
      return result.response;
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'authenticated', activity: 'auth.logout' },
      schema: { tags: ['auth'], summary: 'Sign out (revokes the session)', response: { 200: OkResponse } },
    },
    async (request, reply) => {
      await service.logout({ db: app.db, actor: actorOf(request) });
      reply.clearCookie(service.SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  );

  app.get(
    '/auth/me',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, permissions and feature flags',
        response: { 200: MeResponse },
      },
    },
    async (request) => service.me({ db: app.db, actor: actorOf(request) }),
  );
};
