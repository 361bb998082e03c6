import { useSyncExternalStore } from 'react';
import type { LiveStatus } from '../../components/live-status-badge.tsx';

/** `live` once the server said ready; `connecting` before; `reconnecting` after a drop. */
export type RealtimeStatus = LiveStatus;

let current: RealtimeStatus = 'offline';
const listeners = new Set<() => void>();

export const setRealtimeStatus = (status: RealtimeStatus) => {
  if (status === current) return;
  current = status;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The state of the one realtime channel the layout keeps open. */
export const useRealtimeStatus = () => useSyncExternalStore(subscribe, () => current);
