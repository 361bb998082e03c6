import { Card, SimpleGrid, Text } from '@mantine/core';
import { IconBuilding, IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useSystemSummaryQuery } from '../api.ts';

/** `/systemDashboard/overview`: counts across the caller's organizations. */
export const SystemDashboardOverview = () => {
  const { t } = useTranslation();
  const query = useSystemSummaryQuery();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <QueryState query={query}>
        {(summary) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
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
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
};
