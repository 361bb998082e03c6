import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { BoardColumn, BoardSort, TicketSummary } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { formatDurationSeconds } from '../../../lib/format.ts';
import { type TicketSetupLookup, useTicketSetup } from '../setup-lookup.ts';
import { PriorityBadge, SeverityBadge, StatusBadge } from './ticket-badges.tsx';

/** The column a sort field shows in, when the board shows it. */
const sortColumnOf: Readonly<Record<BoardSort['field'], BoardColumn>> = {
  id: 'id',
  createTime: 'createTime',
  updateTime: 'updateTime',
  priority: 'priority',
  severity: 'severity',
  subject: 'subject',
};

const Dimmed = ({ children }: { children: ReactNode }) => (
  <Text size="sm" c="dimmed" span>
    {children}
  </Text>
);

const Cell = ({
  ticket,
  column,
  setup,
}: {
  ticket: TicketSummary;
  column: BoardColumn;
  setup: TicketSetupLookup;
}) => {
  const { t } = useTranslation();
  switch (column) {
    case 'id':
      return <Text size="sm" c="dimmed" span>{`#${ticket.id}`}</Text>;
    case 'subject':
      return (
        <Anchor
          component={Link}
          to={links.ticket(ticket.id)}
          fw={500}
          size="sm"
          lineClamp={2}
          data-ticket-link
        >
          {ticket.subject}
        </Anchor>
      );
    case 'organizationName':
      return (
        <Anchor component={Link} to={links.organization(ticket.organizationId, 'ticketing')} size="sm">
          {ticket.organizationName}
        </Anchor>
      );
    case 'deviceName':
      return ticket.deviceId === null ? (
        <Dimmed>{t('ticketing.none')}</Dimmed>
      ) : (
        <Anchor component={Link} to={links.device(ticket.deviceId)} size="sm">
          {ticket.deviceName ?? `#${ticket.deviceId}`}
        </Anchor>
      );
    case 'status':
      return <StatusBadge status={ticket.status} />;
    case 'type':
      return <Text size="sm">{setup.label('types', ticket.type)}</Text>;
    case 'source':
      return <Text size="sm">{setup.label('sources', ticket.source)}</Text>;
    case 'priority':
      return <PriorityBadge priority={ticket.priority} label={setup.label('priorities', ticket.priority)} />;
    case 'severity':
      return <SeverityBadge severity={ticket.severity} label={setup.label('severities', ticket.severity)} />;
    case 'tags':
      return ticket.tags.length === 0 ? (
        <Dimmed>{t('ticketing.none')}</Dimmed>
      ) : (
        <Group gap={4}>
          {ticket.tags.map((tag) => (
            <Badge key={tag} size="sm" variant="default" tt="none">
              {tag}
            </Badge>
          ))}
        </Group>
      );
    case 'requester':
      return ticket.requester ? (
        <Text size="sm">{ticket.requester.name || ticket.requester.email}</Text>
      ) : (
        <Dimmed>{t('ticketing.none')}</Dimmed>
      );
    case 'assigneeName':
      return ticket.assigneeName ? (
        <Text size="sm">{ticket.assigneeName}</Text>
      ) : (
        <Dimmed>{t('ticketing.unassigned')}</Dimmed>
      );
    case 'followUpTime':
      return ticket.followUpTime ? (
        <RelativeTime value={ticket.followUpTime} size="sm" />
      ) : (
        <Dimmed>{t('ticketing.none')}</Dimmed>
      );
    case 'timeTrackedSeconds':
      return <Text size="sm">{formatDurationSeconds(ticket.timeTrackedSeconds)}</Text>;
    case 'createTime':
      return <RelativeTime value={ticket.createTime} size="sm" />;
    case 'updateTime':
      return <RelativeTime value={ticket.updateTime} size="sm" />;
  }
};

/** Up and down arrows move between the rows' ticket links (Tab still walks every link of a row). */
const moveBetweenRows = (event: KeyboardEvent<HTMLTableSectionElement>) => {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-ticket-link]')];
  const index = rows.findIndex((link) => link.contains(document.activeElement));
  if (index === -1) return;
  const next = rows[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
};

/** Tickets in the columns a board names; the column it sorts by says so (`aria-sort`, an arrow). */
export const TicketTable = ({
  tickets,
  columns,
  sort,
  label,
}: {
  tickets: readonly TicketSummary[];
  columns: readonly BoardColumn[];
  sort?: BoardSort;
  label: string;
}) => {
  const { t } = useTranslation();
  const setup = useTicketSetup();
  const sortedColumn = sort ? sortColumnOf[sort.field] : undefined;
  const shown = columns.includes('subject') ? columns : (['subject', ...columns] as BoardColumn[]);
  return (
    <Table.ScrollContainer minWidth={Math.max(640, shown.length * 120)}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {shown.map((column) => {
              const isSorted = column === sortedColumn && sort;
              const Arrow = sort?.direction === 'ASC' ? IconArrowUp : IconArrowDown;
              return (
                <Table.Th
                  key={column}
                  aria-sort={isSorted ? (sort.direction === 'ASC' ? 'ascending' : 'descending') : undefined}
                  w={column === 'id' ? 80 : undefined}
                >
                  <Group gap={4} wrap="nowrap">
                    {t(`ticketing.column.${column}`)}
                    {isSorted && <Arrow size={14} aria-hidden />}
                  </Group>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody onKeyDown={moveBetweenRows}>
          {tickets.map((ticket) => (
            <Table.Tr key={ticket.id} data-ticket-id={ticket.id}>
              {shown.map((column) => (
                <Table.Td key={column} maw={column === 'subject' ? 420 : undefined}>
                  <Cell ticket={ticket} column={column} setup={setup} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
