import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A screen reached (by URL or an old link) without the permission it needs: said plainly, with a way back. */
export const NoAccessPage = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  return (
    <Center mih={400}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={2}>{t('noAccess.title')}</Title>
        <Text c="dimmed">{t('noAccess.body', { name })}</Text>
        <Button component={Link} to="/systemDashboard/overview" variant="light">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Center>
  );
};
