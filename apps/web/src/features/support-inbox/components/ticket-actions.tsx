import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { SupportTicket } from '@rmm/domain';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCloseSupportTicketMutation, useReopenSupportTicketMutation } from '../queries.ts';

const showError = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** Close (after a confirmation) an open ticket, or reopen a closed one. */
export const TicketActions = ({ ticket }: { ticket: SupportTicket }) => {
  const { t } = useTranslation();
  const close = useCloseSupportTicketMutation(ticket.id);
  const reopen = useReopenSupportTicketMutation(ticket.id);
  if (ticket.status === 'CLOSED')
    return (
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={reopen.isPending}
        onClick={() =>
          reopen.mutate(undefined, {
            onSuccess: () => notifications.show({ color: 'green', message: t('supportInbox.reopened') }),
            onError: showError,
          })
        }
      >
        {t('supportInbox.reopen')}
      </Button>
    );
  const confirm = () =>
    modals.openConfirmModal({
      title: t('supportInbox.closeTitle', { id: ticket.id }),
      children: <Text size="sm">{t('supportInbox.closeBody')}</Text>,
      labels: { confirm: t('supportInbox.close'), cancel: t('common.cancel') },
      onConfirm: () =>
        close.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: t('supportInbox.closed') }),
          onError: showError,
        }),
    });
  return (
    <Button leftSection={<IconCircleCheck size={16} />} loading={close.isPending} onClick={confirm}>
      {t('supportInbox.close')}
    </Button>
  );
};
