import { Paper, Text } from '@mantine/core';
import type { DeviceNode } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListFooter } from '../../components/list-footer.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useActivitiesQuery } from '../../features/activities/queries.ts';
import { ActivitiesTable } from '../activities/activities-table.tsx';
import { DeviceDashboard } from './device-dashboard.tsx';

const PAGE_SIZE = 25;

/** The device's own history: activities whose target is this device. */
const DeviceActivities = ({ device }: { device: DeviceNode }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const page = Math.max(1, Number(useParams().page) || 1);
  const query = useActivitiesQuery({
    page,
    pageSize: PAGE_SIZE,
    targetType: 'device',
    targetId: String(device.id),
  });
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {t('devices.activities.explain', { name: device.displayName })}
      </Text>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('devices.activities.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <ActivitiesTable
                activities={result.data}
                showTarget={false}
                emptyText={t('devices.activities.empty')}
              />
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => navigate(links.devicePage(device.id, 'activities', next))}
              />
            </Paper>
          )
        }
      </QueryState>
    </>
  );
};

/** `/deviceDashboard/:id/activities/:page`. */
export const DeviceActivitiesPage = () => (
  <DeviceDashboard tab="activities">{(device) => <DeviceActivities device={device} />}</DeviceDashboard>
);
