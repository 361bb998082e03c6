import { ActionIcon, Button, Group, Menu, Select, Text } from '@mantine/core';
import { type BoardSort, TICKET_BOARD_ID, TICKET_PAGE_SIZE_DEFAULT, type TicketBoard } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconDots, IconEdit, IconPlus, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useRealtimeStatus } from '../../../app/realtime/realtime-status.ts';
import { useHasPermission } from '../../../app/session/queries.ts';
import { DashboardRefresh } from '../../../components/dashboard-refresh.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useBoardParams } from '../board-params.ts';
import { ticketingKeys, useBoardQuery, useBoardsQuery } from '../queries.ts';
import { sortDirectionKey } from '../sort-words.ts';
import { BoardDialog } from './board-dialog.tsx';
import { BoardFilters } from './board-filters.tsx';
import { TicketList } from './ticket-list.tsx';

/** The boards to switch to; the page follows the URL. */
const BoardPicker = ({ boardId }: { boardId: number }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const boards = useBoardsQuery();
  const data = (boards.data ?? []).map((board) => ({ value: String(board.id), label: board.name }));
  return (
    <Select
      aria-label={t('ticketing.board.picker')}
      placeholder={t('ticketing.board.picker')}
      data={data}
      value={data.some((option) => option.value === String(boardId)) ? String(boardId) : null}
      onChange={(value) => value && navigate(links.ticketBoard(Number(value)))}
      allowDeselect={false}
      searchable={data.length > 8}
      w={240}
    />
  );
};

const useSortText = () => {
  const { t } = useTranslation();
  return (sort: BoardSort) =>
    t('ticketing.board.sortedBy', {
      field: t(`ticketing.sort.${sort.field}`),
      direction: t(sortDirectionKey(sort.field, sort.direction)),
    });
};

const BoardView = ({ board }: { board: TicketBoard }) => {
  const { t } = useTranslation();
  const params = useBoardParams();
  const canManage = useHasPermission('ticketing.manage');
  const canConfigure = useHasPermission('settings.manage');
  const liveStatus = useRealtimeStatus();
  const [dialog, setDialog] = useState<'edit' | 'new' | null>(null);
  const navigate = useNavigate();
  const sortText = useSortText();
  return (
    <>
      <PageHeader
        title={board.name}
        actions={
          <>
            <BoardPicker boardId={board.id} />
            {(canManage || canConfigure) && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon aria-label={t('ticketing.board.actions')} variant="default" size="lg">
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canManage && (
                    <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => setDialog('edit')}>
                      {t('ticketing.board.edit')}
                    </Menu.Item>
                  )}
                  {canManage && (
                    <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setDialog('new')}>
                      {t('ticketing.board.new')}
                    </Menu.Item>
                  )}
                  {canConfigure && (
                    <Menu.Item
                      component={Link}
                      to={links.ticketingSettings()}
                      leftSection={<IconSettings size={16} />}
                    >
                      {t('ticketing.settings.link')}
                    </Menu.Item>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
            {canManage && (
              <Button
                component={Link}
                to={links.newTicket(params.organizationId ? { organizationId: params.organizationId } : {})}
                leftSection={<IconPlus size={16} />}
              >
                {t('ticketing.newTicket')}
              </Button>
            )}
          </>
        }
      />
      <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
        <BoardFilters params={params} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {sortText(board.sort)}
          </Text>
          <DashboardRefresh queryKeys={[ticketingKeys.lists]} liveStatus={liveStatus} />
        </Group>
      </Group>
      <TicketList
        boardId={board.id}
        filters={{
          search: params.search,
          organizationId: params.organizationId,
          pageSize: TICKET_PAGE_SIZE_DEFAULT,
        }}
        columns={board.columns}
        sort={board.sort}
        label={t('ticketing.board.tableLabel', { name: board.name })}
        emptyText={t('ticketing.board.empty')}
        isFiltered={params.isFiltered}
      />
      {dialog && (
        <BoardDialog
          board={dialog === 'edit' ? board : undefined}
          onClose={() => setDialog(null)}
          onSaved={(saved) => {
            setDialog(null);
            if (saved.id !== board.id) navigate(links.ticketBoard(saved.id));
          }}
          onDeleted={() => navigate(links.ticketBoard(TICKET_BOARD_ID), { replace: true })}
        />
      )}
    </>
  );
};

/** `/ticketing/board/:id`: a board's tickets in its columns and sort, with search and filters in the URL. */
export const BoardPage = ({ boardId }: { boardId: number }) => {
  const { t } = useTranslation();
  const query = useBoardQuery(boardId);
  return (
    <QueryState query={query} notFoundTitle={t('ticketing.board.notFound')}>
      {(board) => <BoardView board={board} />}
    </QueryState>
  );
};
