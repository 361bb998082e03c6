import {
  CreateOrganizationRequest,
  GetClientResponse,
  IdParam,
  ListOrganizationsQuery,
  ListOrganizationsResponse,
  OkResponse,
  Organization,
  UpdateOrganizationRequest,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as repo from './repository.ts';
import * as service from './service.ts';

const tags = ['organizations'];

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'List organizations with search, sort and paging',
        querystring: ListOrganizationsQuery,
        response: { 200: ListOrganizationsResponse },
      },
    },
    async (request) => {
      const { page, pageSize, search, sort } = request.query;
      const result = await repo.listOrganizations(app.db, actorOf(request).scope, {
        page,
        pageSize,
        search,
        sort,
      });
      return { ...result, page, pageSize };
    },
  );

  app.get(
    '/organizations/:id',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'One organization with its locations',
        params: IdParam,
        response: { 200: Organization },
      },
    },
    async (request) =>
      service.getOrganization({ db: app.db, actor: actorOf(request), id: request.params.id }),
  );

  // Spec §7: GET /client/{id} reads `resultCode` and `client`.
  app.get(
    '/client/:id',
    {
      config: { access: 'organizations.view' },
      schema: {
        tags,
        summary: 'Organization (client) in the spec shape',
        params: IdParam,
        response: { 200: GetClientResponse },
      },
    },
    async (request) => ({
      resultCode: 'SUCCESS' as const,
      client: await service.getOrganization({ db: app.db, actor: actorOf(request), id: request.params.id }),
    }),
  );

  app.post(
    '/organizations',
    {
      config: { access: 'organizations.manage', activity: 'organization.create' },
      schema: {
        tags,
        summary: 'Create an organization',
        body: CreateOrganizationRequest,
        response: { 201: Organization },
      },
    },
    async (request, reply) => {
      const organization = await service.createOrganization({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
      });
      return reply.status(201).send(organization);
    },
  );

  app.patch(
    '/organizations/:id',
    {
      config: { access: 'organizations.manage', activity: 'organization.update' },
      schema: {
        tags,
        summary: 'Update an organization; `locations`, when given, is the full list',
        params: IdParam,
        body: UpdateOrganizationRequest,
        response: { 200: Organization },
      },
    },
    async (request) =>
      service.updateOrganization({
        db: app.db,
        actor: actorOf(request),
        id: request.params.id,
        input: request.body,
      }),
  );

  app.delete(
    '/organizations/:id',
    {
      config: { access: 'organizations.manage', activity: 'organization.delete' },
      schema: {
        tags,
        summary: 'Delete an organization (refused while it has devices)',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await service.deleteOrganization({ db: app.db, actor: actorOf(request), id: request.params.id });
      return { ok: true as const };
    },
  );
};
