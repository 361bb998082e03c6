import { Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  type SupportInboxParams,
  type SupportInboxStatusFilter,
  useSupportInboxParams,
} from '../use-support-inbox-params.ts';
import { TicketDetail } from './ticket-detail.tsx';
import { TicketList } from './ticket-list.tsx';

/** Typing waits this long before the search runs (and lands in the URL). */
export const SUPPORT_INBOX_SEARCH_DEBOUNCE_MS = 300;

const FilterBar = ({ params }: { params: SupportInboxParams }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState(params.search ?? '');
  const runSearch = useDebouncedCallback(params.setSearch, SUPPORT_INBOX_SEARCH_DEBOUNCE_MS);
  const statuses: SupportInboxStatusFilter[] = ['OPEN', 'CLOSED', 'all'];
  return (
    <Group mb="md" align="flex-end" gap="sm">
      <SegmentedControl
        aria-label={t('supportInbox.filterStatus')}
        value={params.status}
        onChange={(value) => params.setStatus(value as SupportInboxStatusFilter)}
        data={statuses.map((status) => ({ value: status, label: t(`supportInbox.status.${status}`) }))}
      />
      <TextInput
        w={340}
        maw="100%"
        type="search"
        aria-label={t('supportInbox.searchLabel')}
        placeholder={t('supportInbox.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          runSearch(event.currentTarget.value);
        }}
      />
    </Group>
  );
};

/**
 * `/administration/general/supportInbox`: the help tickets of the built-in help desk, for system
 * administrators (docs/decisions.md "Help tickets and attachments"). The list or one ticket, as the URL says.
 */
export const SupportInboxPage = () => {
  const { t } = useTranslation();
  const params = useSupportInboxParams();
  return (
    <>
      <PageHeader title={t('supportInbox.title')} />
      {params.ticketId !== undefined ? (
        <TicketDetail id={params.ticketId} onBack={params.closeTicket} />
      ) : (
        <>
          <Text c="dimmed" size="sm" mb="sm">
            {t('supportInbox.intro')}
          </Text>
          <FilterBar params={params} />
          <TicketList params={params} />
        </>
      )}
    </>
  );
};
