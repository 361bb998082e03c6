import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The line under a paged list: how many in total, and the pages. */
export const ListFooter = ({
  count,
  page,
  pageSize,
  onPageChange,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" p="sm">
      <Text size="sm" c="dimmed">
        {t('common.total', { count })}
      </Text>
      <Pagination total={Math.max(1, Math.ceil(count / pageSize))} value={page} onChange={onPageChange} />
    </Group>
  );
};
