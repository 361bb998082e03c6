import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { DeviceStatus } from '@rmm/domain';
import {
  IconAlertTriangle,
  IconBuilding,
  IconCircleCheck,
  IconCircleX,
  IconDeviceDesktop,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRealtimeStatus } from '../../../app/realtime/realtime-status.ts';
import { DashboardRefresh } from '../../../components/dashboard-refresh.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { dashboardKeys, useDevicesByOrganizationQuery, useSystemSummaryQuery } from '../queries.ts';
import { DevicesByOrganizationTable } from './devices-by-organization-table.tsx';

const statusCards: {
  status: DeviceStatus;
  key: 'up' | 'warning' | 'down';
  color: string;
  icon: typeof IconCircleCheck;
}[] = [
  { status: 'UP', key: 'up', color: 'green', icon: IconCircleCheck },
  { status: 'WARNING', key: 'warning', color: 'yellow.7', icon: IconAlertTriangle },
  { status: 'DOWN', key: 'down', color: 'red', icon: IconCircleX },
];

/** Devices up, warning and down over all organizations (totals of the per-organization answer). */
const StatusCards = () => {
  const { t } = useTranslation();
  const totals = useDevicesByOrganizationQuery({ page: 1, pageSize: 25 }).data?.totals;
  return statusCards.map(({ status, key, color, icon: Icon }) => (
    <Card withBorder key={status}>
      <Text c={color} lh={0}>
        <Icon size={22} />
      </Text>
      <Text size="sm" c="dimmed">
        {t('dashboard.devicesWithStatus', { status: t(`devices.status.${status}`) })}
      </Text>
      <Text size="xl" fw={700} c={totals?.[key] ? color : undefined} data-testid={`count-${key}`}>
        {totals ? totals[key] : '–'}
      </Text>
    </Card>
  ));
};

/** `/systemDashboard/overview`: counts across the caller's organizations, and devices per organization. */
export const SystemDashboardOverview = () => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const query = useSystemSummaryQuery();
  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={<DashboardRefresh queryKeys={[dashboardKeys.all]} liveStatus={liveStatus} />}
      />
      <QueryState query={query}>
        {(summary) => (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="lg">
            <Card
              withBorder
              component={Link}
              to="/administration/customers/organizations"
              aria-label={t('dashboard.organizations')}
            >
              <IconBuilding size={22} />
              <Text size="sm" c="dimmed">
                {t('dashboard.organizations')}
              </Text>
              <Text size="xl" fw={700} data-testid="count-organizations">
                {summary.organizations}
              </Text>
            </Card>
            <Card withBorder component={Link} to="/deviceSearch" aria-label={t('dashboard.devices')}>
              <IconDeviceDesktop size={22} />
              <Text size="sm" c="dimmed">
                {t('dashboard.devices')}
              </Text>
              <Text size="xl" fw={700} data-testid="count-devices">
                {summary.devices}
              </Text>
            </Card>
            <StatusCards />
          </SimpleGrid>
        )}
      </QueryState>
      <Title order={3} mb="sm">
        {t('dashboard.byOrganization')}
      </Title>
      <DevicesByOrganizationTable />
    </>
  );
};
