import { Badge, type BadgeProps } from '@mantine/core';
import type { AlertPriority, AlertSeverity } from '@rmm/domain';
import {
  IconAlertHexagon,
  IconAlertOctagon,
  IconAlertTriangle,
  IconCircleDot,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Each severity's colour and icon: the word is always shown too, so it reads without colour. */
export const severityLooks: Readonly<Record<AlertSeverity, { color: string; icon: typeof IconInfoCircle }>> =
  {
    NONE: { color: 'gray', icon: IconCircleDot },
    MINOR: { color: 'blue', icon: IconInfoCircle },
    MODERATE: { color: 'yellow', icon: IconAlertTriangle },
    MAJOR: { color: 'orange', icon: IconAlertOctagon },
    CRITICAL: { color: 'red', icon: IconAlertHexagon },
  };

export const SeverityBadge = ({ severity, ...props }: { severity: AlertSeverity } & BadgeProps) => {
  const { t } = useTranslation();
  const { color, icon: Icon } = severityLooks[severity];
  return (
    <Badge
      color={color}
      variant={severity === 'CRITICAL' ? 'filled' : 'light'}
      leftSection={<Icon size={12} aria-hidden />}
      data-severity={severity}
      {...props}
    >
      {t(`alerts.severity.${severity}`)}
    </Badge>
  );
};

const priorityColors: Readonly<Record<AlertPriority, string>> = {
  NONE: 'gray',
  LOW: 'gray',
  MEDIUM: 'blue',
  HIGH: 'grape',
};

export const PriorityBadge = ({ priority, ...props }: { priority: AlertPriority } & BadgeProps) => {
  const { t } = useTranslation();
  return (
    <Badge color={priorityColors[priority]} variant="outline" data-priority={priority} {...props}>
      {t(`alerts.priority.${priority}`)}
    </Badge>
  );
};
