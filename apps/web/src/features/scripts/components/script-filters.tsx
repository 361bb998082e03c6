import { Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { categoryOptions, languageOptions, operatingSystemOptions } from '../options.ts';
import type { ScriptListFilters } from '../use-script-list-params.ts';

/** How long typing pauses before the search is sent. */
export const SEARCH_DELAY_MS = 300;

/** Search (typed, sent once the user pauses) and the category, language and operating-system filters. */
export const ScriptFilters = ({
  filters,
  onChange,
}: {
  filters: ScriptListFilters;
  onChange: (name: keyof ScriptListFilters, value: string | undefined) => void;
}) => {
  const { t } = useTranslation();
  const setSearch = useDebouncedCallback(
    (value: string) => onChange('search', value || undefined),
    SEARCH_DELAY_MS,
  );
  const select = (name: keyof ScriptListFilters, label: string, data: { value: string; label: string }[]) => (
    <Select
      w={200}
      label={label}
      placeholder={t('scripts.filter.any')}
      clearable
      data={data}
      value={filters[name] ?? null}
      onChange={(value) => onChange(name, value ?? undefined)}
    />
  );
  return (
    <Group mb="md" align="flex-end">
      <TextInput
        w={320}
        label={t('common.search')}
        placeholder={t('scripts.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        defaultValue={filters.search}
        onChange={(event) => setSearch(event.currentTarget.value.trim())}
      />
      {select('category', t('scripts.filter.category'), categoryOptions)}
      {select('language', t('scripts.filter.language'), languageOptions)}
      {select('operatingSystem', t('scripts.filter.operatingSystem'), operatingSystemOptions)}
    </Group>
  );
};
