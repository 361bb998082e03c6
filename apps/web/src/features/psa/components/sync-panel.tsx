import { Badge, Button, Group, NativeSelect, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  isManualPsaSync,
  type PsaConnection,
  type PsaSyncLevel,
  type PsaSyncRun,
  psaSyncLevels,
} from '@rmm/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { psaKeys, usePsaSyncLogQuery, usePsaSyncMutation, usePsaSyncRunsQuery } from '../queries.ts';

const LOG_PAGE_SIZE = 50;
const statusColor: Record<PsaSyncRun['status'], string> = {
  RUNNING: 'blue',
  SUCCESS: 'green',
  PARTIAL: 'yellow',
  FAILED: 'red',
};
const levelColor: Record<PsaSyncLevel, string> = { INFO: 'gray', WARNING: 'yellow', ERROR: 'red' };

const RunsTable = ({ runs }: { runs: PsaSyncRun[] }) => {
  const { t } = useTranslation();
  if (runs.length === 0) return <Text c="dimmed">{t('psa.sync.noRuns')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-label={t('psa.sync.runsLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('psa.sync.column.started')}</Table.Th>
            <Table.Th>{t('psa.sync.column.trigger')}</Table.Th>
            <Table.Th>{t('psa.sync.column.status')}</Table.Th>
            <Table.Th>{t('psa.sync.column.summary')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td>
                <RelativeTime value={run.startTime} size="sm" />
              </Table.Td>
              <Table.Td>
                {run.trigger === 'SCHEDULE'
                  ? t('psa.sync.trigger.SCHEDULE')
                  : t('psa.sync.trigger.MANUAL', { name: run.startedBy ?? '' })}
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[run.status]} variant="light">
                  {t(`psa.sync.status.${run.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t('psa.sync.summary', run.summary)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** The sync: run it now, its last runs, and the log naming each record (a table, paged, by level). */
export const SyncPanel = ({ connection }: { connection: PsaConnection }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const runs = usePsaSyncRunsQuery(1);
  const isRunning = runs.data?.data.some((run) => run.status === 'RUNNING') ?? false;
  const [level, setLevel] = useState<PsaSyncLevel | ''>('');
  const [page, setPage] = useState(1);
  const log = usePsaSyncLogQuery({ page, pageSize: LOG_PAGE_SIZE, ...(level ? { level } : {}) }, isRunning);
  const sync = usePsaSyncMutation();
  // A run that ends changes the mappings' sync state and the log.
  const [wasRunning, setWasRunning] = useState(false);
  useEffect(() => {
    if (wasRunning && !isRunning) void queryClient.invalidateQueries({ queryKey: psaKeys.root });
    setWasRunning(isRunning);
  }, [isRunning, wasRunning, queryClient]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={720}>
          <Text size="sm" c="dimmed">
            {t('psa.sync.intro')}
          </Text>
          <Text size="sm">
            {isManualPsaSync(connection.syncIntervalSeconds) || !connection.nextSyncTime ? (
              t('psa.sync.manualOnly')
            ) : (
              <>
                {t('psa.sync.nextSync', { time: '' })}
                <RelativeTime value={connection.nextSyncTime} />
              </>
            )}
          </Text>
        </Stack>
        <Button
          leftSection={<IconRefresh size={16} />}
          loading={sync.isPending}
          disabled={isRunning}
          onClick={() =>
            sync.mutate(undefined, {
              onSuccess: () => notifications.show({ color: 'blue', message: t('psa.sync.started') }),
              onError: (error) => notifications.show({ color: 'red', message: error.message }),
            })
          }
        >
          {t('psa.sync.now')}
        </Button>
      </Group>
      <Title order={4}>{t('psa.sync.runs')}</Title>
      <QueryState query={runs}>{(data) => <RunsTable runs={data.data} />}</QueryState>
      <Group justify="space-between">
        <Title order={4}>{t('psa.sync.log')}</Title>
        <NativeSelect
          aria-label={t('psa.sync.level')}
          value={level}
          onChange={(event) => {
            setLevel(event.currentTarget.value as PsaSyncLevel | '');
            setPage(1);
          }}
          data={[
            { value: '', label: t('psa.sync.allLevels') },
            ...psaSyncLevels.map((value) => ({ value, label: t(`psa.sync.level.${value}`) })),
          ]}
        />
      </Group>
      <QueryState query={log}>
        {(data) =>
          data.count === 0 ? (
            <Text c="dimmed">{t('psa.sync.noLog')}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs" aria-label={t('psa.sync.logLabel')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('psa.sync.column.time')}</Table.Th>
                      <Table.Th>{t('psa.sync.column.level')}</Table.Th>
                      <Table.Th>{t('psa.sync.column.client')}</Table.Th>
                      <Table.Th>{t('psa.sync.column.record')}</Table.Th>
                      <Table.Th>{t('psa.sync.column.message')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td>
                          <RelativeTime value={entry.time} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <Badge color={levelColor[entry.level]} variant="light">
                            {t(`psa.sync.level.${entry.level}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{entry.clientName ?? ''}</Table.Td>
                        <Table.Td>{entry.recordName}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.message}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter count={data.count} page={page} pageSize={LOG_PAGE_SIZE} onPageChange={setPage} />
            </Paper>
          )
        }
      </QueryState>
    </Stack>
  );
};
