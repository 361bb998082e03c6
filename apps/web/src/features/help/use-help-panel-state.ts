import { matchConsoleRoute } from '@rmm/domain/route-match';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

/** Full-screen editors (`/editor/...`) have no help panel: entering one closes it (spec §2 "Help menu"). */
export const isEditorPath = (path: string) => matchConsoleRoute(path)?.route.isEditor === true;

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
