import {
  ClientIdParam,
  ListPsaMappingsQuery,
  ListPsaMappingsResponse,
  PsaAccountMappingRow,
  PsaAutoMapPreviewResponse,
  PsaAutoMapRequest,
  PsaAutoMapResponse,
  SavePsaMappingRequest,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { psaAccess as access, psaCallerContext, psaTags as tags } from './guard.ts';
import * as mappings from './mappings-service.ts';

/** Spec §3's account mappings with §4's auto-map and clear: organizations of the caller's scope only. */
export const mappingRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => psaCallerContext(app, request);

  app.get(
    '/psacw/v2/mappings',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'The organizations (clients) with their ConnectWise mapping, by name; search, mapped or not, paged',
        querystring: ListPsaMappingsQuery,
        response: { 200: ListPsaMappingsResponse },
      },
    },
    async (request) => mappings.listMappings({ db: app.db, actor: actorOf(request), query: request.query }),
  );

  app.get(
    '/psacw/v2/mappings/:clientId',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One organization’s mapping with every location’s',
        params: ClientIdParam,
        response: { 200: PsaAccountMappingRow },
      },
    },
    async (request) =>
      mappings.getMapping({ db: app.db, actor: actorOf(request), clientId: request.params.clientId }),
  );

  app.put(
    '/psacw/v2/mappings/:clientId',
    {
      config: { access, activity: 'psa.mapping.save' },
      schema: {
        tags,
        summary:
          'Map an organization to a ConnectWise company with its default product and configuration-type mappings and each location’s site, agreement and overrides',
        params: ClientIdParam,
        body: SavePsaMappingRequest,
        response: { 200: PsaAccountMappingRow },
      },
    },
    async (request) =>
      mappings.saveMapping({ ...context(request), clientId: request.params.clientId, input: request.body }),
  );

  app.delete(
    '/psacw/v2/mappings/:clientId',
    {
      config: { access, activity: 'psa.mapping.clear' },
      schema: {
        tags,
        summary: 'Clear a mapping (spec §4): company, product, configuration type and every location mapping',
        params: ClientIdParam,
        response: { 200: PsaAccountMappingRow },
      },
    },
    async (request) =>
      mappings.clearMapping({ db: app.db, actor: actorOf(request), clientId: request.params.clientId }),
  );

  app.post(
    '/psacw/v2/mappings/auto-map/preview',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Spec §4 auto-map, not applied: unmapped organizations whose name equals one company’s',
        response: { 200: PsaAutoMapPreviewResponse },
      },
    },
    async (request) => mappings.previewAutoMap(context(request)),
  );

  app.post(
    '/psacw/v2/mappings/auto-map',
    {
      config: { access, activity: 'psa.mapping.autoMap' },
      schema: {
        tags,
        summary: 'Apply the auto-map matches the user confirmed (each still holding), one transaction each',
        body: PsaAutoMapRequest,
        response: { 200: PsaAutoMapResponse },
      },
    },
    async (request) => mappings.applyAutoMap({ ...context(request), request: request.body }),
  );
};
