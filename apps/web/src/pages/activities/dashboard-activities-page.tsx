import { Paper, Text } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { DashboardRefresh } from '../../components/dashboard-refresh.tsx';
import { ListFooter } from '../../components/list-footer.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import {
  ActivityFilterBar,
  type ActivityFilterKey,
  activityFiltersFrom,
} from '../../features/activities/components/activity-filter-bar.tsx';
import { activityKeys, useActivitiesQuery } from '../../features/activities/queries.ts';
import { useOrganizationQuery } from '../../lib/organizations.ts';
import { ActivitiesTable } from './activities-table.tsx';

const PAGE_SIZE = 50;

/**
 * What was done to devices (jobs, enrolments, approvals, changes), newest first. The page is the
 * route's `:page`, the filters are in the query string; a new filter starts again on page 1.
 */
const DeviceActivities = ({
  basePath,
  organizationId,
  explain,
}: {
  basePath: string;
  organizationId?: number;
  explain: string;
}) => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(useParams().page) || 1);
  const filters = activityFiltersFrom(params);
  const query = useActivitiesQuery({
    page,
    pageSize: PAGE_SIZE,
    targetType: 'device',
    organizationId,
    ...filters,
  });
  const goTo = (nextPage: number, nextParams = params) =>
    navigate({ pathname: `${basePath}/${nextPage}`, search: nextParams.toString() });
  const setFilter = (key: ActivityFilterKey, value: string) => {
    const next = new URLSearchParams(params);
    value ? next.set(key, value) : next.delete(key);
    goTo(1, next);
  };
  return (
    <>
      <PageHeader
        title={t('activities.title')}
        actions={<DashboardRefresh queryKeys={[activityKeys.lists]} liveStatus={liveStatus} />}
      />
      <Text size="sm" c="dimmed" mb="sm">
        {explain}
      </Text>
      <ActivityFilterBar filters={filters} onChange={setFilter} />
      <QueryState query={query}>
        {(result) => (
          <Paper withBorder>
            <ActivitiesTable activities={result.data} emptyText={t('activities.empty')} />
            <ListFooter count={result.count} page={page} pageSize={PAGE_SIZE} onPageChange={goTo} />
          </Paper>
        )}
      </QueryState>
    </>
  );
};

/** `/systemDashboard/activities/:page`: every device of every organization in the caller's scope. */
export const SystemActivitiesPage = () => {
  const { t } = useTranslation();
  return <DeviceActivities basePath="/systemDashboard/activities" explain={t('activities.devicesExplain')} />;
};

const OrganizationActivities = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <DeviceActivities
          basePath={links.organizationPages(org.id, 'activities')}
          organizationId={org.id}
          explain={t('activities.organizationExplain', { name: org.name })}
        />
      )}
    </QueryState>
  );
};

/** `/customerDashboard/:id/activities/:page`: the devices of one organization. */
export const CustomerActivitiesPage = () => {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <OrganizationActivities organizationId={id} />;
};
