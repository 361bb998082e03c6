import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { HelpLoading } from '../features/help/components/help-loading.tsx';
import { loadAreaStrings } from '../i18n/index.ts';

// The panel's code and strings load when it is first opened: the console's first load carries neither.
const LazyHelpPanel = lazy(async () => {
  const [module] = await Promise.all([
    import('../features/help/components/help-panel.tsx'),
    loadAreaStrings(),
  ]);
  return { default: module.HelpPanel };
});

/** The help side panel (420 px, AppLayout's aside): Escape closes it, also from its search box. */
export const HelpPanel = ({ onClose }: { onClose: () => void }) => {
  useHotkeys([['Escape', onClose]], []);
  return (
    <Suspense fallback={<HelpLoading label="Loading help" />}>
      <LazyHelpPanel onClose={onClose} />
    </Suspense>
  );
};
