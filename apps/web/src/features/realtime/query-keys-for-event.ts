import type { ConsoleEvent } from '@rmm/domain';
import type { QueryKey } from '@tanstack/react-query';
import { dashboardKeys } from '../dashboard/api.ts';
import { deviceKeys } from '../devices/queries.ts';
import { organizationKeys } from '../organizations/queries.ts';

/** What may have changed while the channel was down: refetched when it is back. */
export const resyncKeys: QueryKey[] = [deviceKeys.all, dashboardKeys.all, organizationKeys.all];

/** The cached queries a console event makes stale; only these are refetched. */
export const queryKeysForEvent = (event: ConsoleEvent): QueryKey[] => {
  switch (event.type) {
    case 'ready':
      return [];
    case 'device.created':
      // A new device changes the lists, the dashboard counts and its organization's device count.
      return [deviceKeys.lists, dashboardKeys.all, organizationKeys.all];
    case 'device.status':
      return [deviceKeys.lists, deviceKeys.detail(event.deviceId), dashboardKeys.all];
    case 'device.updated':
      return [deviceKeys.lists, deviceKeys.detail(event.device.id)];
    case 'device.deleted':
      return [deviceKeys.lists, deviceKeys.detail(event.deviceId), dashboardKeys.all, organizationKeys.all];
  }
};
