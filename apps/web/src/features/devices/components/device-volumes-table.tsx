import { Group, Progress, Table, Text } from '@mantine/core';
import { type InventoryVolume, LOW_DISK_FREE_PERCENT } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';

const freePercent = (volume: InventoryVolume) =>
  volume.totalBytes > 0 ? (volume.freeBytes / volume.totalBytes) * 100 : 0;

/** Volumes with a bar of the space used; red once free space drops below the low-disk line. */
export const DeviceVolumesTable = ({ volumes }: { volumes: InventoryVolume[] }) => {
  const { t } = useTranslation();
  if (volumes.length === 0) return <Text c="dimmed">{t('devices.details.noVolumes')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('devices.details.mount')}</Table.Th>
            <Table.Th>{t('devices.details.label')}</Table.Th>
            <Table.Th>{t('devices.details.fsType')}</Table.Th>
            <Table.Th>{t('devices.details.size')}</Table.Th>
            <Table.Th w="35%">{t('devices.details.free')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {volumes.map((volume) => {
            const free = freePercent(volume);
            const isLow = free < LOW_DISK_FREE_PERCENT;
            return (
              <Table.Tr key={`${volume.mount}-${volume.label}`}>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {volume.mount}
                </Table.Td>
                <Table.Td>{volume.label}</Table.Td>
                <Table.Td>{volume.fsType}</Table.Td>
                <Table.Td>{formatByteSize(volume.totalBytes)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Progress
                      value={100 - free}
                      color={isLow ? 'red' : 'blue'}
                      style={{ flex: 1 }}
                      aria-label={t('devices.details.usedOf', { mount: volume.mount })}
                    />
                    <Text size="sm" c={isLow ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
                      {t('devices.details.freeOf', {
                        free: formatByteSize(volume.freeBytes),
                        percent: Math.round(free),
                      })}
                    </Text>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
