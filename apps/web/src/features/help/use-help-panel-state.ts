import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Full-screen editors have no help panel: entering one closes it (spec §2 "Help menu"). Every editor route of
 * the table, and only those, lies under `/editor/` (use-help-panel-state.test.ts holds the table to it); the
 * router matches case-insensitively. A prefix test keeps the route matcher out of the first load.
 */
export const isEditorPath = (path: string) => /^\/editor(?:\/|$)/i.test(path);

/** Open or closed, for the header's help button; closes when the location becomes an editor route. */
export const useHelpPanelState = () => {
  const [isOpen, setOpen] = useState(false);
  const { pathname } = useLocation();
  const isEditor = isEditorPath(pathname);
  useEffect(() => {
    if (isEditor) setOpen(false);
  }, [isEditor]);
  const toggle = useCallback(() => setOpen((open) => !open), []);
  const close = useCallback(() => setOpen(false), []);
  return { isOpen: isOpen && !isEditor, toggle, close };
};
