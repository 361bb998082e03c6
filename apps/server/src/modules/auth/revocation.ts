import type { Bus } from '../../bus/index.ts';
import { USERS_CHANGED_SUBJECT } from '../../bus/subjects.ts';

/**
 * Tells every server process that these users' sessions or rights changed (after the change is
 * committed): each re-checks their /events sockets at once. HTTP requests need no message, since every
 * request reads its session and role from the database.
 */
export const announceUsersChanged = (bus: Bus, userIds: readonly number[]) => {
  if (userIds.length > 0) bus.publish(USERS_CHANGED_SUBJECT, { userIds: [...new Set(userIds)] });
};
