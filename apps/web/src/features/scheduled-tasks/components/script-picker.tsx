import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { Script } from '@rmm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scriptQueryOptions, useScriptOptionsQuery } from '../queries.ts';

/** Searches the script library (on the server, as one types) and hands over the script picked, in full. */
export const ScriptPicker = ({
  onPick,
  disabled,
  error,
}: {
  onPick: (script: Script) => void;
  disabled?: boolean;
  error?: string;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const query = useScriptOptionsQuery(settled);
  const [isLoading, setLoading] = useState(false);
  const pick = async (id: string | null) => {
    if (id === null) return;
    setLoading(true);
    try {
      onPick(await queryClient.fetchQuery(scriptQueryOptions(Number(id))));
      setSearch('');
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setLoading(false);
    }
  };
  return (
    <Select
      label={t('scheduledTasks.addScript')}
      placeholder={t('scheduledTasks.addScriptPlaceholder')}
      searchable
      disabled={disabled || isLoading}
      // The list is already the server's answer to the search: no second filtering here.
      filter={({ options }) => options}
      data={(query.data?.data ?? []).map((script) => ({ value: String(script.id), label: script.name }))}
      nothingFoundMessage={query.isFetching ? t('app.loading') : t('common.noResults')}
      error={query.isError ? query.error.message : error}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => void pick(id)}
    />
  );
};
