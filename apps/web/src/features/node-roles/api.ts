import { listDevices } from '../../lib/devices.ts';
import type { DeviceListParams } from '../../lib/query-keys.ts';

/** The roles themselves are read by several features: lib/node-roles.ts. */
export const nodeRolesApi = {
  /** GET /devices filtered by role: a count-only page (a single row) answers the role's device count. */
  devices: (params: DeviceListParams) => listDevices(params),
};
