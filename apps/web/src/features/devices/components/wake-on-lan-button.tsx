import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { WAKE_ON_LAN_RESULT_CODE_NO_MAC } from '@rmm/domain';
import { IconPower } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ApiError } from '../../../lib/api.ts';
import { useWakeUpMutation } from '../queries.ts';

const isNoUsableMac = (error: Error) =>
  error instanceof ApiError && error.status === 500 && error.resultCode === WAKE_ON_LAN_RESULT_CODE_NO_MAC;

/**
 * Wake-on-LAN (GET /node/{id}/wakeup): an online agent on the device's subnet sends the magic
 * packets. Spec §8: no agent that can do it opens a dialog; any other failure is a message.
 */
export const WakeOnLanButton = ({ deviceId }: { deviceId: number }) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('devices.manage');
  const wakeUp = useWakeUpMutation();
  const [isDialogOpen, dialog] = useDisclosure();
  const send = () =>
    wakeUp.mutate(deviceId, {
      onSuccess: () => notifications.show({ color: 'green', message: t('devices.wakeOnLan.sent') }),
      onError: (error) =>
        isNoUsableMac(error)
          ? dialog.open()
          : notifications.show({ color: 'red', message: t('spec.wakeOnLan.sendError') }),
    });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPower size={16} />}
        disabled={!canManage}
        loading={wakeUp.isPending}
        onClick={send}
      >
        {t('devices.wakeOnLan.button')}
      </Button>
      <Modal opened={isDialogOpen} onClose={dialog.close} title={t('devices.wakeOnLan.title')}>
        <Text size="sm">{t('spec.wakeOnLan.noUsableMac')}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={dialog.close}>{t('common.close')}</Button>
        </Group>
      </Modal>
    </>
  );
};
