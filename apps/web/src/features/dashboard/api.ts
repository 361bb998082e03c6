import type { ListDevicesByOrganizationResponse, SystemSummary } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type DevicesByOrganizationParams = { page: number; pageSize: number };

/** The system dashboard's figures: device counts in all, and per organization. */
export const dashboardApi = {
  summary: () => apiRequest<SystemSummary>('GET', apiPaths.dashboardSummary()),
  devicesByOrganization: (params: DevicesByOrganizationParams) =>
    apiRequest<ListDevicesByOrganizationResponse>(
      'GET',
      `${apiPaths.devicesByOrganization()}${toQuery(params)}`,
    ),
};
