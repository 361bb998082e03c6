import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import type { Device } from '@rmm/domain';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeviceStatusBadge } from '../../../components/device-status-badge.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { FactList } from './fact-list.tsx';

/** The key facts of the overview: what a technician checks first. */
export const DeviceFacts = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const facts = [
    { label: t('devices.statusLabel'), value: <DeviceStatusBadge status={device.status} /> },
    { label: t('devices.hostname'), value: device.hostname },
    { label: t('devices.os'), value: [device.osName, device.osVersion].filter(Boolean).join(' ') },
    { label: t('devices.model'), value: [device.manufacturer, device.model].filter(Boolean).join(' ') },
    {
      label: t('devices.ipAddresses'),
      value: device.ipAddresses.length ? (
        <Stack gap={0}>
          {device.ipAddresses.map((ip) => (
            <Text key={ip} size="sm" ff="monospace">
              {ip}
            </Text>
          ))}
        </Stack>
      ) : (
        ''
      ),
    },
    { label: t('devices.lastSeen'), value: <RelativeTime value={device.lastSeen} size="sm" /> },
    {
      label: t('devices.lastBoot'),
      value: device.lastBootTime ? dayjs(device.lastBootTime).format('YYYY-MM-DD HH:mm') : '',
    },
    { label: t('devices.loggedOnUser'), value: device.loggedOnUser ?? '' },
    { label: t('devices.ownerFact'), value: device.owner ? device.owner.name || device.owner.email : '' },
    {
      label: t('devices.pendingReboot'),
      value: device.pendingReboot ? (
        <Badge color="orange" variant="light">
          {t('common.yes')}
        </Badge>
      ) : (
        t('common.no')
      ),
    },
    { label: t('devices.agentVersion'), value: device.agentVersion },
  ];
  return (
    <Card withBorder>
      <Title order={3} size="h4" mb="xs">
        {t('devices.keyFacts')}
      </Title>
      <FactList facts={facts} labelWidth={150} />
    </Card>
  );
};
