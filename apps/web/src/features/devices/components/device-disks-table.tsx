import { Table, Text } from '@mantine/core';
import type { InventoryDisk } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { formatByteSize } from '../../../lib/format.ts';

export const DeviceDisksTable = ({ disks }: { disks: InventoryDisk[] }) => {
  const { t } = useTranslation();
  if (disks.length === 0) return <Text c="dimmed">{t('devices.details.noDisks')}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('devices.model')}</Table.Th>
            <Table.Th>{t('devices.details.vendor')}</Table.Th>
            <Table.Th>{t('devices.details.mediaType')}</Table.Th>
            <Table.Th>{t('devices.details.size')}</Table.Th>
            <Table.Th>{t('devices.details.serial')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {disks.map((disk) => (
            <Table.Tr key={`${disk.name}-${disk.serial}`}>
              <Table.Td ff="monospace">{disk.name}</Table.Td>
              <Table.Td>{disk.model}</Table.Td>
              <Table.Td>{disk.vendor}</Table.Td>
              <Table.Td>{disk.mediaType}</Table.Td>
              <Table.Td>{formatByteSize(disk.sizeBytes)}</Table.Td>
              <Table.Td ff="monospace">{disk.serial}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
