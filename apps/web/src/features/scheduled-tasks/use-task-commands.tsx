import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ScheduledTask } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import {
  useDeleteScheduledTaskMutation,
  useRunTaskNowMutation,
  useSetTaskEnabledMutation,
} from './queries.ts';

const showError = (error: Error) =>
  notifications.show({ color: 'red', message: error.message, autoClose: 10_000 });

/** Enable or disable, run now, and delete (after asking): what the list and the editor offer on a task. */
export const useTaskCommands = () => {
  const { t } = useTranslation();
  const setEnabled = useSetTaskEnabledMutation();
  const runNow = useRunTaskNowMutation();
  const remove = useDeleteScheduledTaskMutation();
  return {
    isPending: setEnabled.isPending || runNow.isPending || remove.isPending,
    setEnabled: (task: ScheduledTask, enabled: boolean) =>
      setEnabled.mutate(
        { task, enabled },
        {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t(enabled ? 'scheduledTasks.enabledNow' : 'scheduledTasks.disabledNow'),
            }),
          onError: showError,
        },
      ),
    runNow: (task: ScheduledTask, onStarted?: () => void) =>
      runNow.mutate(task.id, {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('scheduledTasks.started') });
          onStarted?.();
        },
        onError: showError,
      }),
    remove: (task: ScheduledTask, onDeleted?: () => void) =>
      modals.openConfirmModal({
        title: t('scheduledTasks.deleteTitle', { name: task.name }),
        children: <Text size="sm">{t('scheduledTasks.deleteBody')}</Text>,
        labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(task.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('scheduledTasks.deleted') });
              onDeleted?.();
            },
            onError: showError,
          }),
      }),
  };
};
