import { Badge } from '@mantine/core';
import type { HelpTicketPriority, SupportTicketStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';

const priorityColors: Record<HelpTicketPriority, string> = {
  LOW: 'gray',
  NORMAL: 'blue',
  HIGH: 'orange',
  URGENT: 'red',
};

export const PriorityBadge = ({ priority }: { priority: HelpTicketPriority }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={priorityColors[priority]}>
      {t(`supportInbox.priority.${priority}`)}
    </Badge>
  );
};

export const StatusBadge = ({ status }: { status: SupportTicketStatus }) => {
  const { t } = useTranslation();
  return (
    <Badge variant={status === 'OPEN' ? 'filled' : 'default'} color={status === 'OPEN' ? 'green' : 'gray'}>
      {t(`supportInbox.status.${status}`)}
    </Badge>
  );
};
