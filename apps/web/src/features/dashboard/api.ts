import type { ListDevicesByOrganizationResponse, SystemSummary } from '@rmm/domain';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type DevicesByOrganizationParams = { page: number; pageSize: number };

/** The system dashboard's figures: device counts in all, and per organization. */
export const dashboardApi = {
  summary: () => apiRequest<SystemSummary>('GET', '/dashboard/summary'),
  devicesByOrganization: (params: DevicesByOrganizationParams) =>
    apiRequest<ListDevicesByOrganizationResponse>(
      'GET',
      `/dashboard/devices-by-organization${toQuery(params)}`,
    ),
};
