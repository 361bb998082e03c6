import type { ListProductsResponse, ListUsableProductsQuery, Product } from '@rmm/domain';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/database.ts';
import type { ProductUser } from './service.ts';
import * as service from './service.ts';

/**
 * The product catalogue for the rest of the server (agreements, ticket products, invoices): never read the
 * products tables directly, ask `app.products`:
 *
 *   // an agreement's products: each active, else 422 "One or more products are inactive or were not found"
 *   await app.products.requireActive([3, 7], tx);
 *   // a ticket's product: active, else 422 as above; open to the technician's role, else 403 PRODUCT_NOT_ALLOWED
 *   const [product] = await app.products.assertUsable(actor, [productId], tx);
 *   // which of these the technician may use (active and open to their role), in the order asked
 *   const usable = await app.products.usableBy(actor, productIds);
 *
 * Pass the transaction (`tx`) that writes the reference: the products stay locked (FOR SHARE) until it commits,
 * so none is deactivated meanwhile. `actor` is any `{ roleId }` (a request's actor); a product restricted to
 * roles is open to no caller without one, so the server acting for itself checks `requireActive` only.
 */
export type Products = {
  get: (id: number, db?: DbOrTx) => Promise<Product>;
  requireActive: (ids: readonly number[], db?: DbOrTx) => Promise<Product[]>;
  usableBy: (actor: ProductUser, ids: readonly number[], db?: DbOrTx) => Promise<Product[]>;
  assertUsable: (actor: ProductUser, ids: readonly number[], db?: DbOrTx) => Promise<Product[]>;
  listUsable: (actor: ProductUser, query: ListUsableProductsQuery) => Promise<ListProductsResponse>;
};

declare module 'fastify' {
  interface FastifyInstance {
    products: Products;
  }
}

export const productsPlugin = fp(async (app) => {
  app.decorate('products', {
    get: (id, db = app.db) => service.getProduct(db, id),
    requireActive: (ids, db = app.db) => service.requireActiveProducts(db, ids),
    usableBy: (actor, ids, db = app.db) => service.usableBy(db, actor, ids),
    assertUsable: (actor, ids, db = app.db) => service.assertUsable(db, actor, ids),
    listUsable: (actor, query) => service.listUsableProducts(app.db, actor, query),
  } satisfies Products);
});
