import { Button, Group, Kbd, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import type { BoardParams } from '../board-params.ts';

/** Typing waits this long before the search runs (and lands in the URL). */
export const TICKET_SEARCH_DEBOUNCE_MS = 300;

/** The search box (`/` jumps to it) and the organization filter of a board. */
export const BoardFilters = ({ params }: { params: BoardParams }) => {
  const { t } = useTranslation();
  const [text, setText] = useState(params.search ?? '');
  // What this box last put in the URL: only a change from elsewhere (Back, Clear filters) replaces the text.
  const sent = useRef(params.search ?? '');
  const runSearch = useDebouncedCallback((value: string) => {
    sent.current = value.trim();
    params.setSearch(value);
  }, TICKET_SEARCH_DEBOUNCE_MS);
  const searchBox = useRef<HTMLInputElement>(null);
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  useHotkeys([['/', () => searchBox.current?.focus()]]);
  useEffect(() => {
    const search = params.search ?? '';
    if (search === sent.current) return;
    sent.current = search;
    setText(search);
  }, [params.search]);
  return (
    <Group role="group" aria-label={t('ticketing.filters')} align="flex-end" gap="sm" wrap="wrap">
      <TextInput
        ref={searchBox}
        type="search"
        w={300}
        maw="100%"
        label={t('ticketing.filter.search')}
        placeholder={t('ticketing.filter.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">/</Kbd>}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          runSearch(event.currentTarget.value);
        }}
      />
      <Select
        label={t('ticketing.filter.organization')}
        placeholder={t('ticketing.filter.anyOrganization')}
        searchable
        clearable
        w={240}
        data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
        value={params.organizationId === undefined ? null : String(params.organizationId)}
        onChange={(value) => params.setOrganizationId(value === null ? undefined : Number(value))}
      />
      {params.isFiltered && (
        <Button
          variant="subtle"
          leftSection={<IconX size={14} />}
          onClick={() => {
            runSearch.cancel();
            params.clear();
          }}
        >
          {t('ticketing.filter.clear')}
        </Button>
      )}
    </Group>
  );
};
