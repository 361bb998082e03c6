import type { Product, ProductPayload, UpdateProductPayload } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ProductListParams, productsApi } from './api.ts';

const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  list: (params: ProductListParams) => [...productKeys.lists(), params] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  roles: () => [...productKeys.all, 'roles'] as const,
};

export const useProductsQuery = (params: ProductListParams, { enabled = true } = {}) =>
  useQuery({
    queryKey: productKeys.list(params),
    queryFn: () => productsApi.list(params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useProductQuery = (id: number | undefined) =>
  useQuery({
    queryKey: productKeys.detail(id ?? 0),
    queryFn: async () => (await productsApi.get(id ?? 0)).product,
    enabled: id !== undefined,
  });

/** The technician roles a product may be restricted to. */
export const useProductRolesQuery = () =>
  useQuery({
    queryKey: productKeys.roles(),
    queryFn: async () => (await productsApi.roles()).roles,
    staleTime: 60_000,
  });

/** A saved product: its record is the answer; every list is read again (its place or filters may change). */
const useSaved = () => {
  const queryClient = useQueryClient();
  return (product: Product) => {
    queryClient.setQueryData(productKeys.detail(product.id), product);
    return queryClient.invalidateQueries({ queryKey: productKeys.lists() });
  };
};

export const useCreateProductMutation = () => {
  const saved = useSaved();
  return useMutation({
    mutationFn: (body: ProductPayload) => productsApi.create(body),
    onSuccess: ({ product }) => saved(product),
  });
};

export const useUpdateProductMutation = () => {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateProductPayload }) => productsApi.update(id, body),
    onSuccess: ({ product }) => saved(product),
  });
};

export const useSetProductActiveMutation = () => {
  const saved = useSaved();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => productsApi.setActive(id, isActive),
    onSuccess: ({ product }) => saved(product),
  });
};

/** The product as stored now (after a 409), put in the cache for the dialog. */
export const useReloadProduct = () => {
  const queryClient = useQueryClient();
  return (id: number) =>
    queryClient.fetchQuery({
      queryKey: productKeys.detail(id),
      queryFn: async () => (await productsApi.get(id)).product,
      staleTime: 0,
    });
};
