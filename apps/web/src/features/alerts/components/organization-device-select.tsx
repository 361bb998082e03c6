import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDevices } from '../../../lib/devices.ts';
import { deviceListKey } from '../../../lib/query-keys.ts';

const RESULTS = 50;

/**
 * Devices of one organization, searched on the server as one types (GET /devices); the chosen ones keep their
 * names. Empty means every device of the organization.
 */
export const OrganizationDeviceSelect = ({
  organizationId,
  value,
  onChange,
  error,
  disabled,
}: {
  organizationId: number | null;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 300);
  const params = {
    page: 1,
    pageSize: RESULTS,
    organizationId: organizationId ?? undefined,
    search: settled || undefined,
    sort: 'displayName',
  };
  const results = useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
    enabled: organizationId !== null,
  });
  const names = useRef(new Map<number, string>());
  const found = organizationId === null ? [] : (results.data?.data ?? []);
  for (const device of found) names.current.set(device.id, device.displayName);
  const ids = new Set([...value, ...found.map((device) => device.id)]);
  const data = [...ids].map((id) => ({ value: String(id), label: names.current.get(id) ?? `#${id}` }));
  return (
    <MultiSelect
      label={t('maintenance.dialog.devices')}
      description={
        organizationId === null
          ? t('maintenance.dialog.devicesNeedOrganization')
          : t('maintenance.dialog.devicesHint')
      }
      placeholder={value.length ? undefined : t('maintenance.dialog.devicesPlaceholder')}
      searchable
      clearable
      hidePickedOptions
      filter={({ options }) => options}
      data={data}
      value={value.map(String)}
      onChange={(picked) => onChange(picked.map(Number))}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={results.isFetching ? t('app.loading') : t('common.noResults')}
      error={error ?? (results.isError ? results.error.message : undefined)}
      disabled={disabled || organizationId === null}
    />
  );
};
