import type { NotificationChannel, NotificationChannelInput, NotificationDelivery } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { apiRequest, toQuery } from '../../lib/api.ts';

export type ChannelList = { data: NotificationChannel[]; count: number; page: number; pageSize: number };
export type DeliveryPage = { data: NotificationDelivery[]; count: number; page: number; pageSize: number };
export type DeliveryParams = { page: number; pageSize: number; status?: NotificationDelivery['status'] };

/** Notification channels (packages/domain/src/notification-channels.ts). */
export const notificationChannelsApi = {
  list: () => apiRequest<ChannelList>('GET', apiPaths.notificationChannels()),
  create: (body: NotificationChannelInput) =>
    apiRequest<NotificationChannel>('POST', apiPaths.notificationChannels(), body),
  update: (id: number, body: NotificationChannelInput) =>
    apiRequest<NotificationChannel>('PUT', apiPaths.notificationChannel(id), body),
  remove: (id: number) => apiRequest<{ ok: true }>('DELETE', apiPaths.notificationChannel(id)),
  test: (id: number) => apiRequest<NotificationDelivery>('POST', apiPaths.testNotificationChannel(id)),
  deliveries: (id: number, params: DeliveryParams) =>
    apiRequest<DeliveryPage>('GET', `${apiPaths.notificationDeliveries(id)}${toQuery(params)}`),
};
