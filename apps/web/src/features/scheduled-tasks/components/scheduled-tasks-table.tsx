import { ActionIcon, Anchor, Group, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ScheduledTask } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeSchedule } from '../schedule-summary.ts';
import { describeTargets } from '../targets-summary.ts';
import { formatInZone } from '../time-zones.ts';
import { useTaskCommands } from '../use-task-commands.tsx';

const When = ({ value }: { value: string | null }) => {
  const { t } = useTranslation();
  if (!value) return <Text c="dimmed">{t('scheduledTasks.none')}</Text>;
  return (
    <Text component="time" dateTime={value} size="sm">
      {formatInZone(value)}
    </Text>
  );
};

/** One page of tasks; the switch, Run now and Delete act on a row at once (Delete after asking). */
export const ScheduledTasksTable = ({
  tasks,
  canManage,
  from,
}: {
  tasks: ScheduledTask[];
  canManage: boolean;
  from: { from: string };
}) => {
  const { t } = useTranslation();
  const commands = useTaskCommands();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.name')}</Table.Th>
            <Table.Th>{t('scheduledTasks.column.schedule')}</Table.Th>
            <Table.Th>{t('scheduledTasks.column.targets')}</Table.Th>
            <Table.Th>{t('scheduledTasks.column.enabled')}</Table.Th>
            <Table.Th>{t('scheduledTasks.column.nextRun')}</Table.Th>
            <Table.Th>{t('scheduledTasks.column.lastRun')}</Table.Th>
            <Table.Th w={90}>
              <VisuallyHidden>{t('scheduledTasks.column.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((task) => (
            <Table.Tr key={task.id}>
              <Table.Td>
                <Anchor component={Link} to={links.scheduledTaskEditor(task.id)} state={from} fw={500}>
                  {task.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{describeSchedule(task.schedule, t)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{describeTargets(task.targets, t)}</Text>
              </Table.Td>
              <Table.Td>
                <Switch
                  aria-label={t('scheduledTasks.enable', { name: task.name })}
                  checked={task.enabled}
                  disabled={!canManage || commands.isPending}
                  onChange={(event) => commands.setEnabled(task, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <When value={task.enabled ? task.nextRunAt : null} />
              </Table.Td>
              <Table.Td>
                <When value={task.lastRunAt} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('scheduledTasks.runNow')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('scheduledTasks.runNowOf', { name: task.name })}
                      disabled={!canManage || commands.isPending}
                      onClick={() => commands.runNow(task)}
                    >
                      <IconPlayerPlay size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('scheduledTasks.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('scheduledTasks.deleteOf', { name: task.name })}
                      disabled={!canManage || commands.isPending}
                      onClick={() => commands.remove(task)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
