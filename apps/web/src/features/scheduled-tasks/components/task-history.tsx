import { Anchor, Badge, Group, Paper, Table, Text } from '@mantine/core';
import type { TaskRun } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useTaskRunsQuery } from '../queries.ts';
import { formatInZone } from '../time-zones.ts';
import { userTimeZone } from '../user-time-zone.ts';
import { TaskRunDrawer } from './task-run-drawer.tsx';

const PAGE_SIZE = 20;

const Count = ({ value, color }: { value: number; color: string }) =>
  value === 0 ? (
    <Text size="sm" c="dimmed">
      0
    </Text>
  ) : (
    <Badge variant="light" color={color}>
      {value}
    </Badge>
  );

const RunRow = ({ run, onOpen }: { run: TaskRun; onOpen: () => void }) => {
  const { t } = useTranslation();
  const time = formatInZone(run.occurrence);
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor
          component="button"
          type="button"
          onClick={onOpen}
          aria-label={t('scheduledTasks.history.open', { time })}
        >
          <time dateTime={run.occurrence}>{time}</time>
        </Anchor>
      </Table.Td>
      <Table.Td>{t(`scheduledTasks.trigger.${run.trigger}`)}</Table.Td>
      <Table.Td>{run.deviceCount}</Table.Td>
      <Table.Td data-testid="run-success">
        <Count value={run.successCount} color="green" />
      </Table.Td>
      <Table.Td data-testid="run-failure">
        <Count value={run.failureCount} color="red" />
      </Table.Td>
      <Table.Td data-testid="run-skipped">
        <Count value={run.skippedCount} color="yellow" />
      </Table.Td>
      <Table.Td data-testid="run-pending">
        <Count value={run.pendingCount} color="blue" />
      </Table.Td>
    </Table.Tr>
  );
};

/** The task's runs, newest first, each opening its devices; the page lives in the URL (`runsPage`). */
export const TaskHistory = ({ taskId }: { taskId: number }) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('runsPage')) || 1);
  const openRunId = Number(params.get('run')) || undefined;
  const query = useTaskRunsQuery(taskId, { page, pageSize: PAGE_SIZE });
  const setParam = (name: string, value: number | undefined) =>
    setParams(
      (p) => {
        value === undefined ? p.delete(name) : p.set(name, String(value));
        return p;
      },
      { replace: true },
    );
  return (
    <>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('scheduledTasks.history.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Group justify="flex-end" px="sm" pt="xs">
                <Text size="xs" c="dimmed">
                  {t('scheduledTasks.timesIn', { zone: userTimeZone() })}
                </Text>
              </Group>
              <Table.ScrollContainer minWidth={700}>
                <Table
                  striped
                  highlightOnHover
                  verticalSpacing="sm"
                  aria-label={t('scheduledTasks.editor.history')}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('scheduledTasks.history.occurrence')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.trigger')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.devices')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.success')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.failure')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.skipped')}</Table.Th>
                      <Table.Th>{t('scheduledTasks.history.pending')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {result.data.map((run) => (
                      <RunRow key={run.id} run={run} onOpen={() => setParam('run', run.id)} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => setParam('runsPage', next)}
              />
            </Paper>
          )
        }
      </QueryState>
      <TaskRunDrawer taskId={taskId} runId={openRunId} onClose={() => setParam('run', undefined)} />
    </>
  );
};
