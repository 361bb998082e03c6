import { Badge, type BadgeProps } from '@mantine/core';
import type { HealthStatus } from '@rmm/domain';
import { IconAlertTriangle, IconCircleCheck, IconHeartbeat, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const looks: Record<HealthStatus, { color: string; icon: typeof IconCircleCheck }> = {
  HEALTHY: { color: 'green', icon: IconCircleCheck },
  NEEDS_ATTENTION: { color: 'yellow', icon: IconAlertTriangle },
  UNHEALTHY: { color: 'red', icon: IconHeartbeat },
  UNKNOWN: { color: 'gray', icon: IconHelpCircle },
};

/**
 * A device's health (from its active alerts and the health status settings): a colour, an icon and the word, so
 * it reads without colour too. Renders nothing for a device record without one (an older server).
 */
export const HealthStatusBadge = ({
  status,
  ...props
}: { status: HealthStatus | undefined | null } & BadgeProps) => {
  const { t } = useTranslation();
  if (!status) return null;
  const { color, icon: Icon } = looks[status];
  return (
    <Badge
      color={color}
      variant="light"
      leftSection={<Icon size={12} aria-hidden />}
      data-health={status}
      title={t('health.title', { status: t(`health.${status}`) })}
      {...props}
    >
      {t(`health.${status}`)}
    </Badge>
  );
};

/** The device's health when its record carries one (`Device.healthStatus`, issue 19). */
export const healthOf = (device: object): HealthStatus | undefined =>
  (device as { healthStatus?: HealthStatus }).healthStatus;
