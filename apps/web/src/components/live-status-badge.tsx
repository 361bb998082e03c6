import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colors = { live: 'green', connecting: 'gray', reconnecting: 'orange', offline: 'gray' } as const;

/** The state of the console's realtime channel: `live` once the server said ready. */
export type LiveStatus = 'offline' | 'connecting' | 'live' | 'reconnecting';

/**
 * Whether pushed updates are arriving; when not, the refresh interval still refreshes the page. The
 * status comes from the channel the signed-in layout keeps open (app/realtime).
 */
export const LiveStatusBadge = ({ status }: { status: LiveStatus }) => {
  const { t } = useTranslation();
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
