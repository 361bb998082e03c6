import type { ListDevicesResponse } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

/** The roles themselves are read by several features: lib/node-roles.ts. */
export const nodeRolesApi = {
  /** GET /devices filtered by role: a count-only page (a single row) answers the role's device count. */
  devices: (params: DeviceListParams) =>
    apiRequest<ListDevicesResponse>('GET', `${apiPaths.devices()}${toQuery(params)}`),
};
