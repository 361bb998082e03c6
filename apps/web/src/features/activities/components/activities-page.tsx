import { Group, Paper, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useActivitiesQuery } from '../api.ts';
import { ActivitiesTable } from './activities-table.tsx';

const PAGE_SIZE = 50;

/** `/administration/general/activities`: the audit log, filters and page in the URL. */
export const ActivitiesPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = {
    search: params.get('search') ?? undefined,
    action: params.get('action') ?? undefined,
    outcome: params.get('outcome') ?? undefined,
  };
  const query = useActivitiesQuery({ page, pageSize: PAGE_SIZE, ...filters });
  const setFilter = (key: string, value: string) =>
    setParams((p) => {
      if (key !== 'page') p.delete('page');
      value ? p.set(key, value) : p.delete(key);
      return p;
    });
  const setText = useDebouncedCallback(setFilter, 300);

  return (
    <>
      <PageHeader title={t('activities.title')} />
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
          onChange={(v) => setFilter('outcome', v)}
          data={[
            { value: '', label: t('common.all') },
            { value: 'SUCCESS', label: t('activities.outcome.SUCCESS') },
            { value: 'FAILURE', label: t('activities.outcome.FAILURE') },
          ]}
        />
      </Group>
      <QueryState query={query}>
        {(result) => (
          <Paper withBorder>
            <ActivitiesTable activities={result.data} emptyText={t('activities.empty')} />
            <ListFooter
              count={result.count}
              page={page}
              pageSize={PAGE_SIZE}
              onPageChange={(n) => setFilter('page', String(n))}
            />
          </Paper>
        )}
      </QueryState>
    </>
  );
};
