import type { ListDevicesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from './api.ts';
import type { DeviceListParams } from './query-keys.ts';

/** GET /devices: the device list that several features read (devices, approvals, node-role counts). */
export const listDevices = (params: DeviceListParams) =>
  apiRequest<ListDevicesResponse>('GET', `${apiPaths.devices()}${toQuery(params)}`);
