import * as z from 'zod';
import { ErrorBody, listOf, PageQuery } from './http.ts';
import { messages } from './messages.ts';
import { Product, ProductType } from './products.ts';

/**
 * The product catalogue's calls (spec §7 shows none: docs/decisions.md "Products"). Creating and editing send
 * `ProductPayload` / `UpdateProductPayload` (products.ts); every answer carries the product as stored.
 */

export const PRODUCT_SEARCH_MAX = 200;

const Search = /* @__PURE__ */ z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().max(PRODUCT_SEARCH_MAX).optional(),
);

/** Comma-separated ids (a group's members by id): `3,7`. */
const IdList = /* @__PURE__ */ z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,99}$/)
  .transform((text) => text.split(',').map(Number));

/** By name (whatever its case); `search` matches part of the name or description; `ids` only these. */
export const ListProductsQuery = /* @__PURE__ */ PageQuery.extend({
  search: Search,
  ids: IdList.optional(),
  type: ProductType.optional(),
  isActive: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListProductsQueryInput = z.input<typeof ListProductsQuery>;
export type ListProductsQuery = z.output<typeof ListProductsQuery>;
export const ListProductsResponse = /* @__PURE__ */ listOf(Product);
export type ListProductsResponse = z.infer<typeof ListProductsResponse>;

/** The active products the caller's role may use (on a ticket), by name. */
export const ListUsableProductsQuery = /* @__PURE__ */ PageQuery.extend({
  search: Search,
  type: ProductType.optional(),
});
export type ListUsableProductsQueryInput = z.input<typeof ListUsableProductsQuery>;
export type ListUsableProductsQuery = z.output<typeof ListUsableProductsQuery>;

export const ProductResponse = /* @__PURE__ */ z.object({ product: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

/** 409: on a stale `version` (PRODUCT_VERSION_CONFLICT) with the product as it is now; a taken name has none. */
export const ProductConflictBody = /* @__PURE__ */ ErrorBody.extend({ product: Product.optional() });
export type ProductConflictBody = z.infer<typeof ProductConflictBody>;

/** The technician roles a product may be restricted to (the Permissions tab). */
export const ProductRole = /* @__PURE__ */ z.object({ id: z.number().int(), name: z.string() });
export type ProductRole = z.infer<typeof ProductRole>;
export const ProductRolesResponse = /* @__PURE__ */ z.object({ roles: z.array(ProductRole) });
export type ProductRolesResponse = z.infer<typeof ProductRolesResponse>;

export const productErrorCodes = {
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_NAME_TAKEN: 409,
  PRODUCT_VERSION_CONFLICT: 409,
  PRODUCTS_INACTIVE_OR_MISSING: 422,
  ROLES_INACTIVE_OR_MISSING: 422,
  PRODUCT_TYPE_CHANGED: 422,
  PRODUCT_NOT_ALLOWED: 403,
} as const;
export type ProductErrorCode = keyof typeof productErrorCodes;

/** Spec §8's texts where it has one; the others are decided. */
export const productErrorMessages = {
  PRODUCT_NOT_FOUND: 'There is no such product.',
  PRODUCT_NAME_TAKEN: messages.products.nameTaken,
  PRODUCT_VERSION_CONFLICT:
    'The product was changed by someone else. Review the current values and save again.',
  PRODUCTS_INACTIVE_OR_MISSING: messages.products.productsInactiveOrMissing,
  ROLES_INACTIVE_OR_MISSING: messages.products.rolesInactiveOrMissing,
  PRODUCT_TYPE_CHANGED: 'A product’s type cannot be changed.',
  PRODUCT_NOT_ALLOWED: 'Your role may not use one or more of these products.',
} as const satisfies Record<ProductErrorCode, string>;
