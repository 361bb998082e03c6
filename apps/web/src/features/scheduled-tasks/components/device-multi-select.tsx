import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { DeviceNode } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api.ts';
import { listDevices } from '../../../lib/devices.ts';
import { deviceListKey, queryRoots } from '../../../lib/query-keys.ts';

const RESULTS = 50;
/** Chosen devices not in the search results are read one by one for their names, at most this many. */
const NAMES_READ_MAX = 50;

/** Devices by name, searched on the server as one types; the chosen ones keep their names. */
export const DeviceMultiSelect = ({
  value,
  onChange,
  error,
  disabled,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const params = { page: 1, pageSize: RESULTS, search: settled || undefined, sort: 'displayName' };
  const results = useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
  });
  const names = useRef(new Map<number, string>());
  for (const device of results.data?.data ?? []) names.current.set(device.id, device.displayName);
  const unknown = value.filter((id) => !names.current.has(id)).slice(0, NAMES_READ_MAX);
  const read = useQueries({
    queries: unknown.map((id) => ({
      queryKey: [...queryRoots.devices, 'detail', id],
      queryFn: () => apiRequest<DeviceNode>('GET', apiPaths.device(id)),
      staleTime: 60_000,
    })),
  });
  for (const query of read) if (query.data) names.current.set(query.data.id, query.data.displayName);
  const ids = new Set([...value, ...(results.data?.data ?? []).map((device) => device.id)]);
  const data = [...ids].map((id) => ({ value: String(id), label: names.current.get(id) ?? `#${id}` }));

  return (
    <MultiSelect
      label={t('scheduledTasks.devices')}
      placeholder={t('scheduledTasks.devicesPlaceholder')}
      searchable
      clearable
      hidePickedOptions
      filter={({ options }) => options}
      data={data}
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={results.isFetching ? t('app.loading') : t('common.noResults')}
      error={error ?? (results.isError ? results.error.message : undefined)}
      disabled={disabled}
    />
  );
};
