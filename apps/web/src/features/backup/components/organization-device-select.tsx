import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listDevices } from '../../../lib/devices.ts';
import { deviceListKey } from '../../../lib/query-keys.ts';

/**
 * A device of the organization, searched by name as one types. `pinned` stays listed whatever the search
 * (the device a restore comes from), under its own label.
 */
export const OrganizationDeviceSelect = ({
  organizationId,
  value,
  onChange,
  label,
  description,
  disabled = false,
  pinned,
  error,
}: {
  organizationId: number;
  value: number | null;
  onChange: (nodeId: number, nodeName: string) => void;
  label: string;
  description?: string;
  disabled?: boolean;
  pinned?: { nodeId: number; label: string };
  error?: string;
}) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const names = useRef(new Map<number, string>()).current;
  const labelOf = (id: number) => (pinned?.nodeId === id ? pinned.label : (names.get(id) ?? `#${id}`));
  // The chosen device's name in the box is not a search.
  const typed = value !== null && search.trim() === labelOf(value) ? '' : search.trim();
  const [settled] = useDebouncedValue(typed, 300);
  const params = { page: 1, pageSize: 50, organizationId, search: settled || undefined, sort: 'displayName' };
  const devices = useQuery({
    queryKey: deviceListKey(params),
    queryFn: () => listDevices(params),
    placeholderData: keepPreviousData,
    enabled: !disabled,
  });
  for (const device of devices.data?.data ?? []) names.set(device.id, device.displayName);
  const ids = new Set<number>([
    ...(pinned ? [pinned.nodeId] : []),
    ...(value !== null ? [value] : []),
    ...(devices.data?.data ?? []).map((device) => device.id),
  ]);
  return (
    <Select
      label={label}
      description={description}
      searchable={!disabled}
      allowDeselect={false}
      disabled={disabled}
      data={[...ids].map((id) => ({ value: String(id), label: labelOf(id) }))}
      value={value === null ? null : String(value)}
      onChange={(id) => id && onChange(Number(id), names.get(Number(id)) ?? pinned?.label ?? '')}
      searchValue={disabled ? undefined : search}
      onSearchChange={disabled ? undefined : setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={devices.isFetching ? t('app.loading') : t('common.noResults')}
      error={error ?? (devices.isError ? devices.error.message : undefined)}
    />
  );
};
