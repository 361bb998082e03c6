import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import type { DeviceNode } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/queries.ts';
import { DeleteDeviceButton } from '../../features/devices/components/delete-device-button.tsx';
import { DeviceApprovalCard } from '../../features/devices/components/device-approval-card.tsx';
import { DeviceSettingsForm } from '../../features/devices/components/device-settings-form.tsx';
import { DevicePolicyCard } from '../../features/policies/components/device-policy-card.tsx';
import { DeviceDashboard } from './device-dashboard.tsx';

const DeviceSettings = ({ device }: { device: DeviceNode }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('devices.manage');
  const canApprove = useHasPermission('devices.approve') && canManage;
  const canViewPolicies = useHasPermission('policies.view');
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack>
          {/* A change of these fields from elsewhere (another technician) resets the form. */}
          <DeviceSettingsForm
            key={`${device.displayName}|${device.nodeRoleId}|${device.locationId}|${device.owner?.id}`}
            device={device}
            canManage={canManage}
          />
          {canViewPolicies && (
            <DevicePolicyCard key={`${device.nodeRoleId}|${device.locationId}`} device={device} />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack>
          <DeviceApprovalCard device={device} canApprove={canApprove} />
          <Card withBorder>
            <Title order={3} size="h4" mb="xs">
              {t('devices.delete.section')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('devices.delete.explain')}
            </Text>
            <DeleteDeviceButton device={device} disabled={!canManage} />
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
};

/** `/deviceDashboard/:id/settings`: approval, role, location, display name, policy, delete. */
export const DeviceSettingsPage = () => (
  <DeviceDashboard tab="settings">{(device) => <DeviceSettings device={device} />}</DeviceDashboard>
);
