import { Anchor, Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { TaskRunDevice } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { useJobDrawer } from '../job-drawer-slot.tsx';
import { useTaskRunQuery } from '../queries.ts';
import { formatInZone } from '../time-zones.ts';

const stateColors: Record<TaskRunDevice['state'], string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  SUCCESS: 'green',
  FAILURE: 'red',
  SKIPPED_OFFLINE: 'yellow',
  SKIPPED_PLATFORM: 'yellow',
  CANCELLED: 'gray',
  EXPIRED: 'orange',
};

export const DeviceStateBadge = ({ state }: { state: TaskRunDevice['state'] }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={stateColors[state]} data-testid="device-state">
      {t(`scheduledTasks.deviceState.${state}`)}
    </Badge>
  );
};

const DevicesTable = ({
  devices,
  onOpenJob,
}: {
  devices: TaskRunDevice[];
  onOpenJob: (jobUid: string) => void;
}) => {
  const { t } = useTranslation();
  if (devices.length === 0) return <Text c="dimmed">{t('scheduledTasks.history.noDevices')}</Text>;
  return (
    <Table verticalSpacing="xs" aria-label={t('scheduledTasks.history.devices')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('scheduledTasks.history.device')}</Table.Th>
          <Table.Th>{t('scheduledTasks.history.state')}</Table.Th>
          <Table.Th>{t('scheduledTasks.history.jobs')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {devices.map((device) => (
          <Table.Tr key={device.nodeId}>
            <Table.Td>
              <Anchor component={Link} to={links.device(device.nodeId)} size="sm">
                {device.nodeName}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <DeviceStateBadge state={device.state} />
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {device.jobs.map((job) => (
                  <Button
                    key={job.jobUid}
                    size="compact-xs"
                    variant="light"
                    color={
                      job.jobResult === 'FAILURE' ? 'red' : job.jobResult === 'SUCCESS' ? 'green' : 'gray'
                    }
                    aria-label={t('scheduledTasks.history.viewJob', {
                      name: job.scriptName,
                      device: device.nodeName,
                    })}
                    onClick={() => onOpenJob(job.jobUid)}
                  >
                    {job.scriptName}
                  </Button>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** One run: each device's state and its jobs; a job opens in the job drawer (output, result, history). */
export const TaskRunDrawer = ({
  taskId,
  runId,
  onClose,
}: {
  taskId: number;
  runId: number | undefined;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const query = useTaskRunQuery(taskId, runId);
  const [jobUid, setJobUid] = useState<string | null>(null);
  const JobDrawer = useJobDrawer();
  const title = query.data
    ? t('scheduledTasks.history.runTitle', { time: formatInZone(query.data.run.occurrence) })
    : t('scheduledTasks.editor.history');
  return (
    // Escape closes the drawer on top, not the editor behind it (the editor layout closes on Escape too).
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops Escape from leaving the drawers' portals.
    <div onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}>
      <Drawer
        opened={runId !== undefined}
        onClose={onClose}
        position="right"
        size="lg"
        title={title}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {runId !== undefined && (
          <QueryState query={query}>
            {({ devices }) => (
              <Stack>
                <DevicesTable devices={devices} onOpenJob={setJobUid} />
              </Stack>
            )}
          </QueryState>
        )}
      </Drawer>
      {JobDrawer && <JobDrawer jobUid={jobUid} onClose={() => setJobUid(null)} />}
    </div>
  );
};
