import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { BoardColumn, BoardSort } from '@rmm/domain';
import { IconAlertCircle, IconTicketOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketListFilters } from '../api.ts';
import { useTicketPagesQuery } from '../queries.ts';
import { TicketTable } from './ticket-table.tsx';

const SKELETON_ROWS = 5;

/** Grey bars in the table's shape while the first page loads. */
const LoadingRows = ({ columns }: { columns: number }) => {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" aria-busy="true" aria-label={t('app.loading')} role="status">
      <Table>
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
            <Table.Tr key={row}>
              {Array.from({ length: columns }, (_, cell) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have nothing else to key on.
                <Table.Td key={cell}>
                  <Skeleton height={14} width={cell === 1 ? 220 : 80} radius="sm" />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
};

/**
 * Tickets page by page (cursor paging): a board's (`boardId`) or every ticket the filters match; "Load more"
 * asks for the next page. Loading, empty and error states of their own.
 */
export const TicketList = ({
  boardId,
  filters,
  columns,
  sort,
  label,
  emptyText,
  isFiltered,
}: {
  boardId?: number;
  filters: TicketListFilters;
  columns: readonly BoardColumn[];
  sort?: BoardSort;
  label: string;
  emptyText: string;
  isFiltered: boolean;
}) => {
  const { t } = useTranslation();
  const query = useTicketPagesQuery(boardId, filters);
  if (query.isPending) return <LoadingRows columns={Math.min(columns.length, 7)} />;
  // A failed next page keeps the pages shown (with its error under them); a failed first page is the error.
  if (query.data === undefined)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} title={t('common.error')} role="alert">
        {query.error?.message}{' '}
        <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  const tickets = query.data.pages.flatMap((page) => page.data);
  const first = query.data.pages[0];
  const count = first?.count ?? null;
  // A count of 10,000 or more is not counted to the end ("10,000+").
  const countText = count === null ? null : `${count.toLocaleString()}${first?.isCountCapped ? '+' : ''}`;
  if (tickets.length === 0)
    return (
      <Paper withBorder p="xl" ta="center">
        <Stack align="center" gap="xs">
          <IconTicketOff size={28} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{isFiltered ? t('ticketing.list.noMatches') : emptyText}</Text>
        </Stack>
      </Paper>
    );
  return (
    <Paper withBorder style={{ opacity: query.isRefetching && !query.isFetchingNextPage ? 0.85 : 1 }}>
      <TicketTable tickets={tickets} columns={columns} sort={sort} label={label} />
      <Group justify="space-between" p="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {countText === null
            ? t('ticketing.list.shown', { shown: tickets.length })
            : t('ticketing.list.shownOf', { shown: tickets.length, count: countText })}
        </Text>
        {query.hasNextPage && (
          <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('ticketing.list.loadMore')}
          </Button>
        )}
      </Group>
      {query.isFetchNextPageError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" m="sm">
          {query.error?.message}
        </Alert>
      )}
    </Paper>
  );
};
