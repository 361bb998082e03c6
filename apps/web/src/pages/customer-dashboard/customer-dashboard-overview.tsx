import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { useHasPermission } from '../../app/session/queries.ts';
import { DashboardRefresh } from '../../components/dashboard-refresh.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { AddDeviceDialog } from '../../features/devices/components/add-device-dialog.tsx';
import { DeviceList } from '../../features/devices/components/device-list.tsx';
import { deviceKeys } from '../../features/devices/queries.ts';
import { OrganizationLinks } from '../../features/organizations/components/organization-links.tsx';
import { organizationKeys, useOrganizationQuery } from '../../lib/organizations.ts';

/** `/customerDashboard/:id/overview`: the organization, its locations and its devices. */
export const CustomerDashboardOverview = () => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const { id } = useParams();
  const location = useLocation();
  const organizationId = Number(id);
  const query = useOrganizationQuery(organizationId);
  const canEnrol = useHasPermission('enrollment.manage');
  return (
    <QueryState query={query} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <>
          <PageHeader
            title={org.name}
            actions={
              <>
                <Button
                  component={Link}
                  to={links.organizationEditor(org.id)}
                  state={{ from: location.pathname }}
                  variant="light"
                  leftSection={<IconEdit size={16} />}
                >
                  {t('organizations.openEditor')}
                </Button>
                {canEnrol && <AddDeviceDialog organizationId={org.id} />}
              </>
            }
          />
          {org.description && (
            <Text c="dimmed" mb="md">
              {org.description}
            </Text>
          )}
          <OrganizationLinks organizationId={org.id} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t('organizations.devices')}
              </Text>
              <Text size="xl" fw={700}>
                {org.deviceCount}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed" mb="xs">
                {t('organizations.locations')}
              </Text>
              <Stack gap={4}>
                {org.locations.length === 0 && <Text c="dimmed">{t('organizations.noLocations')}</Text>}
                {org.locations.map((l) => (
                  <Group key={l.id} gap="xs">
                    <Badge
                      variant="light"
                      component={Link}
                      to={links.location(org.id, l.id)}
                      style={{ cursor: 'pointer' }}
                    >
                      {l.name}
                    </Badge>
                    <Text size="sm" c="dimmed">
                      {l.address}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
          <Group justify="space-between" mb="sm">
            <Title order={3}>{t('organizations.devices')}</Title>
            <DashboardRefresh
              queryKeys={[organizationKeys.detail(org.id), deviceKeys.lists]}
              liveStatus={liveStatus}
            />
          </Group>
          <DeviceList organizationId={org.id} />
        </>
      )}
    </QueryState>
  );
};
