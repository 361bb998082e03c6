import { Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DeviceInventory, DeviceNode } from '@rmm/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceDisksTable } from '../../features/devices/components/device-disks-table.tsx';
import { DeviceNetworkTable } from '../../features/devices/components/device-network-table.tsx';
import { DeviceVolumesTable } from '../../features/devices/components/device-volumes-table.tsx';
import { FactList } from '../../features/devices/components/fact-list.tsx';
import { formatByteSize } from '../../lib/format.ts';
import { DeviceDashboard } from './device-dashboard.tsx';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder>
    <Title order={3} size="h4" mb="xs">
      {title}
    </Title>
    {children}
  </Card>
);

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

const Inventory = ({ inventory }: { inventory: DeviceInventory }) => {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const { os, system, cpu } = inventory;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('devices.details.system')}>
          <FactList
            facts={[
              { label: t('devices.hostname'), value: inventory.hostname },
              { label: t('devices.details.fqdn'), value: inventory.fqdn },
              { label: t('devices.details.manufacturer'), value: system.manufacturer },
              { label: t('devices.model'), value: system.model },
              { label: t('devices.details.serial'), value: system.serial },
              { label: t('devices.details.virtualMachine'), value: yesNo(system.isVirtual) },
              { label: t('devices.os'), value: [os.name, os.version].filter(Boolean).join(' ') },
              { label: t('devices.details.build'), value: os.build },
              { label: t('devices.details.kernel'), value: os.kernel },
              { label: t('devices.details.arch'), value: os.arch },
              { label: t('devices.details.loggedOnUsers'), value: inventory.loggedOnUsers.join(', ') },
              { label: t('devices.lastBoot'), value: time(inventory.lastBootTime) },
              { label: t('devices.pendingReboot'), value: yesNo(inventory.pendingReboot) },
              { label: t('devices.details.collectedAt'), value: time(inventory.collectedAt) },
            ]}
          />
        </Section>
        <Stack>
          <Section title={t('devices.details.cpu')}>
            <FactList
              facts={[
                { label: t('devices.details.processor'), value: cpu.brand },
                { label: t('devices.details.manufacturer'), value: cpu.manufacturer },
                {
                  label: t('devices.details.cores'),
                  value: t('devices.details.coresValue', { cores: cpu.cores, physical: cpu.physicalCores }),
                },
                { label: t('devices.details.speed'), value: cpu.speedGhz ? `${cpu.speedGhz} GHz` : '' },
              ]}
            />
          </Section>
          <Section title={t('devices.details.memory')}>
            <FactList
              facts={[
                {
                  label: t('devices.details.totalMemory'),
                  value: formatByteSize(inventory.memory.totalBytes),
                },
              ]}
            />
          </Section>
        </Stack>
      </SimpleGrid>
      <Section title={t('devices.details.volumes')}>
        <DeviceVolumesTable volumes={inventory.volumes} />
      </Section>
      <Section title={t('devices.details.disks')}>
        <DeviceDisksTable disks={inventory.disks} />
      </Section>
      <Section title={t('devices.details.network')}>
        <DeviceNetworkTable interfaces={inventory.networkInterfaces} />
      </Section>
    </Stack>
  );
};

const DeviceDetails = ({ device }: { device: DeviceNode }) => {
  const { t } = useTranslation();
  if (!device.inventory) {
    return (
      <Paper withBorder p="xl" ta="center">
        <Text c="dimmed">{t('devices.noInventory')}</Text>
      </Paper>
    );
  }
  return <Inventory inventory={device.inventory} />;
};

/** `/deviceDashboard/:id/details`: the full inventory the agent last reported. */
export const DeviceDetailsPage = () => (
  <DeviceDashboard tab="details">{(device) => <DeviceDetails device={device} />}</DeviceDashboard>
);
