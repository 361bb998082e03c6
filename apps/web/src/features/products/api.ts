import type {
  ListProductsResponse,
  ProductPayload,
  ProductResponse,
  ProductRolesResponse,
  ProductType,
  UpdateProductPayload,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

/** GET /products's query as sent (`ids` comma-separated). */
export type ProductListParams = {
  page: number;
  pageSize: number;
  search?: string;
  ids?: string;
  type?: ProductType;
  isActive?: 'true' | 'false';
};

/** The product catalogue (product-api.ts). */
export const productsApi = {
  list: (params: ProductListParams) =>
    apiRequest<ListProductsResponse>('GET', `${apiPaths.products()}${toQuery(params)}`),
  get: (id: number) => apiRequest<ProductResponse>('GET', apiPaths.product(id)),
  create: (body: ProductPayload) => apiRequest<ProductResponse>('POST', apiPaths.products(), body),
  update: (id: number, body: UpdateProductPayload) =>
    apiRequest<ProductResponse>('PUT', apiPaths.product(id), body),
  setActive: (id: number, isActive: boolean) =>
    apiRequest<ProductResponse>(
      'POST',
      isActive ? apiPaths.productActivate(id) : apiPaths.productDeactivate(id),
    ),
  roles: () => apiRequest<ProductRolesResponse>('GET', apiPaths.productRoles()),
};
