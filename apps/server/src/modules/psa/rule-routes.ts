import {
  IdParam,
  ListPsaConfigurationTypeMappingsResponse,
  ListPsaProductMappingsResponse,
  OkResponse,
  PsaConfigurationTypeMapping,
  PsaConfigurationTypeMappingInput,
  PsaProductMapping,
  PsaProductMappingInput,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { psaAccess as access, psaCallerContext, psaTags as tags } from './guard.ts';
import * as rules from './rules-service.ts';

/** Product mappings and configuration-type mappings: named rule sets by device role (and group). */
export const ruleRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest) => psaCallerContext(app, request);

  app.get(
    '/psacw/v2/product-mappings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Product mappings: device role (and group) to a ConnectWise catalog product',
        response: { 200: ListPsaProductMappingsResponse },
      },
    },
    async () => ({ data: await rules.listProductMappings({ db: app.db }) }),
  );
  app.post(
    '/psacw/v2/product-mappings',
    {
      config: { access, activity: 'psa.productMapping.create' },
      schema: {
        tags,
        summary: 'Create a product mapping',
        body: PsaProductMappingInput,
        response: { 201: PsaProductMapping },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await rules.saveProductMapping({ ...context(request), input: request.body })),
  );
  app.put(
    '/psacw/v2/product-mappings/:id',
    {
      config: { access, activity: 'psa.productMapping.update' },
      schema: {
        tags,
        summary: 'Change a product mapping',
        params: IdParam,
        body: PsaProductMappingInput,
        response: { 200: PsaProductMapping },
      },
    },
    async (request) =>
      rules.saveProductMapping({ ...context(request), id: request.params.id, input: request.body }),
  );
  app.delete(
    '/psacw/v2/product-mappings/:id',
    {
      config: { access, activity: 'psa.productMapping.delete' },
      schema: {
        tags,
        summary: 'Delete a product mapping no organization uses',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) =>
      rules.deleteRuleMapping({
        db: app.db,
        actor: actorOf(request),
        kind: 'product',
        id: request.params.id,
      }),
  );

  app.get(
    '/psacw/v2/configuration-type-mappings',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Configuration-type mappings: device role (and group) to a ConnectWise configuration type',
        response: { 200: ListPsaConfigurationTypeMappingsResponse },
      },
    },
    async () => ({ data: await rules.listConfigurationTypeMappings({ db: app.db }) }),
  );
  app.post(
    '/psacw/v2/configuration-type-mappings',
    {
      config: { access, activity: 'psa.configurationTypeMapping.create' },
      schema: {
        tags,
        summary: 'Create a configuration-type mapping',
        body: PsaConfigurationTypeMappingInput,
        response: { 201: PsaConfigurationTypeMapping },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await rules.saveConfigurationTypeMapping({ ...context(request), input: request.body })),
  );
  app.put(
    '/psacw/v2/configuration-type-mappings/:id',
    {
      config: { access, activity: 'psa.configurationTypeMapping.update' },
      schema: {
        tags,
        summary: 'Change a configuration-type mapping',
        params: IdParam,
        body: PsaConfigurationTypeMappingInput,
        response: { 200: PsaConfigurationTypeMapping },
      },
    },
    async (request) =>
      rules.saveConfigurationTypeMapping({ ...context(request), id: request.params.id, input: request.body }),
  );
  app.delete(
    '/psacw/v2/configuration-type-mappings/:id',
    {
      config: { access, activity: 'psa.configurationTypeMapping.delete' },
      schema: {
        tags,
        summary: 'Delete a configuration-type mapping no organization uses',
        params: IdParam,
        response: { 200: OkResponse },
      },
    },
    async (request) =>
      rules.deleteRuleMapping({
        db: app.db,
        actor: actorOf(request),
        kind: 'configurationType',
        id: request.params.id,
      }),
  );
};
