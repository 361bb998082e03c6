import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { Organization } from '@rmm/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteOrganizationMutation } from '../queries.ts';

/** Asks before deleting; the server refuses while devices exist, and that message is shown. */
export const DeleteOrganizationButton = ({ organization }: { organization: Organization }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteOrganizationMutation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('organizations.deleteTitle', { name: organization.name }),
      children: <Text size="sm">{t('organizations.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(organization.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('organizations.deleted') });
            navigate('/administration/customers/organizations');
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
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
      {t('common.delete')}
    </Button>
  );
};
