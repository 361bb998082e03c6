import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { InventoryNetworkInterface } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const Addresses = ({ addresses }: { addresses: string[] }) => (
  <Stack gap={0}>
    {addresses.map((address) => (
      <Text key={address} size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {address}
      </Text>
    ))}
  </Stack>
);

/** Network interfaces with MAC and addresses; the default route's interface first. */
export const DeviceNetworkTable = ({ interfaces }: { interfaces: InventoryNetworkInterface[] }) => {
  const { t } = useTranslation();
  if (interfaces.length === 0) return <Text c="dimmed">{t('devices.details.noInterfaces')}</Text>;
  const sorted = [...interfaces].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('devices.details.mac')}</Table.Th>
            <Table.Th>{t('devices.details.ipv4')}</Table.Th>
            <Table.Th>{t('devices.details.ipv6')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((nic) => (
            <Table.Tr key={`${nic.name}-${nic.mac}`}>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm" fw={500}>
                    {nic.name}
                  </Text>
                  {nic.isDefault && (
                    <Badge size="xs" variant="light">
                      {t('devices.details.default')}
                    </Badge>
                  )}
                  {nic.isVirtual && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('devices.details.virtual')}
                    </Badge>
                  )}
                  {nic.isInternal && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('devices.details.loopback')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ff="monospace">{nic.mac}</Table.Td>
              <Table.Td>
                <Addresses addresses={nic.ipv4} />
              </Table.Td>
              <Table.Td>
                <Addresses addresses={nic.ipv6} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
