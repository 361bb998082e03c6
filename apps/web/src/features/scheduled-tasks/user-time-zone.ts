import { localTimeZone } from '@rmm/domain';

/**
 * The user's time zone: the browser's (the console has no per-user setting). Everything this feature
 * shows "in the user's time zone" asks here, so a test sets the zone by mocking this one module.
 */
export const userTimeZone = (): string => localTimeZone();
