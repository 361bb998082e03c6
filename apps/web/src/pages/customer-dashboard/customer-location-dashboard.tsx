import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { useHasPermission } from '../../app/session/queries.ts';
import { DashboardRefresh } from '../../components/dashboard-refresh.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { AddDeviceDialog } from '../../features/devices/components/add-device-dialog.tsx';
import { DeviceList } from '../../features/devices/components/device-list.tsx';
import { deviceKeys } from '../../features/devices/queries.ts';
import { organizationKeys, useOrganizationQuery } from '../../lib/organizations.ts';

/** `/customerDashboard/:id/location/:location`: the devices of one location of an organization. */
export const CustomerLocationDashboard = () => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const params = useParams();
  const query = useOrganizationQuery(Number(params.id));
  const locationId = Number(params.location);
  const canEnrol = useHasPermission('enrollment.manage');
  return (
    <QueryState query={query} notFoundTitle={t('organizations.notFound')}>
      {(org) => {
        const location = org.locations.find((l) => l.id === locationId);
        return (
          <>
            <Breadcrumbs mb="xs" fz="sm">
              <Anchor component={Link} to={links.organization(org.id)}>
                {org.name}
              </Anchor>
              <Text span fz="sm">
                {t('organizations.locations')}
              </Text>
            </Breadcrumbs>
            {location ? (
              <>
                <PageHeader
                  title={location.name}
                  actions={
                    <>
                      <DashboardRefresh
                        queryKeys={[organizationKeys.detail(org.id), deviceKeys.lists]}
                        liveStatus={liveStatus}
                      />
                      {canEnrol && <AddDeviceDialog organizationId={org.id} locationId={location.id} />}
                    </>
                  }
                />
                {(location.address || location.description) && (
                  <Text c="dimmed" mb="md">
                    {[location.address, location.description].filter(Boolean).join(' · ')}
                  </Text>
                )}
                <DeviceList organizationId={org.id} locationId={location.id} />
              </>
            ) : (
              <PageHeader title={t('organizations.locationNotFound')} />
            )}
          </>
        );
      }}
    </QueryState>
  );
};
