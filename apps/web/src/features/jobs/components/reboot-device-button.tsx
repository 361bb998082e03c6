import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Device } from '@rmm/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useShortJobMutation } from '../queries.ts';
import { showJobError } from './show-job-error.ts';

/** Asks, then reboots the device through a built-in ACTION job, submitted and polled (spec §7). */
export const RebootDeviceButton = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const reboot = useShortJobMutation(device.id);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('jobs.reboot.title', { name: device.displayName }),
      children: <Text size="sm">{t('jobs.reboot.body')}</Text>,
      labels: { confirm: t('jobs.reboot.button'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        reboot.mutate(
          { jobType: 'ACTION', jobName: t('jobs.reboot.jobName'), content: { builtin: 'REBOOT' } },
          {
            onSuccess: () => notifications.show({ color: 'green', message: t('jobs.reboot.done') }),
            onError: (error) => showJobError(t, error),
          },
        ),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      onClick={confirm}
      loading={reboot.isPending}
    >
      {t('jobs.reboot.button')}
    </Button>
  );
};
