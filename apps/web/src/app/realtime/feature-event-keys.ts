import { activityEventKeys } from '../../features/activities/queries.ts';
import { alertEventKeys } from '../../features/alerts/queries.ts';
import { backupEventKeys } from '../../features/backup/queries.ts';
import { dashboardEventKeys } from '../../features/dashboard/queries.ts';
import { deviceEventKeys } from '../../features/devices/queries.ts';
import { jobEventKeys } from '../../features/jobs/queries.ts';
import { organizationEventKeys } from '../../features/organizations/queries.ts';
import { scheduledTaskEventKeys } from '../../features/scheduled-tasks/queries.ts';
import { ticketEventKeys } from '../../features/ticketing/queries.ts';
import { combineEventKeys } from './event-keys.ts';

/**
 * The one place that puts the features' event keys together (a feature whose cached data an event
 * changes adds its own here). The realtime channel loads it with the events' schema, after the first
 * screen, so that no feature's queries come with the first load.
 */
export const featureEventKeys = combineEventKeys([
  deviceEventKeys,
  dashboardEventKeys,
  organizationEventKeys,
  jobEventKeys,
  activityEventKeys,
  scheduledTaskEventKeys,
  backupEventKeys,
  alertEventKeys,
  ticketEventKeys,
]);
