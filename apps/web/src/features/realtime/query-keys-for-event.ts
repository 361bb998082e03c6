import type { ConsoleEvent } from '@rmm/domain';
import type { QueryKey } from '@tanstack/react-query';
import { activityKeys } from '../activities/queries.ts';
import { dashboardKeys } from '../dashboard/queries.ts';
import { deviceKeys } from '../devices/queries.ts';
import { jobKeys } from '../jobs/job-keys.ts';
import { organizationKeys } from '../organizations/queries.ts';

/** What may have changed while the channel was down: refetched when it is back. */
export const resyncKeys: QueryKey[] = [deviceKeys.all, dashboardKeys.all, organizationKeys.all, jobKeys.all];

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
    case 'job.updated':
      // The job itself is updated in place (applyJobEvent); lists and the audit log are read again.
      return [jobKeys.lists, activityKeys.lists];
    case 'job.output':
      return [];
  }
};
