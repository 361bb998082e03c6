import { Anchor, Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import type { TicketBoard } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { BoardDialog } from '../components/board-dialog.tsx';
import { useBoardsQuery } from '../queries.ts';
import { sortDirectionKey } from '../sort-words.ts';

/** The boards: their conditions, columns and sort; new and edit for those who work tickets. */
export const BoardsSection = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useBoardsQuery();
  const [dialog, setDialog] = useState<{ board?: TicketBoard } | null>(null);
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('ticketing.settings.explain.boards')}
        </Text>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
            {t('ticketing.board.new')}
          </Button>
        )}
      </Group>
      <QueryState query={query} notFoundTitle={t('ticketing.settings.notFound')}>
        {(boards) => (
          <Paper withBorder>
            <Table striped verticalSpacing="xs" aria-label={t('ticketing.settings.section.boards')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('ticketing.boardDialog.name')}</Table.Th>
                  <Table.Th>{t('ticketing.boardDialog.conditions')}</Table.Th>
                  <Table.Th>{t('ticketing.boardDialog.columns')}</Table.Th>
                  <Table.Th>{t('ticketing.boardDialog.sortField')}</Table.Th>
                  <Table.Th w={60} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {boards.map((board) => (
                  <Table.Tr key={board.id}>
                    <Table.Td>
                      <Group gap="xs">
                        <Anchor component={Link} to={links.ticketBoard(board.id)} size="sm" fw={500}>
                          {board.name}
                        </Anchor>
                        {board.isSystem && (
                          <Badge size="xs" variant="light" color="gray">
                            {t('ticketing.settings.system')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {board.conditions.rules.length === 0
                          ? t('ticketing.settings.everyTicket')
                          : t(`ticketing.settings.rules.${board.conditions.match}`, {
                              count: board.conditions.rules.length,
                            })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2}>
                        {board.columns.map((column) => t(`ticketing.column.${column}`)).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t(`ticketing.sortField.${board.sort.field}`)} ·{' '}
                        {t(sortDirectionKey(board.sort.field, board.sort.direction))}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canManage && (
                        <LabelledActionIcon
                          label={t('ticketing.boardDialog.editTitle', { name: board.name })}
                          onClick={() => setDialog({ board })}
                        >
                          <IconEdit size={16} />
                        </LabelledActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryState>
      {dialog && <BoardDialog board={dialog.board} onClose={() => setDialog(null)} />}
    </>
  );
};
