import type {
  CreateEnrollmentTokenRequest,
  CreateEnrollmentTokenResponse,
  DeviceNode,
  ListDeviceMetricsResponse,
  ListDevicesResponse,
  ListEnrollmentTokensResponse,
  QueryDeviceResponse,
  UpdateDeviceRequest,
  WakeupResponse,
} from '@rmm/domain';
import { apiRequest, toQuery } from '../../lib/api.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

export type EnrollmentTokenListParams = { page: number; pageSize: number; organizationId?: number };

export const devicesApi = {
  list: (params: DeviceListParams) => apiRequest<ListDevicesResponse>('GET', `/devices${toQuery(params)}`),
  /** The device with its full inventory (software list included). */
  get: (id: number) => apiRequest<DeviceNode>('GET', `/devices/${id}`),
  /** The device without its inventory: cheap enough to poll for live values. */
  getSummary: async (id: number) => {
    const { nodes } = await apiRequest<QueryDeviceResponse>('POST', '/query/device', {
      nodeIds: [id],
      mode: 'SUMMARY',
      cacheExpiration: 0,
    });
    return nodes.find((node) => node.id === id) ?? null;
  },
  metrics: (id: number) => apiRequest<ListDeviceMetricsResponse>('GET', `/devices/${id}/metrics`),
  update: (id: number, body: UpdateDeviceRequest) => apiRequest<DeviceNode>('PATCH', `/devices/${id}`, body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', `/devices/${id}`),
  /** Spec §7: a GET that changes something (an online agent on the subnet sends the magic packets). */
  wakeUp: (id: number) => apiRequest<WakeupResponse>('GET', `/node/${id}/wakeup`),
};

export const enrollmentApi = {
  create: (body: CreateEnrollmentTokenRequest) =>
    apiRequest<CreateEnrollmentTokenResponse>('POST', '/enrollment-tokens', body),
  list: (params: EnrollmentTokenListParams) =>
    apiRequest<ListEnrollmentTokensResponse>('GET', `/enrollment-tokens${toQuery(params)}`),
  revoke: (id: number) => apiRequest<{ ok: true }>('DELETE', `/enrollment-tokens/${id}`),
};
