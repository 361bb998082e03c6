import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown for an area whose issue has not come yet: never a blank page. */
export const ComingSoonPage = ({ name }: { name: string }) => {
  const { t } = useTranslation();
  return (
    <Center mih={400}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconClockHour4 size={30} />
        </ThemeIcon>
        <Title order={2}>{t('comingSoon.title', { name })}</Title>
        <Text c="dimmed">{t('comingSoon.body')}</Text>
        <Button component={Link} to="/systemDashboard/overview" variant="light">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Center>
  );
};
