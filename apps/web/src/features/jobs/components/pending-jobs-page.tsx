import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useRealtimeStatus } from '../../../app/realtime/realtime-status.ts';
import { DashboardRefresh } from '../../../components/dashboard-refresh.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { jobKeys, usePendingJobsQuery } from '../queries.ts';
import { PendingJobsTable } from './pending-jobs-table.tsx';

const PAGE_SIZE = 50;

/** Pending jobs of every organization, or of one; the page is in the URL (`?page=`). */
const PendingJobs = ({ organizationId, explain }: { organizationId?: number; explain: string }) => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = usePendingJobsQuery({ page, pageSize: PAGE_SIZE, organizationId });
  return (
    <>
      <PageHeader
        title={t('routes.systemDashboard.pendingScripts')}
        actions={<DashboardRefresh queryKeys={[jobKeys.lists]} liveStatus={liveStatus} />}
      />
      <Text size="sm" c="dimmed" mb="sm">
        {explain}
      </Text>
      <QueryState query={query}>
        {(result) => (
          <Paper withBorder>
            <PendingJobsTable jobs={result.data} />
            <ListFooter
              count={result.count}
              page={page}
              pageSize={PAGE_SIZE}
              onPageChange={(next) => setParams({ page: String(next) })}
            />
          </Paper>
        )}
      </QueryState>
    </>
  );
};

/** `/systemDashboard/pendingScripts`. */
export const SystemPendingJobsPage = () => {
  const { t } = useTranslation();
  return <PendingJobs explain={t('jobs.pending.explain')} />;
};

const OrganizationPendingJobs = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <PendingJobs
          organizationId={org.id}
          explain={t('jobs.pending.explainOrganization', { name: org.name })}
        />
      )}
    </QueryState>
  );
};

/** `/customerDashboard/:id/pendingScripts`. */
export const CustomerPendingJobsPage = () => {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <OrganizationPendingJobs organizationId={id} />;
};
