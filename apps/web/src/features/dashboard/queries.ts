import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import { type DevicesByOrganizationParams, dashboardApi } from './api.ts';

export const dashboardKeys = {
  all: queryRoots.dashboard,
  summary: [...queryRoots.dashboard, 'summary'] as const,
  devicesByOrganization: (params: DevicesByOrganizationParams) =>
    [...queryRoots.dashboard, 'devices-by-organization', params] as const,
};

export const useSystemSummaryQuery = () =>
  useQuery({
    queryKey: dashboardKeys.summary,
    queryFn: dashboardApi.summary,
  });

export const useDevicesByOrganizationQuery = (params: DevicesByOrganizationParams) =>
  useQuery({
    queryKey: dashboardKeys.devicesByOrganization(params),
    queryFn: () => dashboardApi.devicesByOrganization(params),
    placeholderData: keepPreviousData,
  });

/** A device created, deleted or changing status changes the dashboard's counts. */
export const dashboardEventKeys: EventKeys = {
  forEvent: (event) =>
    event.type === 'device.created' || event.type === 'device.status' || event.type === 'device.deleted'
      ? [dashboardKeys.all]
      : [],
  resync: [dashboardKeys.all],
};
