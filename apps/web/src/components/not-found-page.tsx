import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

export const NotFoundPage = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Center mih={400}>
      <Stack align="center" gap="sm">
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body', { path: pathname })}</Text>
        <Button component={Link} to="/systemDashboard/overview" variant="light">
          {t('comingSoon.back')}
        </Button>
      </Stack>
    </Center>
  );
};
