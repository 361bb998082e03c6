import type {
  CreateTagRequest,
  DeviceTagsResponse,
  SetDeviceTagsRequest,
  TagResponse,
  UpdateTagRequest,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest } from '../../lib/api.ts';
import { tagListApi } from '../../lib/device-tags.ts';

/** Device tags: the MSP's tags and one device's list (device-tags.ts). */
export const tagsApi = {
  list: tagListApi.list,
  create: (body: CreateTagRequest) => apiRequest<TagResponse>('POST', apiPaths.tags(), body),
  update: (id: number, body: UpdateTagRequest) => apiRequest<TagResponse>('PATCH', apiPaths.tag(id), body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.tag(id)),
  setDeviceTags: (deviceId: number, body: SetDeviceTagsRequest) =>
    apiRequest<DeviceTagsResponse>('PUT', apiPaths.deviceTags(deviceId), body),
};
