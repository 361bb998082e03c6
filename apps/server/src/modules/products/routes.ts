import {
  IdParam,
  ListProductsQuery,
  ListProductsResponse,
  ListUsableProductsQuery,
  ProductConflictBody,
  ProductPayload,
  ProductResponse,
  ProductRolesResponse,
  UpdateProductPayload,
} from '@rmm/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { ProductConflictError } from './errors.ts';
import * as service from './service.ts';

const tags = ['products'];

/** The product catalogue (issue 21): list, create, read, edit (409 when stale), activate, and what one may use. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'A page of products by name: search in name and description, filter by type and active',
        querystring: ListProductsQuery,
        response: { 200: ListProductsResponse },
      },
    },
    async (request) => service.listProducts(app.db, request.query),
  );

  app.get(
    '/products/usable',
    {
      config: { access: 'ticketing.manage' },
      schema: {
        tags,
        summary: 'The active products the caller’s role may use on a ticket, by name',
        querystring: ListUsableProductsQuery,
        response: { 200: ListProductsResponse },
      },
    },
    async (request) => service.listUsableProducts(app.db, actorOf(request), request.query),
  );

  app.get(
    '/products/roles',
    {
      config: { access: 'billing.view' },
      schema: {
        tags,
        summary: 'The technician roles a product may be restricted to, by name',
        response: { 200: ProductRolesResponse },
      },
    },
    async () => ({ roles: await service.listProductRoles(app.db) }),
  );

  app.post(
    '/products',
    {
      config: { access: 'billing.manage', activity: 'product.create' },
      schema: {
        tags,
        summary: 'Create a product (a name unique whatever its case)',
        body: ProductPayload,
        response: { 201: ProductResponse },
      },
    },
    async (request, reply) => {
      const product = await service.createProduct({
        db: app.db,
        actor: actorOf(request),
        input: request.body,
      });
      return reply.code(201).send({ product });
    },
  );

  app.get(
    '/products/:id',
    {
      config: { access: 'billing.view' },
      schema: { tags, summary: 'One product', params: IdParam, response: { 200: ProductResponse } },
    },
    async (request) => ({ product: await service.getProduct(app.db, request.params.id) }),
  );

  app.put(
    '/products/:id',
    {
      config: { access: 'billing.manage', activity: 'product.update' },
      schema: {
        tags,
        summary: 'Replace a product’s fields, if `version` is its own (else 409 with the product as it is)',
        params: IdParam,
        body: UpdateProductPayload,
        response: { 200: ProductResponse, 409: ProductConflictBody },
      },
    },
    async (request, reply) => {
      try {
        const product = await service.updateProduct({
          db: app.db,
          actor: actorOf(request),
          id: request.params.id,
          input: request.body,
        });
        return { product };
      } catch (error) {
        if (!(error instanceof ProductConflictError)) throw error;
        return reply
          .code(409)
          .send({ error: { code: error.code, message: error.message }, product: error.product });
      }
    },
  );

  for (const [action, isActive] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/products/:id/${action}`,
      {
        config: { access: 'billing.manage', activity: `product.${action}` },
        schema: {
          tags,
          summary: isActive
            ? 'Make a product usable again'
            : 'Stop a product from being used (kept for history)',
          params: IdParam,
          response: { 200: ProductResponse },
        },
      },
      async (request) => ({
        product: await service.setProductActive({
          db: app.db,
          actor: actorOf(request),
          id: request.params.id,
          isActive,
        }),
      }),
    );
  }
};
