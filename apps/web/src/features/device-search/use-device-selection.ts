import { useState } from 'react';

type SelectionState = { key: string; ids: ReadonlySet<number>; isAllMatching: boolean };

export type DeviceSelection = {
  ids: ReadonlySet<number>;
  /** Every device the list matches, beyond the page ("select all matching"). */
  isAllMatching: boolean;
  /** Unticking a row of "all matching" keeps the rest of the page ticked. */
  toggle: (id: number, pageIds: number[]) => void;
  setPage: (ids: number[], isSelected: boolean) => void;
  selectAllMatching: () => void;
  clear: () => void;
};

const empty = (key: string): SelectionState => ({ key, ids: new Set(), isAllMatching: false });

/** Rows picked in a device list; a new `resetKey` (another search, page or sort) starts empty. */
export const useDeviceSelection = (resetKey: string): DeviceSelection => {
  const [state, setState] = useState<SelectionState>(() => empty(resetKey));
  const current = state.key === resetKey ? state : empty(resetKey);
  const update = (change: (ids: Set<number>) => void) =>
    setState((previous) => {
      const ids = new Set(previous.key === resetKey ? previous.ids : []);
      change(ids);
      return { key: resetKey, ids, isAllMatching: false };
    });
  return {
    ids: current.ids,
    isAllMatching: current.isAllMatching,
    toggle: (id, pageIds) =>
      update((ids) => {
        if (current.isAllMatching) for (const pageId of pageIds) ids.add(pageId);
        ids.has(id) ? ids.delete(id) : ids.add(id);
      }),
    setPage: (pageIds, isSelected) =>
      update((ids) => {
        for (const id of pageIds) isSelected ? ids.add(id) : ids.delete(id);
      }),
    selectAllMatching: () => setState((previous) => ({ ...previous, key: resetKey, isAllMatching: true })),
    clear: () => setState(empty(resetKey)),
  };
};
