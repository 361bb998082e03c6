import {
  Alert,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Ticket, TicketLogEntryType } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTicketLogQuery } from '../queries.ts';
import { CommentForm } from './comment-form.tsx';
import { LogEntry, mergeLogNames, useValueText } from './log-entry.tsx';

type Filter = TicketLogEntryType | 'ALL';
const filters: Filter[] = ['ALL', 'COMMENT', 'CHANGE', 'TIME_ENTRY'];

/** The ticket's log, newest first: comments (public and internal), changes, time entries; and a new comment. */
export const TicketLog = ({ ticket, canManage }: { ticket: Ticket; canManage: boolean }) => {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('ALL');
  const query = useTicketLogQuery(ticket.id, filter === 'ALL' ? undefined : filter);
  const pages = query.data?.pages ?? [];
  const valueText = useValueText(ticket, mergeLogNames(pages));
  const entries = pages.flatMap((page) => page.data);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="ticket-log-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="ticket-log-title">
          {t('ticketing.log.title')}
        </Title>
        {canManage && <CommentForm ticket={ticket} />}
        <Divider />
        <Group justify="space-between">
          <SegmentedControl
            aria-label={t('ticketing.log.filter')}
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value as Filter)}
            data={filters.map((value) => ({ value, label: t(`ticketing.log.filter.${value}`) }))}
          />
        </Group>
        {query.isPending && (
          <Center py="md">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        )}
        {query.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {query.error.message}{' '}
            <Button size="xs" variant="subtle" onClick={() => query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
        {query.isSuccess && entries.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('ticketing.log.empty')}
          </Text>
        )}
        <Stack
          component="ol"
          gap="xs"
          aria-label={t('ticketing.log.title')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {entries.map((entry) => (
            <LogEntry key={entry.id} entry={entry} valueText={valueText} />
          ))}
        </Stack>
        {query.hasNextPage && (
          <Button
            variant="default"
            w="fit-content"
            onClick={() => query.fetchNextPage()}
            loading={query.isFetchingNextPage}
          >
            {t('ticketing.log.older')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
};
