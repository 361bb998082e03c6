import { Badge, Group, Pagination, Paper, Table, Text } from '@mantine/core';
import type { DeviceNode } from '@rmm/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useActivitiesQuery } from '../../activities/api.ts';
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
              <Table.ScrollContainer minWidth={760}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('activities.time')}</Table.Th>
                      <Table.Th>{t('activities.actor')}</Table.Th>
                      <Table.Th>{t('activities.action')}</Table.Th>
                      <Table.Th>{t('activities.outcome')}</Table.Th>
                      <Table.Th>{t('activities.detail')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((activity) => (
                      <Table.Tr key={activity.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {dayjs(activity.time).format('YYYY-MM-DD HH:mm:ss')}
                        </Table.Td>
                        <Table.Td>{activity.actorName}</Table.Td>
                        <Table.Td ff="monospace">{activity.action}</Table.Td>
                        <Table.Td>
                          <Badge color={activity.outcome === 'SUCCESS' ? 'green' : 'red'} variant="light">
                            {t(`activities.outcome.${activity.outcome}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {activity.detail ?? ''}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between" p="sm">
                <Text size="sm" c="dimmed">
                  {t('common.total', { count: result.count })}
                </Text>
                <Pagination
                  total={Math.max(1, Math.ceil(result.count / PAGE_SIZE))}
                  value={page}
                  onChange={(next) => navigate(`/deviceDashboard/${device.id}/activities/${next}`)}
                />
              </Group>
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
