import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ActivityFilterKey = 'search' | 'action' | 'outcome';
export type ActivityFilters = Partial<Record<ActivityFilterKey, string>>;

/** The activity filters as the URL holds them. */
export const activityFiltersFrom = (params: URLSearchParams): ActivityFilters => ({
  search: params.get('search') ?? undefined,
  action: params.get('action') ?? undefined,
  outcome: params.get('outcome') ?? undefined,
});

/** Search, "action starts with" and outcome; text is passed on after a pause in typing. */
export const ActivityFilterBar = ({
  filters,
  onChange,
}: {
  filters: ActivityFilters;
  onChange: (key: ActivityFilterKey, value: string) => void;
}) => {
  const { t } = useTranslation();
  const setText = useDebouncedCallback(onChange, 300);
  return (
    <Group mb="md" align="flex-end">
      <TextInput
        aria-label={t('common.search')}
        placeholder={t('activities.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        defaultValue={filters.search}
        onChange={(e) => setText('search', e.currentTarget.value.trim())}
        w={300}
      />
      <TextInput
        aria-label={t('activities.filterAction')}
        placeholder={t('activities.filterAction')}
        defaultValue={filters.action}
        onChange={(e) => setText('action', e.currentTarget.value.trim())}
        w={220}
      />
      <SegmentedControl
        aria-label={t('activities.outcome')}
        value={filters.outcome ?? ''}
        onChange={(v) => onChange('outcome', v)}
        data={[
          { value: '', label: t('common.all') },
          { value: 'SUCCESS', label: t('activities.outcome.SUCCESS') },
          { value: 'FAILURE', label: t('activities.outcome.FAILURE') },
        ]}
      />
    </Group>
  );
};
