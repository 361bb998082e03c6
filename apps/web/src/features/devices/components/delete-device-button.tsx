import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Device } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteDeviceMutation } from '../queries.ts';

/** Asks before deleting; afterwards the organization's dashboard opens. */
export const DeleteDeviceButton = ({ device, disabled }: { device: Device; disabled?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteDeviceMutation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('devices.delete.title', { name: device.displayName }),
      children: <Text size="sm">{t('devices.delete.body')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(device.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('devices.delete.done') });
            navigate(links.organization(device.organizationId));
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconTrash size={16} />}
      onClick={confirm}
      loading={remove.isPending}
      disabled={disabled}
    >
      {t('devices.delete.button')}
    </Button>
  );
};
