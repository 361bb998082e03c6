import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../components/list-footer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import {
  ActivityFilterBar,
  activityFiltersFrom,
} from '../../features/activities/components/activity-filter-bar.tsx';
import { useActivitiesQuery } from '../../features/activities/queries.ts';
import { ActivitiesTable } from './activities-table.tsx';

const PAGE_SIZE = 50;

/** `/administration/general/activities`: the audit log, filters and page in the URL. */
export const ActivitiesPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = activityFiltersFrom(params);
  const query = useActivitiesQuery({ page, pageSize: PAGE_SIZE, ...filters });
  const setFilter = (key: string, value: string) =>
    setParams((p) => {
      if (key !== 'page') p.delete('page');
      value ? p.set(key, value) : p.delete(key);
      return p;
    });

  return (
    <>
      <PageHeader title={t('activities.title')} />
      <ActivityFilterBar filters={filters} onChange={setFilter} />
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
