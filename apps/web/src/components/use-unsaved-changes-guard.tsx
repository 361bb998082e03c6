import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the page while `isDirty`: a link or Close inside the console, or closing the tab.
 * `allowNextNavigation()` lets one navigation through (after a save or a delete). `within`: a path whose
 * sub-paths are the same page (an editor's sections): moving between them keeps the changes and asks nothing.
 */
export const useUnsavedChangesGuard = (isDirty: boolean, { within }: { within?: string } = {}) => {
  const { t } = useTranslation();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const allowed = useRef(false);
  const isInside = (pathname: string) =>
    within !== undefined && (pathname === within || pathname.startsWith(`${within}/`));
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current &&
      !allowed.current &&
      currentLocation.pathname !== nextLocation.pathname &&
      !isInside(nextLocation.pathname),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Confirm and Cancel close the modal too: whichever comes first decides, once.
    let isSettled = false;
    const settle = (decide: () => void) => () => {
      if (isSettled) return;
      isSettled = true;
      decide();
    };
    modals.openConfirmModal({
      title: t('unsavedChanges.title'),
      children: <Text size="sm">{t('unsavedChanges.body')}</Text>,
      labels: { confirm: t('unsavedChanges.leave'), cancel: t('unsavedChanges.stay') },
      confirmProps: { color: 'red' },
      onConfirm: settle(() => blocker.proceed()),
      onCancel: settle(() => blocker.reset()),
      onClose: settle(() => blocker.reset()),
    });
  }, [blocker, t]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return {
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
};
