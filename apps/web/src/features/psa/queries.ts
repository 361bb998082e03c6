import {
  DEVICE_GROUP_SEARCH_GROUP,
  type DeviceSearch,
  type ListPsaMappingsQuery,
  type ListPsaSyncLogQuery,
  type PsaAutoMapRequest,
  type PsaConfigurationTypeMappingInput,
  type PsaConnectionInput,
  type PsaProductMappingInput,
  type SavePsaMappingRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import { savedSearchesApi } from '../../lib/searches.ts';
import { psaApi } from './api.ts';

const root = ['psa'] as const;
export const psaKeys = {
  root,
  settings: [...root, 'settings'] as const,
  companies: [...root, 'companies'] as const,
  sites: (companyId: number) => [...root, 'sites', companyId] as const,
  agreements: (companyId: number) => [...root, 'agreements', companyId] as const,
  catalog: [...root, 'catalog'] as const,
  configurationTypes: [...root, 'configurationTypes'] as const,
  configurationStatuses: [...root, 'configurationStatuses'] as const,
  mappings: [...root, 'mappings'] as const,
  mappingList: (query: ListPsaMappingsQuery) => [...root, 'mappings', 'list', query] as const,
  productMappings: [...root, 'productMappings'] as const,
  configurationTypeMappings: [...root, 'configurationTypeMappings'] as const,
  runs: (page: number) => [...root, 'sync', 'runs', page] as const,
  log: (query: ListPsaSyncLogQuery) => [...root, 'sync', 'log', query] as const,
  sync: [...root, 'sync'] as const,
};

/** What ConnectWise answered is kept a minute in the console too, and not read again on window focus (spec §7). */
const PSA_STALE_MS = 60_000;
/** While a sync runs, its runs and log are read again this often. */
export const SYNC_POLL_MS = 2_000;

/**
 * Spec §8: a failure is shown and reported: to the server's error log (a report that fails itself is dropped,
 * there is nowhere further to report it).
 */
export const reportPsaError = (source: string, error: unknown) =>
  apiRequest('POST', apiPaths.helpClientErrors(), {
    source: `psa.${source}`,
    message: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
    path: window.location.pathname.slice(0, 2048),
    ...(error instanceof ApiError ? { status: error.status, code: error.code.slice(0, 100) } : {}),
  }).catch(() => undefined);

const reported =
  <T>(source: string, read: () => Promise<T>) =>
  async () => {
    try {
      return await read();
    } catch (error) {
      void reportPsaError(source, error);
      throw error;
    }
  };

/** A read from ConnectWise: cached, no refetch on focus, reported when it fails, not retried behind a spinner. */
const connectWiseRead = { staleTime: PSA_STALE_MS, refetchOnWindowFocus: false, retry: false } as const;

export const usePsaSettingsQuery = (enabled = true) =>
  useQuery({ queryKey: psaKeys.settings, queryFn: psaApi.settings, enabled });

export const useSavePsaSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PsaConnectionInput) => psaApi.saveSettings(body),
    // Every ConnectWise read depends on the connection.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: root }),
  });
};

export const useTestPsaSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: PsaConnectionInput) => psaApi.testSettings(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: psaKeys.settings }),
  });
};

/** Spec §7 POST /psacw/v2/company/companies with the settings' criteria. */
export const usePsaCompaniesQuery = (enabled = true) =>
  useQuery({
    queryKey: psaKeys.companies,
    queryFn: reported('companies', () => psaApi.companies({})),
    enabled,
    ...connectWiseRead,
  });

/** Spec §7 GET …/companies/{id}/sites. */
export const usePsaSitesQuery = (companyId: number | null) =>
  useQuery({
    queryKey: psaKeys.sites(companyId ?? 0),
    queryFn: reported('sites', () => psaApi.companySites(companyId!)),
    enabled: companyId !== null,
    ...connectWiseRead,
  });

/** Reads the sites from ConnectWise again (past both caches). */
export const useRefreshPsaSitesMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (companyId: number) => {
      try {
        return await psaApi.companySites(companyId, true);
      } catch (error) {
        void reportPsaError('refreshSites', error);
        throw error;
      }
    },
    onSuccess: (sites, companyId) => queryClient.setQueryData(psaKeys.sites(companyId), sites),
  });
};

export const usePsaAgreementsQuery = (companyId: number | null) =>
  useQuery({
    queryKey: psaKeys.agreements(companyId ?? 0),
    queryFn: reported('agreements', () => psaApi.agreements(companyId!)),
    enabled: companyId !== null,
    ...connectWiseRead,
  });

export const usePsaCatalogQuery = (enabled = true) =>
  useQuery({
    queryKey: psaKeys.catalog,
    queryFn: reported('catalog', psaApi.catalog),
    enabled,
    ...connectWiseRead,
  });

export const usePsaConfigurationTypesQuery = (enabled = true) =>
  useQuery({
    queryKey: psaKeys.configurationTypes,
    queryFn: reported('configurationTypes', psaApi.configurationTypes),
    enabled,
    ...connectWiseRead,
  });

export const usePsaConfigurationStatusesQuery = (enabled = true) =>
  useQuery({
    queryKey: psaKeys.configurationStatuses,
    queryFn: reported('configurationStatuses', psaApi.configurationStatuses),
    enabled,
    ...connectWiseRead,
  });

export const usePsaMappingsQuery = (query: ListPsaMappingsQuery) =>
  useQuery({
    queryKey: psaKeys.mappingList(query),
    queryFn: () => psaApi.mappings(query),
    placeholderData: keepPreviousData,
  });

const useInvalidate = (key: readonly unknown[]) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
};

export const useSavePsaMappingMutation = () => {
  const invalidate = useInvalidate(psaKeys.mappings);
  const invalidateRules = useInvalidate(root);
  return useMutation({
    mutationFn: ({ clientId, body }: { clientId: number; body: SavePsaMappingRequest }) =>
      psaApi.saveMapping(clientId, body),
    // The rule mappings' client counts change with it.
    onSuccess: async () => {
      await invalidate();
      await invalidateRules();
    },
  });
};

export const useClearPsaMappingMutation = () => {
  const invalidate = useInvalidate(root);
  return useMutation({ mutationFn: psaApi.clearMapping, onSuccess: invalidate });
};

export const usePsaAutoMapPreviewMutation = () =>
  useMutation({
    mutationFn: async () => {
      try {
        return await psaApi.autoMapPreview();
      } catch (error) {
        void reportPsaError('autoMap', error);
        throw error;
      }
    },
  });

export const usePsaAutoMapMutation = () => {
  const invalidate = useInvalidate(psaKeys.mappings);
  return useMutation({
    mutationFn: async (body: PsaAutoMapRequest) => {
      try {
        return await psaApi.autoMap(body);
      } catch (error) {
        void reportPsaError('autoMap', error);
        throw error;
      }
    },
    onSuccess: invalidate,
  });
};

export const usePsaProductMappingsQuery = () =>
  useQuery({ queryKey: psaKeys.productMappings, queryFn: psaApi.productMappings });
export const usePsaConfigurationTypeMappingsQuery = () =>
  useQuery({ queryKey: psaKeys.configurationTypeMappings, queryFn: psaApi.configurationTypeMappings });

export const useSavePsaProductMappingMutation = () => {
  const invalidate = useInvalidate(psaKeys.productMappings);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PsaProductMappingInput }) =>
      psaApi.saveProductMapping(id, body),
    onSuccess: invalidate,
  });
};
export const useDeletePsaProductMappingMutation = () => {
  const invalidate = useInvalidate(psaKeys.productMappings);
  return useMutation({ mutationFn: psaApi.deleteProductMapping, onSuccess: invalidate });
};
export const useSavePsaConfigurationTypeMappingMutation = () => {
  const invalidate = useInvalidate(psaKeys.configurationTypeMappings);
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PsaConfigurationTypeMappingInput }) =>
      psaApi.saveConfigurationTypeMapping(id, body),
    onSuccess: invalidate,
  });
};
export const useDeletePsaConfigurationTypeMappingMutation = () => {
  const invalidate = useInvalidate(psaKeys.configurationTypeMappings);
  return useMutation({ mutationFn: psaApi.deleteConfigurationTypeMapping, onSuccess: invalidate });
};

const isRunning = (data: { data: { status: string }[] } | undefined) =>
  data?.data.some((run) => run.status === 'RUNNING') ?? false;

export const usePsaSyncRunsQuery = (page: number) =>
  useQuery({
    queryKey: psaKeys.runs(page),
    queryFn: () => psaApi.syncRuns(page, 10),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isRunning(query.state.data) ? SYNC_POLL_MS : false),
  });

export const usePsaSyncLogQuery = (query: ListPsaSyncLogQuery, isSyncRunning: boolean) =>
  useQuery({
    queryKey: psaKeys.log(query),
    queryFn: () => psaApi.syncLog(query),
    placeholderData: keepPreviousData,
    refetchInterval: isSyncRunning ? SYNC_POLL_MS : false,
  });

export const usePsaSyncMutation = () => {
  const invalidate = useInvalidate(psaKeys.sync);
  return useMutation({
    mutationFn: async () => {
      try {
        return await psaApi.sync();
      } catch (error) {
        void reportPsaError('sync', error);
        throw error;
      }
    },
    onSuccess: invalidate,
  });
};

const groupsOf = (searches: DeviceSearch[]) =>
  searches
    .filter((search) => search.searchGroup === DEVICE_GROUP_SEARCH_GROUP)
    .sort((a, b) => a.search.localeCompare(b.search));

/** The device groups a rule may narrow a role to (saved searches of the group kind); a failure is reported. */
export const usePsaGroupsQuery = () =>
  useQuery({
    queryKey: queryRoots.searches,
    queryFn: reported('groups', savedSearchesApi.list),
    select: groupsOf,
    retry: false,
  });
