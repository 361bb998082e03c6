import { Badge, type BadgeProps } from '@mantine/core';
import type { TicketPriority, TicketSeverity, TicketStatusCategory } from '@rmm/domain';

/** Each category's colour; the status's own name is always written on it, so it reads without colour. */
const categoryColors: Readonly<Record<TicketStatusCategory, string>> = {
  NEW: 'blue',
  OPEN: 'cyan',
  WAITING: 'yellow',
  PAUSED: 'gray',
  RESOLVED: 'green',
  CLOSED: 'dark',
};

export const StatusBadge = ({
  status,
  ...props
}: { status: { name: string; category: TicketStatusCategory } } & BadgeProps) => (
  <Badge color={categoryColors[status.category]} variant="light" data-category={status.category} {...props}>
    {status.name}
  </Badge>
);

const priorityColors: Readonly<Record<TicketPriority, string>> = {
  NONE: 'gray',
  LOW: 'gray',
  MEDIUM: 'blue',
  HIGH: 'red',
};

export const PriorityBadge = ({
  priority,
  label,
  ...props
}: { priority: TicketPriority; label: string } & BadgeProps) => (
  <Badge color={priorityColors[priority]} variant="outline" data-priority={priority} {...props}>
    {label}
  </Badge>
);

const severityColors: Readonly<Record<TicketSeverity, string>> = {
  NONE: 'gray',
  MINOR: 'blue',
  MODERATE: 'yellow',
  MAJOR: 'orange',
  CRITICAL: 'red',
};

export const SeverityBadge = ({
  severity,
  label,
  ...props
}: { severity: TicketSeverity; label: string } & BadgeProps) => (
  <Badge
    color={severityColors[severity]}
    variant={severity === 'CRITICAL' ? 'filled' : 'light'}
    data-severity={severity}
    {...props}
  >
    {label}
  </Badge>
);
