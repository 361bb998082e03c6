import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconClockHour4, IconRefresh } from '@tabler/icons-react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_REFRESH_INTERVAL, type RefreshInterval } from './inputs/refresh-interval.ts';
import { RefreshIntervalSelect } from './inputs/refresh-interval-select.tsx';
import { useRefreshInterval } from './inputs/use-refresh-interval.ts';
import { type LiveStatus, LiveStatusBadge } from './live-status-badge.tsx';

/** One choice for every dashboard, kept in this browser. */
const STORAGE_KEY = 'rmm.dashboard.refreshInterval';

/**
 * Pushed updates keep a dashboard current (`liveStatus` says whether they arrive); the refresh interval
 * (4 hours unless chosen, none for manual) and the refresh button refetch these queries on top of that.
 */
export const DashboardRefresh = ({
  queryKeys,
  liveStatus,
}: {
  queryKeys: QueryKey[];
  liveStatus: LiveStatus;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [interval, setRefreshInterval] = useLocalStorage<RefreshInterval>({
    key: STORAGE_KEY,
    defaultValue: DEFAULT_REFRESH_INTERVAL,
  });
  const refresh = () => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useRefreshInterval(interval, refresh);

  return (
    <Group gap="xs" wrap="nowrap">
      <LiveStatusBadge status={liveStatus} />
      <RefreshIntervalSelect
        label={undefined}
        aria-label={t('dashboard.refreshEvery')}
        value={interval}
        onChange={setRefreshInterval}
        leftSection={<IconClockHour4 size={16} />}
        w={150}
        size="sm"
      />
      <Tooltip label={t('dashboard.refreshNow')}>
        <ActionIcon variant="default" size="lg" aria-label={t('dashboard.refreshNow')} onClick={refresh}>
          <IconRefresh size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
};
