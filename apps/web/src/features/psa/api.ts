import type {
  ListPsaMappingsQuery,
  ListPsaMappingsResponse,
  ListPsaSyncLogQuery,
  ListPsaSyncLogResponse,
  ListPsaSyncRunsResponse,
  PsaAccountMappingRow,
  PsaAgreementListResponse,
  PsaAutoMapPreviewResponse,
  PsaAutoMapRequest,
  PsaAutoMapResponse,
  PsaCatalogResponse,
  PsaCompanyFilterMap,
  PsaCompanyListResponse,
  PsaCompanySiteListResponse,
  PsaConfigurationStatusesResponse,
  PsaConfigurationTypeMapping,
  PsaConfigurationTypeMappingInput,
  PsaConfigurationTypesResponse,
  PsaConnection,
  PsaConnectionInput,
  PsaProductMapping,
  PsaProductMappingInput,
  PsaSyncRun,
  SavePsaMappingRequest,
  TestPsaConnectionResponse,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

const refreshed = (refresh?: boolean) => (refresh ? '?refresh=true' : '');

/** The ConnectWise PSA integration's calls (packages/domain/src/psa-connectwise.ts). */
export const psaApi = {
  settings: () => apiRequest<PsaConnection>('GET', apiPaths.psaSettings()),
  saveSettings: (body: PsaConnectionInput) => apiRequest<PsaConnection>('PUT', apiPaths.psaSettings(), body),
  testSettings: (body?: PsaConnectionInput) =>
    apiRequest<TestPsaConnectionResponse>('POST', apiPaths.psaSettingsTest(), body ?? null),
  /** Spec §7: POST with a company filter map. */
  companies: (filter: PsaCompanyFilterMap = {}, refresh?: boolean) =>
    apiRequest<PsaCompanyListResponse>('POST', `${apiPaths.psaCompanies()}${refreshed(refresh)}`, filter),
  /** Spec §7: the company's sites. */
  companySites: (companyId: number, refresh?: boolean) =>
    apiRequest<PsaCompanySiteListResponse>(
      'GET',
      `${apiPaths.psaCompanySites(companyId)}${refreshed(refresh)}`,
    ),
  agreements: (companyId: number) =>
    apiRequest<PsaAgreementListResponse>('GET', apiPaths.psaCompanyAgreements(companyId)),
  catalog: () => apiRequest<PsaCatalogResponse>('GET', apiPaths.psaCatalog()),
  configurationTypes: () =>
    apiRequest<PsaConfigurationTypesResponse>('GET', apiPaths.psaConfigurationTypes()),
  configurationStatuses: () =>
    apiRequest<PsaConfigurationStatusesResponse>('GET', apiPaths.psaConfigurationStatuses()),
  mappings: (query: ListPsaMappingsQuery) =>
    apiRequest<ListPsaMappingsResponse>('GET', `${apiPaths.psaMappings()}${toQuery(query)}`),
  mapping: (clientId: number) => apiRequest<PsaAccountMappingRow>('GET', apiPaths.psaMapping(clientId)),
  saveMapping: (clientId: number, body: SavePsaMappingRequest) =>
    apiRequest<PsaAccountMappingRow>('PUT', apiPaths.psaMapping(clientId), body),
  clearMapping: (clientId: number) =>
    apiRequest<PsaAccountMappingRow>('DELETE', apiPaths.psaMapping(clientId)),
  autoMapPreview: () => apiRequest<PsaAutoMapPreviewResponse>('POST', apiPaths.psaAutoMapPreview()),
  autoMap: (body: PsaAutoMapRequest) => apiRequest<PsaAutoMapResponse>('POST', apiPaths.psaAutoMap(), body),
  productMappings: () => apiRequest<{ data: PsaProductMapping[] }>('GET', apiPaths.psaProductMappings()),
  saveProductMapping: (id: number | undefined, body: PsaProductMappingInput) =>
    id === undefined
      ? apiRequest<PsaProductMapping>('POST', apiPaths.psaProductMappings(), body)
      : apiRequest<PsaProductMapping>('PUT', apiPaths.psaProductMapping(id), body),
  deleteProductMapping: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.psaProductMapping(id)),
  configurationTypeMappings: () =>
    apiRequest<{ data: PsaConfigurationTypeMapping[] }>('GET', apiPaths.psaConfigurationTypeMappings()),
  saveConfigurationTypeMapping: (id: number | undefined, body: PsaConfigurationTypeMappingInput) =>
    id === undefined
      ? apiRequest<PsaConfigurationTypeMapping>('POST', apiPaths.psaConfigurationTypeMappings(), body)
      : apiRequest<PsaConfigurationTypeMapping>('PUT', apiPaths.psaConfigurationTypeMapping(id), body),
  deleteConfigurationTypeMapping: (id: number) =>
    apiRequest<{ ok: true }>('DELETE', apiPaths.psaConfigurationTypeMapping(id)),
  sync: () => apiRequest<PsaSyncRun>('POST', apiPaths.psaSync()),
  syncRuns: (page: number, pageSize: number) =>
    apiRequest<ListPsaSyncRunsResponse>('GET', `${apiPaths.psaSyncRuns()}${toQuery({ page, pageSize })}`),
  syncLog: (query: ListPsaSyncLogQuery) =>
    apiRequest<ListPsaSyncLogResponse>('GET', `${apiPaths.psaSyncLog()}${toQuery(query)}`),
};
