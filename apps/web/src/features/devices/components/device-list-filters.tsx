import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { deviceStatuses } from '@rmm/domain';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type DeviceListFilterValues = { search: string; status: string };

/** Search (debounced) and status; the list keeps both in the URL. */
export const DeviceListFilters = ({
  values,
  onChange,
}: {
  values: DeviceListFilterValues;
  onChange: (key: keyof DeviceListFilterValues, value: string) => void;
}) => {
  const { t } = useTranslation();
  const setSearch = useDebouncedCallback((value: string) => onChange('search', value), 300);
  return (
    <Group mb="sm" align="center" wrap="wrap">
      <TextInput
        aria-label={t('devices.search')}
        placeholder={t('devices.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        defaultValue={values.search}
        onChange={(event) => setSearch(event.currentTarget.value.trim())}
        w={300}
      />
      <SegmentedControl
        aria-label={t('devices.statusLabel')}
        value={values.status}
        onChange={(value) => onChange('status', value)}
        data={[
          { value: '', label: t('common.all') },
          ...deviceStatuses.map((status) => ({ value: status, label: t(`devices.status.${status}`) })),
        ]}
      />
    </Group>
  );
};
