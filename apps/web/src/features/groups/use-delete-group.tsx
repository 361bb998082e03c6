import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { DeviceSearch } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useDeleteGroupMutation } from './queries.ts';

/** Asks before deleting a group; its devices stay as they are. */
export const useDeleteGroup = (onDeleted?: () => void) => {
  const { t } = useTranslation();
  const remove = useDeleteGroupMutation();
  return (group: DeviceSearch) =>
    modals.openConfirmModal({
      title: t('groups.deleteTitle', { name: group.search }),
      children: <Text size="sm">{t('groups.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('groups.deleted') });
            onDeleted?.();
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
};
