import type {
  BulkDeviceTagsRequest,
  BulkDeviceTagsResponse,
  CreateSearchRequest,
  DeviceSearch,
  ExecuteActionRequest,
  ExecuteActionResponse,
  ListDevicesResponse,
  SearchCriteria,
  UpdateSearchRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';
import { savedSearchesApi } from '../../lib/searches.ts';

/** Saved device searches (spec §7 GET /searches) and the search runner. */
export const searchesApi = {
  list: savedSearchesApi.list,
  /** The devices a saved search or preset matches, with the device list's filters, sort and paging. */
  devices: (id: number, params: DeviceListParams) =>
    apiRequest<ListDevicesResponse>('GET', `${apiPaths.searchDevices(id)}${toQuery(params)}`),
  /** POST /searches/run: the devices criteria not saved yet match (the builder's preview), same filters. */
  run: (body: DeviceListParams & { criteria: SearchCriteria }) =>
    apiRequest<ListDevicesResponse>('POST', apiPaths.runCriteria(), body),
  create: (body: CreateSearchRequest) => apiRequest<DeviceSearch>('POST', apiPaths.searches(), body),
  update: (id: number, body: UpdateSearchRequest) =>
    apiRequest<DeviceSearch>('PUT', apiPaths.search(id), body),
  remove: savedSearchesApi.remove,
  executeAction: (body: ExecuteActionRequest) =>
    apiRequest<ExecuteActionResponse>('POST', apiPaths.executeAction(), body),
  /** Adds or removes tags on the devices of a target (device-tags.ts). */
  bulkTags: (body: BulkDeviceTagsRequest) =>
    apiRequest<BulkDeviceTagsResponse>('POST', apiPaths.bulkDeviceTags(), body),
};
