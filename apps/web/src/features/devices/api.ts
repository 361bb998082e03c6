import type {
  CreateEnrollmentTokenRequest,
  CreateEnrollmentTokenResponse,
  DeviceNode,
  ListDeviceMetricsResponse,
  ListDeviceOwnerCandidatesResponse,
  ListEnrollmentTokensResponse,
  QueryDeviceResponse,
  UpdateDeviceRequest,
  WakeupResponse,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';
import { listDevices } from '../../lib/devices.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

export type EnrollmentTokenListParams = { page: number; pageSize: number; organizationId?: number };

export const devicesApi = {
  list: (params: DeviceListParams) => listDevices(params),
  /** The device with its full inventory (software list included). */
  get: (id: number) => apiRequest<DeviceNode>('GET', apiPaths.device(id)),
  /** The device without its inventory: cheap enough to poll for live values. */
  getSummary: async (id: number) => {
    const { nodes } = await apiRequest<QueryDeviceResponse>('POST', apiPaths.queryDevice(), {
      nodeIds: [id],
      mode: 'SUMMARY',
      cacheExpiration: 0,
    });
    return nodes.find((node) => node.id === id) ?? null;
  },
  metrics: (id: number) => apiRequest<ListDeviceMetricsResponse>('GET', apiPaths.deviceMetrics(id)),
  /** Who may own the device, by name or email (at most DEVICE_OWNER_CANDIDATES_MAX). */
  ownerCandidates: (id: number, search: string | undefined) =>
    apiRequest<ListDeviceOwnerCandidatesResponse>(
      'GET',
      `${apiPaths.deviceOwnerCandidates(id)}${toQuery({ search })}`,
    ).then((answer) => answer.data),
  update: (id: number, body: UpdateDeviceRequest) =>
    apiRequest<DeviceNode>('PATCH', apiPaths.device(id), body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.device(id)),
  /** Spec §7: a GET that changes something (an online agent on the subnet sends the magic packets). */
  wakeUp: (id: number) => apiRequest<WakeupResponse>('GET', apiPaths.wakeUp(id)),
};

export const enrollmentApi = {
  create: (body: CreateEnrollmentTokenRequest) =>
    apiRequest<CreateEnrollmentTokenResponse>('POST', apiPaths.enrollmentTokens(), body),
  list: (params: EnrollmentTokenListParams) =>
    apiRequest<ListEnrollmentTokensResponse>('GET', `${apiPaths.enrollmentTokens()}${toQuery(params)}`),
  revoke: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.enrollmentToken(id)),
};
