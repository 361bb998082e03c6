import { Badge, type BadgeProps } from '@mantine/core';
import type { DeviceStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const colors: Record<DeviceStatus, string> = { UP: 'green', WARNING: 'yellow', DOWN: 'red' };

export const DeviceStatusBadge = ({ status, ...props }: { status: DeviceStatus } & BadgeProps) => {
  const { t } = useTranslation();
  return (
    <Badge color={colors[status]} variant="light" data-status={status} {...props}>
      {t(`devices.status.${status}`)}
    </Badge>
  );
};
