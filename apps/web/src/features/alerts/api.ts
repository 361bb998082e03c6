import type {
  AlertIdsRequest,
  HealthStatusSettings,
  ListAlertsResponse,
  MaintenanceWindow,
  MaintenanceWindowInput,
} from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';
import { type AlertListQuery, alertListQueryString } from './alert-list-params.ts';

export type MaintenanceListParams = { page: number; pageSize: number; organizationId?: number };
export type MaintenanceListResponse = {
  data: MaintenanceWindow[];
  count: number;
  page: number;
  pageSize: number;
};

/** Alerts, their bulk acknowledge and reset, the health status settings and the maintenance windows (alerts.ts). */
export const alertsApi = {
  list: (query: AlertListQuery) =>
    apiRequest<ListAlertsResponse>('GET', `${apiPaths.alerts()}${alertListQueryString(query)}`),
  acknowledge: (body: AlertIdsRequest) =>
    apiRequest<{ changed: number }>('POST', apiPaths.acknowledgeAlerts(), body),
  reset: (body: AlertIdsRequest) => apiRequest<{ changed: number }>('POST', apiPaths.resetAlerts(), body),
  healthSettings: () => apiRequest<HealthStatusSettings>('GET', apiPaths.healthStatusSettings()),
  saveHealthSettings: (body: HealthStatusSettings) =>
    apiRequest<HealthStatusSettings>('PUT', apiPaths.healthStatusSettings(), body),
  maintenanceWindows: (params: MaintenanceListParams) =>
    apiRequest<MaintenanceListResponse>(
      'GET',
      `${apiPaths.maintenanceWindows()}${toQuery({ ...params, current: 'true' })}`,
    ),
  createMaintenanceWindow: (body: MaintenanceWindowInput) =>
    apiRequest<MaintenanceWindow>('POST', apiPaths.maintenanceWindows(), body),
  deleteMaintenanceWindow: (id: number) => apiRequest<unknown>('DELETE', apiPaths.maintenanceWindow(id)),
};
