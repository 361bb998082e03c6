import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDevices } from '../../../lib/devices.ts';
import { useRunnableScriptsQuery } from '../../../lib/library-scripts.ts';

type PickerProps = Omit<SelectProps, 'value' | 'onChange' | 'data' | 'searchValue' | 'onSearchChange'> & {
  value: number | null;
  onChange: (id: number | null) => void;
};

/** A library script, searched by name (the library's first page of matches). */
export const ScriptPicker = ({ value, onChange, ...props }: PickerProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const scripts = useRunnableScriptsQuery({ search: debounced || undefined });
  const items = (scripts.data?.data ?? []).map((script) => ({
    value: String(script.id),
    label: script.name,
  }));
  if (value !== null && !items.some((item) => item.value === String(value)))
    items.push({ value: String(value), label: t('policies.condition.scriptId', { id: value }) });
  return (
    <Select
      searchable
      placeholder={t('policies.condition.scriptPick')}
      nothingFoundMessage={t('common.noResults')}
      {...props}
      data={items}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={props.error ?? scripts.error?.message}
    />
  );
};

/** A device of the caller's organizations, searched by name, host name or address. */
export const DevicePicker = ({ value, onChange, ...props }: PickerProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const devices = useQuery({
    queryKey: ['policies', 'probe-devices', debounced],
    queryFn: () => listDevices({ page: 1, pageSize: 50, ...(debounced ? { search: debounced } : {}) }),
  });
  const items = (devices.data?.data ?? []).map((device) => ({
    value: String(device.id),
    label: `${device.displayName} (${device.organizationName})`,
  }));
  if (value !== null && !items.some((item) => item.value === String(value)))
    items.push({ value: String(value), label: t('policies.condition.probeId', { id: value }) });
  return (
    <Select
      searchable
      clearable
      placeholder={t('policies.condition.probePick')}
      nothingFoundMessage={t('common.noResults')}
      {...props}
      data={items}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={props.error ?? devices.error?.message}
    />
  );
};
