import type {
  CreateSearchRequest,
  DeviceSearch,
  ExecuteActionRequest,
  ExecuteActionResponse,
  ListDevicesResponse,
  ListSearchesResponse,
  SearchCriteria,
  UpdateSearchRequest,
} from '@rmm/domain';
import { apiRequest, toQuery } from '../../lib/api.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

/** Saved device searches (spec §7 GET /searches) and the search runner. */
export const searchesApi = {
  list: () => apiRequest<ListSearchesResponse>('GET', '/searches'),
  /** The devices a saved search or preset matches, with the device list's filters, sort and paging. */
  devices: (id: number, params: DeviceListParams) =>
    apiRequest<ListDevicesResponse>('GET', `/searches/${id}/devices${toQuery(params)}`),
  /** POST /searches/run: the devices criteria not saved yet match (the builder's preview), same filters. */
  run: (body: DeviceListParams & { criteria: SearchCriteria }) =>
    apiRequest<ListDevicesResponse>('POST', '/searches/run', body),
  create: (body: CreateSearchRequest) => apiRequest<DeviceSearch>('POST', '/searches', body),
  update: (id: number, body: UpdateSearchRequest) => apiRequest<DeviceSearch>('PUT', `/searches/${id}`, body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', `/searches/${id}`),
  executeAction: (body: ExecuteActionRequest) =>
    apiRequest<ExecuteActionResponse>('POST', '/search/runner/execute-action', body),
};
