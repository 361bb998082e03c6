import {
  AGENT_ENROLL_PATH,
  AgentEnrollRequest,
  AgentEnrollResponse,
  CreateEnrollmentTokenRequest,
  CreateEnrollmentTokenResponse,
  IdParam,
  ListEnrollmentTokensQuery,
  ListEnrollmentTokensResponse,
  OkResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as service from './service.ts';

const tags = ['enrolment'];

export const enrollmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/enrollment-tokens',
    {
      config: { access: 'enrollment.manage', activity: 'enrollment.create' },
      schema: {
        tags,
        summary: 'Create an enrolment token for an organization (and location); the token is shown once',
        body: CreateEnrollmentTokenRequest,
        response: { 201: CreateEnrollmentTokenResponse },
      },
    },
    async (request, reply) => {
      const created = await service.createToken({ db: app.db, actor: actorOf(request), input: request.body });
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/enrollment-tokens',
    {
      config: { access: 'enrollment.manage' },
      schema: {
        tags,
        summary: 'List enrolment tokens (never the token itself)',
        querystring: ListEnrollmentTokensQuery,
        response: { 200: ListEnrollmentTokensResponse },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const result = await service.listTokens({ db: app.db, actor: actorOf(request), query: request.query });
      return { ...result, page, pageSize };
    },
  );

  app.delete(
    '/enrollment-tokens/:id',
    {
      config: { access: 'enrollment.manage', activity: 'enrollment.revoke' },
      schema: { tags, summary: 'Revoke an enrolment token', params: IdParam, response: { 200: OkResponse } },
    },
    async (request) => {
      await service.revokeToken({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );

  // Called by the agent, not a browser: public, no Origin; the token is the credential.
  app.post(
    AGENT_ENROLL_PATH,
    {
      config: {
        access: 'public',
        isAgentEndpoint: true,
        activity: 'device.enroll',
        rateLimit: { max: app.config.enrollRatePerMinute, timeWindow: 60_000 },
      },
      schema: {
        tags: ['agent'],
        summary: 'Agent enrolment: exchange a token for a device identity and secret',
        security: [],
        body: AgentEnrollRequest,
        response: { 200: AgentEnrollResponse },
      },
    },
    async (request) => service.enrollDevice({ db: app.db, bus: app.bus, input: request.body }),
  );
};
