import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type BoardColumn, TICKET_PAGE_SIZE_DEFAULT } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { TicketList } from './ticket-list.tsx';

const organizationColumns: BoardColumn[] = [
  'id',
  'subject',
  'deviceName',
  'status',
  'priority',
  'assigneeName',
  'updateTime',
];
const deviceColumns: BoardColumn[] = [
  'id',
  'subject',
  'status',
  'priority',
  'severity',
  'assigneeName',
  'updateTime',
];

/**
 * An organization's or a device's tickets (every status, newest first) with a search, and "New ticket" with the
 * organization and device filled in. The dashboards' Ticketing tabs show it.
 */
export const ScopedTickets = ({
  organizationId,
  deviceId,
  name,
}: {
  organizationId: number;
  deviceId?: number;
  /** The organization's or device's name, for the table's label. */
  name: string;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('ticketing.manage');
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  return (
    <>
      <Group justify="space-between" mb="sm" align="flex-end">
        <TextInput
          type="search"
          w={300}
          maw="100%"
          label={t('ticketing.filter.search')}
          placeholder={t('ticketing.filter.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {canManage && (
          <Button
            component={Link}
            to={links.newTicket({ organizationId, deviceId })}
            leftSection={<IconPlus size={16} />}
          >
            {t('ticketing.newTicket')}
          </Button>
        )}
      </Group>
      <TicketList
        filters={{
          organizationId,
          deviceId,
          search: settled || undefined,
          pageSize: TICKET_PAGE_SIZE_DEFAULT,
        }}
        columns={deviceId === undefined ? organizationColumns : deviceColumns}
        sort={{ field: 'createTime', direction: 'DESC' }}
        label={t('ticketing.scoped.tableLabel', { name })}
        emptyText={t(
          deviceId === undefined ? 'ticketing.scoped.emptyOrganization' : 'ticketing.scoped.emptyDevice',
        )}
        isFiltered={settled !== ''}
      />
    </>
  );
};
