import type { NotificationChannel, NotificationDelivery } from '@rmm/domain';

let nextId = 900;

/** A notification channel (an email one unless told); every call gets its own id and name. */
export const createChannel = (overrides: Partial<NotificationChannel> = {}): NotificationChannel => {
  const id = ++nextId;
  return {
    id,
    type: 'EMAIL',
    name: `Channel ${id}`,
    enabled: true,
    config: { recipients: ['oncall@msp.test'] },
    lastDeliveryStatus: null,
    lastDeliveryTime: null,
    createTime: '2026-03-01T10:00:00.000Z',
    updateTime: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
};

export const channelList = (channels: NotificationChannel[]) => ({
  data: channels,
  count: channels.length,
  page: 1,
  pageSize: channels.length,
});

/** A delivery of a channel (a delivered alert notification unless told). */
export const createDelivery = (overrides: Partial<NotificationDelivery> = {}): NotificationDelivery => {
  const id = ++nextId;
  return {
    id,
    channelId: 1,
    alertId: 42,
    event: 'TRIGGERED',
    status: 'DELIVERED',
    attempts: 1,
    lastError: null,
    attemptLog: [{ time: '2026-03-01T10:00:01.000Z', error: null }],
    nextAttemptTime: null,
    deliveredTime: '2026-03-01T10:00:01.000Z',
    createTime: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
};

export const deliveryPage = (deliveries: NotificationDelivery[], count = deliveries.length, page = 1) => ({
  data: deliveries,
  count,
  page,
  pageSize: 20,
});
