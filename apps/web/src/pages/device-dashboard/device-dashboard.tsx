import { Anchor, Breadcrumbs, Group, Title } from '@mantine/core';
import type { DeviceNode } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useRealtimeStatus } from '../../app/realtime/realtime-status.ts';
import { ApprovalBadge } from '../../components/approval-badge.tsx';
import { DashboardRefresh } from '../../components/dashboard-refresh.tsx';
import { DeviceStatusBadge } from '../../components/device-status-badge.tsx';
import { HealthStatusBadge, healthOf } from '../../components/health-status-badge.tsx';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { type DeviceTab, DeviceTabs } from '../../features/devices/components/device-tabs.tsx';
import { WakeOnLanButton } from '../../features/devices/components/wake-on-lan-button.tsx';
import { deviceKeys, useDeviceQuery } from '../../features/devices/queries.ts';
import { DeviceJobActions } from '../../features/jobs/components/device-job-actions.tsx';

const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647 ? id : undefined;
};

/** `/deviceDashboard/:id/...`: the device's name, status and tab bar above the tab's content. */
export const DeviceDashboard = ({
  tab,
  children,
}: {
  tab: DeviceTab;
  children: (device: DeviceNode) => ReactNode;
}) => {
  const id = parseId(useParams().id);
  if (id === undefined) return <NotFoundPage />;
  return (
    <DeviceFrame id={id} tab={tab}>
      {children}
    </DeviceFrame>
  );
};

const DeviceFrame = ({
  id,
  tab,
  children,
}: {
  id: number;
  tab: DeviceTab;
  children: (device: DeviceNode) => ReactNode;
}) => {
  const { t } = useTranslation();
  const liveStatus = useRealtimeStatus();
  const query = useDeviceQuery(id);
  return (
    <QueryState query={query} notFoundTitle={t('devices.notFound')}>
      {(device) => (
        <>
          <Breadcrumbs mb="xs" fz="sm">
            <Anchor component={Link} to={links.organization(device.organizationId)}>
              {device.organizationName}
            </Anchor>
            {device.locationId !== null && (
              <Anchor component={Link} to={links.location(device.organizationId, device.locationId)}>
                {device.locationName}
              </Anchor>
            )}
          </Breadcrumbs>
          <Group justify="space-between" mb="md" wrap="wrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {device.displayName}
              </Title>
              <DeviceStatusBadge status={device.status} size="lg" data-testid="device-status" />
              <HealthStatusBadge status={healthOf(device)} size="lg" data-testid="device-health" />
              <ApprovalBadge status={device.approvalStatus} size="lg" />
            </Group>
            <Group gap="xs">
              <DeviceJobActions device={device} />
              <WakeOnLanButton deviceId={id} />
              <DashboardRefresh queryKeys={[deviceKeys.detail(id)]} liveStatus={liveStatus} />
            </Group>
          </Group>
          <DeviceTabs id={id} tab={tab} />
          {children(device)}
        </>
      )}
    </QueryState>
  );
};
