import { Button, type ButtonProps, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { isTerminalJobStatus, jobPermissionsFor, type StoredJob } from '@rmm/domain';
import { IconPlayerStop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermissions } from '../../../app/session/queries.ts';
import { useCancelJobMutation } from '../queries.ts';
import { showJobError } from './show-job-error.ts';

/**
 * Asks, then cancels the job (spec §4 cancel rule); hidden once the job has ended or for users who may
 * not (jobs.cancel, and for backup and restore jobs their backup permission, spec §6).
 */
export const CancelJobButton = ({ job, ...props }: { job: StoredJob } & ButtonProps) => {
  const { t } = useTranslation();
  const canCancel = useHasPermissions(jobPermissionsFor(job, 'cancel'));
  const cancel = useCancelJobMutation();
  if (!canCancel || isTerminalJobStatus(job.jobStatus) || job.jobStatus === 'CANCEL_REQUESTED') return null;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('jobs.cancel.title', { name: job.jobName }),
      children: <Text size="sm">{t('jobs.cancel.body')}</Text>,
      labels: { confirm: t('jobs.cancel.button'), cancel: t('jobs.cancel.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(job, {
          onSuccess: () => notifications.show({ color: 'green', message: t('jobs.cancel.done') }),
          onError: (error) => showJobError(t, error),
        }),
    });
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconPlayerStop size={16} />}
      onClick={confirm}
      loading={cancel.isPending}
      aria-label={`${t('jobs.cancel.button')}: ${job.jobName}`}
      {...props}
    >
      {t('jobs.cancel.button')}
    </Button>
  );
};
