import { useDebouncedCallback } from '@mantine/hooks';
import type { SearchCriteria } from '@rmm/domain';
import { useState } from 'react';
import { isCriteriaComplete, sameCriteria } from '../../components/criteria/criteria.ts';

/** How long the criteria must stay unchanged before the results follow them. */
export const PREVIEW_DELAY_MS = 300;

export type CriteriaDraft = {
  /** The criteria as edited, complete or not. */
  draft: SearchCriteria;
  /** The draft differs from the saved criteria. */
  isChanged: boolean;
  /**
   * The last complete draft, once it has stayed unchanged for PREVIEW_DELAY_MS; undefined while it
   * equals the saved criteria (the saved search itself is listed then).
   */
  preview: SearchCriteria | undefined;
  change: (criteria: SearchCriteria) => void;
  reset: () => void;
};

type DraftState = { searchId: number; draft: SearchCriteria; preview: SearchCriteria };

/**
 * The criteria of a saved search being edited, and the criteria the results preview. Another
 * `searchId` starts again from its saved criteria (without a remount, so the list below keeps
 * showing its page until the next one has loaded).
 */
export const useCriteriaDraft = (
  searchId: number,
  saved: SearchCriteria,
  /** Called as the previewed criteria change (other devices: back to page 1, say). */
  onPreviewChange: () => void = () => {},
): CriteriaDraft => {
  const [state, setState] = useState<DraftState>({ searchId, draft: saved, preview: saved });
  const current = state.searchId === searchId ? state : { searchId, draft: saved, preview: saved };
  const schedulePreview = useDebouncedCallback((forSearchId: number, preview: SearchCriteria) => {
    setState((previous) => (previous.searchId === forSearchId ? { ...previous, preview } : previous));
    onPreviewChange();
  }, PREVIEW_DELAY_MS);
  const change = (draft: SearchCriteria) => {
    setState({ ...current, draft });
    // An incomplete rule cannot run: the results keep showing the last criteria that could.
    if (isCriteriaComplete(draft)) schedulePreview(searchId, draft);
    else schedulePreview.cancel();
  };
  const reset = () => {
    schedulePreview.cancel();
    setState({ searchId, draft: saved, preview: saved });
    onPreviewChange();
  };
  return {
    draft: current.draft,
    isChanged: !sameCriteria(current.draft, saved),
    preview: sameCriteria(current.preview, saved) ? undefined : current.preview,
    change,
    reset,
  };
};
