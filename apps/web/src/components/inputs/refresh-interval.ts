import {
  DEFAULT_REFRESH_INTERVAL_SECONDS,
  isManualRefresh,
  MANUAL_REFRESH_INTERVAL_SECONDS,
  REFRESH_INTERVALS_SECONDS,
} from '@rmm/domain';

/** One of the thirteen §9 intervals in seconds, or no automatic refresh. */
export type RefreshInterval = (typeof REFRESH_INTERVALS_SECONDS)[number] | 'manual';

export const DEFAULT_REFRESH_INTERVAL: RefreshInterval = DEFAULT_REFRESH_INTERVAL_SECONDS;

/** The form the server stores: manual is 596523 hours in seconds. */
export const toRefreshSeconds = (interval: RefreshInterval): number =>
  interval === 'manual' ? MANUAL_REFRESH_INTERVAL_SECONDS : interval;

/** A stored number of seconds, or the select's option value, as an interval; undefined if not offered. */
export const parseRefreshInterval = (input: number | string): RefreshInterval | undefined => {
  if (input === 'manual' || (typeof input === 'number' && isManualRefresh(input))) return 'manual';
  const seconds = Number(input);
  return REFRESH_INTERVALS_SECONDS.find((offered) => offered === seconds);
};
