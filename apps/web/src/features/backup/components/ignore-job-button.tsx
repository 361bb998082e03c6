import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { BackupPlanStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { reasonOf } from '../load-error.ts';
import { useIgnoreJobMutation } from '../queries.ts';

/**
 * Clears the failure of a plan's last backup on a device (spec §7 PUT .../ignore), after asking; spec §8
 * "Error clearing backup job" with the server's reason when it fails.
 */
export const IgnoreJobButton = ({ row }: { row: BackupPlanStatus }) => {
  const { t } = useTranslation();
  const ignore = useIgnoreJobMutation();
  const job = row.lastBackup;
  if (!job) return null;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('backup.ignore.title', { plan: row.planName, device: row.nodeName }),
      children: <Text size="sm">{t('backup.ignore.body')}</Text>,
      labels: { confirm: t('backup.ignore.confirm'), cancel: t('common.cancel') },
      onConfirm: () =>
        ignore.mutate(
          { nodeId: row.nodeId, planId: row.planId, jobUid: job.jobUid },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('backup.ignore.done') }),
            onError: (error) => {
              const text = t('spec.backup.clearJobError');
              const reason = reasonOf(error, text);
              notifications.show({
                color: 'red',
                autoClose: false,
                ...(reason ? { title: text, message: reason } : { message: text }),
              });
            },
          },
        ),
    });
  return (
    <Button
      size="xs"
      variant="light"
      color="gray"
      onClick={confirm}
      loading={ignore.isPending}
      aria-label={t('backup.ignore.label', { plan: row.planName, device: row.nodeName })}
    >
      {t('backup.ignore.button')}
    </Button>
  );
};
