import type { ListDevicesByOrganizationResponse, SystemSummary } from '@rmm/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type DevicesByOrganizationParams = { page: number; pageSize: number };

export const dashboardKeys = {
  all: ['dashboard'] as const,
  summary: ['dashboard', 'summary'] as const,
  devicesByOrganization: (params: DevicesByOrganizationParams) =>
    ['dashboard', 'devices-by-organization', params] as const,
};

export const useSystemSummaryQuery = () =>
  useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: () => apiRequest<SystemSummary>('GET', '/dashboard/summary'),
  });

export const useDevicesByOrganizationQuery = (params: DevicesByOrganizationParams) =>
  useQuery({
    queryKey: dashboardKeys.devicesByOrganization(params),
    queryFn: () =>
      apiRequest<ListDevicesByOrganizationResponse>(
        'GET',
        `/dashboard/devices-by-organization${toQuery(params)}`,
      ),
    placeholderData: keepPreviousData,
  });
