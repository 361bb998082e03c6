import { refreshTimerMs } from '@rmm/domain';
import { useEffect, useEffectEvent } from 'react';
import type { RefreshInterval } from './refresh-interval.ts';

// Browsers run longer timers at once; 596523 hours is just under this, and means manual anyway.
const MAX_TIMER_MS = 2 ** 31 - 1;

const timerMs = (interval: RefreshInterval | number): number | null => {
  if (interval === 'manual') return null;
  const ms = refreshTimerMs(interval);
  return ms === null || ms > MAX_TIMER_MS ? null : ms;
};

/** Calls `onRefresh` every interval; the manual option sets no timer at all. */
export const useRefreshInterval = (interval: RefreshInterval | number, onRefresh: () => void): void => {
  const refresh = useEffectEvent(onRefresh);
  const delay = timerMs(interval);
  useEffect(() => {
    if (delay === null) return;
    const timer = setInterval(() => refresh(), delay);
    return () => clearInterval(timer);
  }, [delay]);
};
