import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';

/** Loading and error states of the groups: a failed load reads "Error fetching groups" (spec §8). */
export const GroupsQueryState = <T,>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) => {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('spec.groups.fetchError')}</Text>
          <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return <QueryState query={query}>{children}</QueryState>;
};
