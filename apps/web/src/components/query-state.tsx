import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api.ts';

/** Loading and error states of a query, so no screen is blank while it waits or fails. */
export const QueryState = <T,>({
  query,
  children,
  notFoundTitle,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** The heading of a 404 answer, e.g. "Device not found"; "Page not found" unless given. */
  notFoundTitle?: string;
}) => {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Title order={2}>{notFoundTitle ?? t('notFound.title')}</Title>
          <Text c="dimmed">{query.error.message}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('common.error')} role="alert">
        {query.error.message}{' '}
        <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
};
