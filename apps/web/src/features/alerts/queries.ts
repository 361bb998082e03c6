import { notifications } from '@mantine/notifications';
import type { Alert, AlertChangedEvent, ListAlertsResponse, MaintenanceWindowInput } from '@rmm/domain';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { EventKeys } from '../../app/realtime/event-keys.ts';
import { i18n, loadAreaStrings } from '../../i18n/index.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import type { AlertListQuery } from './alert-list-params.ts';
import { alertsApi, type MaintenanceListParams } from './api.ts';

/** Alerts, the health status settings and the maintenance windows, under one root. */
export const alertKeys = {
  all: ['alerts'] as const,
  lists: ['alerts', 'list'] as const,
  list: (query: AlertListQuery) => ['alerts', 'list', query] as const,
  healthSettings: ['alerts', 'health-settings'] as const,
  maintenance: ['alerts', 'maintenance'] as const,
  maintenanceList: (params: MaintenanceListParams) => ['alerts', 'maintenance', params] as const,
};

/** The device dashboard's key (features/devices/queries.ts builds the same): its health follows its alerts. */
const deviceDetailKey = (id: number) => [...queryRoots.devices, 'detail', id] as const;

export const useAlertsQuery = (query: AlertListQuery) =>
  useQuery({
    queryKey: alertKeys.list(query),
    queryFn: () => alertsApi.list(query),
    placeholderData: keepPreviousData,
  });

/** Acknowledge or reset: the lists and the devices' health are read again; the answer says how many changed. */
const useAlertAction = (action: (ids: number[]) => Promise<{ changed: number }>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertKeys.lists }),
        queryClient.invalidateQueries({ queryKey: queryRoots.devices }),
      ]),
  });
};

export const useAcknowledgeAlertsMutation = () => useAlertAction((ids) => alertsApi.acknowledge({ ids }));
export const useResetAlertsMutation = () => useAlertAction((ids) => alertsApi.reset({ ids }));

export const useHealthSettingsQuery = () =>
  useQuery({ queryKey: alertKeys.healthSettings, queryFn: alertsApi.healthSettings });

/** What was saved becomes the cached settings; every device's health may change with it. */
export const useSaveHealthSettingsMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alertsApi.saveHealthSettings,
    onSuccess: (_answer, saved) => {
      queryClient.setQueryData(alertKeys.healthSettings, saved);
      return queryClient.invalidateQueries({ queryKey: queryRoots.devices });
    },
  });
};

export const useMaintenanceWindowsQuery = (params: MaintenanceListParams) =>
  useQuery({
    queryKey: alertKeys.maintenanceList(params),
    queryFn: () => alertsApi.maintenanceWindows(params),
    placeholderData: keepPreviousData,
  });

export const useCreateMaintenanceWindowMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MaintenanceWindowInput) => alertsApi.createMaintenanceWindow(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.maintenance }),
  });
};

export const useDeleteMaintenanceWindowMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alertsApi.deleteMaintenanceWindow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.maintenance }),
  });
};

// ---- live updates ----

/** Severities whose raising pops up a notification wherever the technician is in the console. */
const NOTIFIED_SEVERITIES: readonly Alert['severity'][] = ['MAJOR', 'CRITICAL'];
/** How long a raised-alert notification stays; more raised meanwhile are counted into it instead of piling up. */
export const RAISED_NOTIFICATION_MS = 8_000;

let raised: { id: string; count: number; until: number } | undefined;
let raisedSeq = 0;
/** Forgets the notification being counted into (tests, which share the module between files). */
export const forgetRaisedNotification = () => {
  raised = undefined;
};

const notifyRaised = async (alert: Alert) => {
  await loadAreaStrings();
  const now = Date.now();
  if (raised && now < raised.until) {
    raised.count += 1;
    notifications.update({
      id: raised.id,
      color: 'red',
      title: i18n.t('alerts.raised.many', { count: raised.count }),
      message: `${alert.deviceName}: ${alert.conditionName}`,
      autoClose: RAISED_NOTIFICATION_MS,
    });
    return;
  }
  raisedSeq += 1;
  raised = { id: `alert-raised-${raisedSeq}`, count: 1, until: now + RAISED_NOTIFICATION_MS };
  notifications.show({
    id: raised.id,
    color: alert.severity === 'CRITICAL' ? 'red' : 'orange',
    title: i18n.t('alerts.raised.title', {
      severity: i18n.t(`alerts.severity.${alert.severity}`),
      device: alert.deviceName,
    }),
    // The message is the agent's text: a string, never markup.
    message: `${alert.conditionName}: ${alert.message}`,
    autoClose: RAISED_NOTIFICATION_MS,
  });
};

/** The alert in place in every cached page that shows it (acknowledged, severity changed, flapping...). */
const applyAlertChange = (queryClient: QueryClient, event: AlertChangedEvent) => {
  queryClient.setQueriesData<ListAlertsResponse>({ queryKey: alertKeys.lists }, (page) =>
    page?.data.some((alert) => alert.id === event.alert.id)
      ? { ...page, data: page.data.map((alert) => (alert.id === event.alert.id ? event.alert : alert)) }
      : page,
  );
};

/**
 * `alert.changed`: the alert changes in place in the pages that show it, and the lists are read again (a raised
 * alert appears, a reset one leaves the active list); the device's record too, since its health follows its
 * alerts. A raised MAJOR or CRITICAL alert also pops up a notification.
 */
export const alertEventKeys: EventKeys = {
  forEvent: (event) => {
    if (event.type !== 'alert.changed') return [];
    return event.change === 'ACKNOWLEDGED'
      ? [alertKeys.lists]
      : [alertKeys.lists, deviceDetailKey(event.alert.deviceId)];
  },
  resync: [alertKeys.lists],
  apply: (queryClient, event) => {
    if (event.type !== 'alert.changed') return;
    applyAlertChange(queryClient, event);
    if (event.change === 'RAISED' && NOTIFIED_SEVERITIES.includes(event.alert.severity))
      void notifyRaised(event.alert);
  },
};
