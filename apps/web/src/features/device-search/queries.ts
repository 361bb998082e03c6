import type { DeviceSearch, SearchCriteria, UpdateSearchRequest } from '@rmm/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DeviceListParams, queryRoots } from '../../lib/query-keys.ts';
import { searchesApi } from './api.ts';

/** Search results sit under the device lists' key, so device events refresh them like any list. */
export const searchKeys = {
  all: queryRoots.searches,
  devices: (id: number, params: DeviceListParams) =>
    [...queryRoots.deviceLists, 'search', id, params] as const,
  criteriaDevices: (criteria: SearchCriteria, params: DeviceListParams) =>
    [...queryRoots.deviceLists, 'search', 'criteria', criteria, params] as const,
};

export const useSearchesQuery = <T = DeviceSearch[]>(select?: (searches: DeviceSearch[]) => T) =>
  useQuery({ queryKey: searchKeys.all, queryFn: searchesApi.list, select });

/**
 * The devices a saved search or preset matches or, given `criteria`, the devices those unsaved
 * criteria match. One query either way, so the page shown stays on screen while the next loads.
 */
export const useSearchDevicesQuery = (id: number, params: DeviceListParams, criteria?: SearchCriteria) =>
  useQuery({
    queryKey: criteria ? searchKeys.criteriaDevices(criteria, params) : searchKeys.devices(id, params),
    queryFn: () => (criteria ? searchesApi.run({ ...params, criteria }) : searchesApi.devices(id, params)),
    placeholderData: keepPreviousData,
  });

export const useCreateSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: searchesApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  });
};

export const useUpdateSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateSearchRequest }) => searchesApi.update(id, body),
    // New criteria change what the search matches.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: searchKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...queryRoots.deviceLists, 'search'] }),
      ]),
  });
};

export const useDeleteSearchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: searchesApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  });
};

/**
 * Approve, reject, delete or move: device rows, their details, counts and dashboards change.
 * Reboot and run script only queue jobs: the pending job lists change.
 */
export const useExecuteActionMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: searchesApi.executeAction,
    onSuccess: ({ action }) =>
      action === 'REBOOT' || action === 'RUN_SCRIPT'
        ? queryClient.invalidateQueries({ queryKey: queryRoots.jobLists })
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: queryRoots.devices }),
            queryClient.invalidateQueries({ queryKey: queryRoots.dashboard }),
            queryClient.invalidateQueries({ queryKey: queryRoots.organizations }),
          ]),
  });
};

/** The devices' rows and records show their tags; the tags' device counts change. */
export const useBulkTagsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: searchesApi.bulkTags,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryRoots.devices }),
        queryClient.invalidateQueries({ queryKey: queryRoots.tags }),
      ]),
  });
};
