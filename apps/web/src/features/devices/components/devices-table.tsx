import { Anchor, Group, Table, Text } from '@mantine/core';
import type { Device } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalBadge } from '../../../components/approval-badge.tsx';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { HealthStatusBadge, healthOf } from '../../../components/health-status-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';

/** One row per device; everything an agent reported is rendered as text. */
export const DevicesTable = ({
  devices,
  showLocation = true,
}: {
  devices: Device[];
  showLocation?: boolean;
}) => {
  const { t } = useTranslation();
  // Devices carry their health once the server derives it from alerts (issue 19).
  const showHealth = devices.some((device) => healthOf(device) !== undefined);
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('devices.statusLabel')}</Table.Th>
            {showHealth && <Table.Th>{t('devices.health')}</Table.Th>}
            <Table.Th>{t('devices.os')}</Table.Th>
            {showLocation && <Table.Th>{t('devices.location')}</Table.Th>}
            <Table.Th>{t('devices.loggedOnUser')}</Table.Th>
            <Table.Th>{t('devices.ipAddress')}</Table.Th>
            <Table.Th>{t('devices.lastSeen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr key={device.id}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={links.device(device.id)} fw={500}>
                    {device.displayName}
                  </Anchor>
                  <ApprovalBadge status={device.approvalStatus} size="sm" />
                </Group>
                {device.hostname !== device.displayName && (
                  <Text size="xs" c="dimmed">
                    {device.hostname}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <DeviceStatusBadge status={device.status} />
              </Table.Td>
              {showHealth && (
                <Table.Td>
                  <HealthStatusBadge status={healthOf(device)} />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm">{[device.osName, device.osVersion].filter(Boolean).join(' ')}</Text>
              </Table.Td>
              {showLocation && <Table.Td>{device.locationName ?? ''}</Table.Td>}
              <Table.Td>{device.loggedOnUser ?? ''}</Table.Td>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {device.ipAddresses[0] ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <RelativeTime value={device.lastSeen} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
