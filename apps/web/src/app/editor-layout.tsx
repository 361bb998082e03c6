import { Box, CloseButton, Group, Paper } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { links } from '@rmm/domain/links';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageLoader } from '../components/page-loader.tsx';

/** Editors open full screen; Close goes back to where the user came from. */
export const EditorLayout = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = (location.state as { from?: string } | null)?.from;
  const close = () =>
    returnTo ? navigate(returnTo) : window.history.length > 1 ? navigate(-1) : navigate(links.home());
  useHotkeys([['Escape', close]], []);
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Paper radius={0} withBorder px="md" py="xs" pos="sticky" top={0} style={{ zIndex: 10 }}>
        <Group justify="flex-end">
          <CloseButton size="lg" aria-label={t('editor.close')} onClick={close} />
        </Group>
      </Paper>
      <Box p="lg" maw={1100} mx="auto">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
};
