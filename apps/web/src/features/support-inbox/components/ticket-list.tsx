import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useSupportTicketsQuery } from '../queries.ts';
import type { SupportInboxParams } from '../use-support-inbox-params.ts';
import { PriorityBadge, StatusBadge } from './ticket-badges.tsx';

/** A page of tickets, newest activity first; a subject opens the ticket. */
export const TicketList = ({ params }: { params: SupportInboxParams }) => {
  const { t } = useTranslation();
  const query = useSupportTicketsQuery({
    page: params.page,
    pageSize: params.pageSize,
    status: params.status === 'all' ? undefined : params.status,
    search: params.search,
  });
  return (
    <QueryState query={query}>
      {(answer) =>
        answer.data.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text c="dimmed">
              {params.search
                ? t('supportInbox.noMatches', { search: params.search })
                : t(`supportInbox.empty.${params.status}`)}
            </Text>
          </Paper>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={720}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('supportInbox.column.subject')}</Table.Th>
                    <Table.Th>{t('supportInbox.column.requester')}</Table.Th>
                    <Table.Th>{t('supportInbox.column.priority')}</Table.Th>
                    <Table.Th>{t('supportInbox.column.status')}</Table.Th>
                    <Table.Th>{t('supportInbox.column.messages')}</Table.Th>
                    <Table.Th>{t('supportInbox.column.updated')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {answer.data.map((ticket) => (
                    <Table.Tr key={ticket.id}>
                      <Table.Td maw={360}>
                        <Anchor component={Link} to={params.ticketSearch(ticket.id)} fw={500} lineClamp={2}>
                          {ticket.subject}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {t('supportInbox.ticketNumber', { id: ticket.id })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          <Text size="sm">{ticket.requester.name}</Text>
                          <Text size="xs" c="dimmed">
                            {ticket.requester.email}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <PriorityBadge priority={ticket.priority} />
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge status={ticket.status} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{ticket.messageCount}</Text>
                          {ticket.attachmentCount > 0 && (
                            <Group
                              gap={2}
                              wrap="nowrap"
                              aria-label={t('supportInbox.attachmentCount', {
                                count: ticket.attachmentCount,
                              })}
                            >
                              <IconPaperclip size={14} aria-hidden />
                              <Text size="xs" c="dimmed" aria-hidden>
                                {ticket.attachmentCount}
                              </Text>
                            </Group>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <RelativeTime value={ticket.updatedAt} size="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter
              count={answer.count}
              page={params.page}
              pageSize={params.pageSize}
              onPageChange={params.setPage}
            />
          </Paper>
        )
      }
    </QueryState>
  );
};
