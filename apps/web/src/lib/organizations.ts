import type { GetClientResponse, ListOrganizationsResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from './api.ts';
import { queryRoots } from './query-keys.ts';

/**
 * Organizations (with their locations) as most screens read them: the pickers of devices and device
 * search, the customer dashboards' names and locations. Changing them is the organizations feature's.
 */
export type OrganizationListParams = { page: number; pageSize: number; search?: string; sort?: string };

export const organizationKeys = {
  all: queryRoots.organizations,
  list: (params: OrganizationListParams) => [...queryRoots.organizations, 'list', params] as const,
  detail: (id: number) => [...queryRoots.organizations, 'detail', id] as const,
};

const organizationsReadApi = {
  list: (params: OrganizationListParams) =>
    apiRequest<ListOrganizationsResponse>('GET', `${apiPaths.organizations()}${toQuery(params)}`),
  /** Spec §7 call: `GET /client/{id}` answers `resultCode` and `client`. */
  get: async (id: number) => (await apiRequest<GetClientResponse>('GET', apiPaths.client(id))).client,
};

export const useOrganizationsQuery = (params: OrganizationListParams) =>
  useQuery({
    queryKey: organizationKeys.list(params),
    queryFn: () => organizationsReadApi.list(params),
    placeholderData: keepPreviousData,
  });

export const useOrganizationQuery = (id: number | undefined) =>
  useQuery({
    queryKey: organizationKeys.detail(id ?? 0),
    queryFn: () => organizationsReadApi.get(id!),
    enabled: id !== undefined,
  });
