import {
  IdParam,
  PsaAgreementListResponse,
  PsaCatalogResponse,
  PsaCompanyFilterMap,
  PsaCompanyListResponse,
  PsaCompanySiteListResponse,
  PsaConfigurationStatusesResponse,
  PsaConfigurationTypesResponse,
  PsaConnection,
  PsaConnectionInput,
  PsaRefreshQuery,
  TestPsaConnectionRequest,
  TestPsaConnectionResponse,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import * as connection from './connection-service.ts';
import { psaAccess as access, psaContext, requirePsaEnabled, psaTags as tags } from './guard.ts';
import * as lists from './lists-service.ts';
import { mappingRoutes } from './mapping-routes.ts';
import { ruleRoutes } from './rule-routes.ts';
import { syncRoutes } from './sync-routes.ts';

/** ConnectWise PSA (issue 22): its connection and what is read from ConnectWise (spec §7's two calls first). */
export const psaRoutes: FastifyPluginAsyncZod = async (app) => {
  requirePsaEnabled(app);
  const context = () => psaContext(app);

  app.get(
    '/psacw/v2/settings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The ConnectWise connection (never its keys)',
        response: { 200: PsaConnection },
      },
    },
    async () => connection.getConnection(app.db),
  );

  app.put(
    '/psacw/v2/settings',
    {
      config: { access, activity: 'psa.connection.update' },
      schema: {
        tags,
        summary:
          'Save the ConnectWise connection: site, company id, keys (encrypted; left out: kept), client id, codebase, company criteria, sync interval',
        body: PsaConnectionInput,
        response: { 200: PsaConnection },
      },
    },
    async (request) => {
      const saved = await connection.saveConnection({
        ...context(),
        db: app.db,
        actor: actorOf(request),
        input: request.body,
      });
      app.psa.cache.clear();
      return saved;
    },
  );

  app.post(
    '/psacw/v2/settings/test',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Call ConnectWise /system/info with the given (or the saved) settings; a failure is `ok: false`',
        body: TestPsaConnectionRequest,
        response: { 200: TestPsaConnectionResponse },
      },
    },
    async (request) =>
      connection.testConnection({
        ...context(),
        db: app.db,
        actor: actorOf(request),
        input: request.body ?? undefined,
      }),
  );

  app.post(
    '/psacw/v2/company/companies',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Spec §7: the ConnectWise companies of a company filter map (the settings’ criteria by default)',
        body: PsaCompanyFilterMap.nullish(),
        querystring: PsaRefreshQuery,
        response: { 200: PsaCompanyListResponse },
      },
    },
    async (request) => lists.listCompanies(context(), request.body ?? {}, { refresh: request.query.refresh }),
  );

  app.get(
    '/psacw/v2/company/companies/:id/sites',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Spec §7: the sites of a ConnectWise company',
        params: IdParam,
        querystring: PsaRefreshQuery,
        response: { 200: PsaCompanySiteListResponse },
      },
    },
    async (request) =>
      lists.listCompanySites(context(), request.params.id, { refresh: request.query.refresh }),
  );

  app.get(
    '/psacw/v2/company/companies/:id/agreements',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The agreements of a ConnectWise company that are not cancelled',
        params: IdParam,
        querystring: PsaRefreshQuery,
        response: { 200: PsaAgreementListResponse },
      },
    },
    async (request) => lists.listAgreements(context(), request.params.id, { refresh: request.query.refresh }),
  );

  app.get(
    '/psacw/v2/procurement/catalog',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The active products of the ConnectWise catalog',
        querystring: PsaRefreshQuery,
        response: { 200: PsaCatalogResponse },
      },
    },
    async (request) => lists.listCatalog(context(), { refresh: request.query.refresh }),
  );

  app.get(
    '/psacw/v2/company/configurations/types',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The active ConnectWise configuration types',
        querystring: PsaRefreshQuery,
        response: { 200: PsaConfigurationTypesResponse },
      },
    },
    async (request) => lists.listConfigurationTypes(context(), { refresh: request.query.refresh }),
  );

  app.get(
    '/psacw/v2/company/configurations/statuses',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The ConnectWise configuration statuses',
        querystring: PsaRefreshQuery,
        response: { 200: PsaConfigurationStatusesResponse },
      },
    },
    async (request) => lists.listConfigurationStatuses(context(), { refresh: request.query.refresh }),
  );

  await app.register(mappingRoutes);
  await app.register(ruleRoutes);
  await app.register(syncRoutes);
};
