import { useSyncExternalStore } from 'react';

// The job last run from this console per device, so the run panel shows it again when it reopens
// (also after moving between the device's tabs).
const lastRuns = new Map<number, string>();
const listeners = new Set<() => void>();

export const setLastRun = (nodeId: number, jobUid: string) => {
  lastRuns.set(nodeId, jobUid);
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLastRun = (nodeId: number) => useSyncExternalStore(subscribe, () => lastRuns.get(nodeId));
