import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Script } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { useDeleteScriptMutation } from '../queries.ts';

/**
 * Asks first. A script that scheduled tasks use is refused by the server; the editor shows that message
 * from the mutation's error.
 */
export const DeleteScriptButton = ({
  script,
  remove,
  onDeleted,
}: {
  script: Script;
  remove: ReturnType<typeof useDeleteScriptMutation>;
  onDeleted: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('scripts.deleteTitle', { name: script.name }),
      children: <Text size="sm">{t('scripts.deleteBody')}</Text>,
      labels: { confirm: t('scripts.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(script.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('scripts.deleted') });
            onDeleted();
            navigate(links.scriptLibrary());
          },
        }),
    });
  return (
    <Button
      variant="subtle"
      color="red"
      leftSection={<IconTrash size={16} />}
      onClick={confirm}
      loading={remove.isPending}
    >
      {t('scripts.delete')}
    </Button>
  );
};
