import { Grid } from '@mantine/core';
import type { Device, DeviceNode } from '@rmm/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useHasPermission } from '../../app/session/queries.ts';
import { DeviceAlertsSection } from '../../features/alerts/components/alerts-page.tsx';
import { DeviceFacts } from '../../features/devices/components/device-facts.tsx';
import { DeviceMetrics } from '../../features/devices/components/device-metrics.tsx';
import { deviceKeys, useDeviceSummaryQuery } from '../../features/devices/queries.ts';
import { DeviceTagsCard } from '../../features/tags/components/device-tags-card.tsx';
import { DeviceDashboard } from './device-dashboard.tsx';

/** Current values are polled without the inventory; the page header gets them too. */
const useLiveDevice = (device: DeviceNode): Device => {
  const queryClient = useQueryClient();
  const summary = useDeviceSummaryQuery(device.id).data;
  useEffect(() => {
    if (!summary) return;
    queryClient.setQueryData<DeviceNode>(deviceKeys.detail(summary.id), (old) =>
      old && old.updateTime <= summary.updateTime
        ? { ...old, ...summary, inventory: old.inventory, inventoryUpdateTime: old.inventoryUpdateTime }
        : old,
    );
  }, [queryClient, summary]);
  return summary ?? device;
};

const DeviceOverview = ({ device }: { device: DeviceNode }) => {
  const live = useLiveDevice(device);
  const canSeeAlerts = useHasPermission('alerts.view');
  // The columns follow the page's own width, not the window's: with the help panel open the facts stack above
  // the charts instead of squeezing into a column a word wide.
  return (
    <Grid type="container" breakpoints={{ xs: '30em', sm: '40em', md: '48em', lg: '60em', xl: '75em' }}>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <DeviceFacts device={live} />
        <DeviceTagsCard deviceId={device.id} tags={device.tags} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <DeviceMetrics device={live} />
      </Grid.Col>
      {canSeeAlerts && (
        <Grid.Col span={12}>
          <DeviceAlertsSection deviceId={device.id} />
        </Grid.Col>
      )}
    </Grid>
  );
};

/** `/deviceDashboard/:id/overview`: status, key facts, live CPU, memory and disk charts, and the device's alerts. */
export const DeviceOverviewPage = () => (
  <DeviceDashboard tab="overview">{(device) => <DeviceOverview device={device} />}</DeviceDashboard>
);
