import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../realtime-status.ts';

const colors = { live: 'green', connecting: 'gray', reconnecting: 'orange', offline: 'gray' } as const;

/** Whether pushed updates are arriving; when not, the refresh interval still refreshes the page. */
export const LiveStatusBadge = () => {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  return (
    <Tooltip label={t(`realtime.hint.${status}`)} multiline w={260}>
      <Badge
        variant="dot"
        color={colors[status]}
        size="lg"
        tabIndex={0}
        role="status"
        aria-label={`${t(`realtime.status.${status}`)}. ${t(`realtime.hint.${status}`)}`}
      >
        {t(`realtime.status.${status}`)}
      </Badge>
    </Tooltip>
  );
};
