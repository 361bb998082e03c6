import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TicketMailbox } from '@rmm/domain';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledActionIcon } from '../../../components/labelled-action-icon.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useDeleteMailboxMutation, useMailboxesQuery } from '../queries.ts';
import { MailboxDialog } from './mailbox-dialog.tsx';

/** The mailboxes whose mail becomes tickets and whose replies become comments (the server's SMTP listener). */
export const MailboxesSection = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useMailboxesQuery();
  const remove = useDeleteMailboxMutation();
  const [dialog, setDialog] = useState<{ mailbox?: TicketMailbox } | null>(null);
  const confirmDelete = (mailbox: TicketMailbox) =>
    modals.openConfirmModal({
      title: t('ticketing.mailboxes.deleteTitle', { address: mailbox.address }),
      children: <Text size="sm">{t('ticketing.mailboxes.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(mailbox.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('ticketing.mailboxes.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <>
      <Group justify="space-between" mb="sm">
        <Text size="sm" c="dimmed" maw={640}>
          {t('ticketing.settings.explain.mailboxes')}
        </Text>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({})}>
            {t('ticketing.mailboxes.new')}
          </Button>
        )}
      </Group>
      <QueryState query={query} notFoundTitle={t('ticketing.settings.notFound')}>
        {(mailboxes) =>
          mailboxes.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('ticketing.mailboxes.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table striped verticalSpacing="xs" aria-label={t('ticketing.settings.section.mailboxes')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ticketing.mailboxes.address')}</Table.Th>
                    <Table.Th>{t('ticketing.mailboxes.board')}</Table.Th>
                    <Table.Th>{t('ticketing.mailboxes.organization')}</Table.Th>
                    <Table.Th w={100} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {mailboxes.map((mailbox) => (
                    <Table.Tr key={mailbox.id}>
                      <Table.Td>
                        <Group gap="xs">
                          <Text size="sm" fw={500}>
                            {mailbox.address}
                          </Text>
                          {!mailbox.enabled && (
                            <Badge size="xs" color="gray" variant="light">
                              {t('ticketing.mailboxes.off')}
                            </Badge>
                          )}
                        </Group>
                        {mailbox.name && (
                          <Text size="xs" c="dimmed">
                            {mailbox.name}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{mailbox.boardName ?? t('ticketing.none')}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          {mailbox.defaultOrganizationName ?? t('ticketing.mailboxes.refuseUnknown')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {canManage && (
                          <Group gap={2} justify="flex-end" wrap="nowrap">
                            <LabelledActionIcon
                              label={t('ticketing.mailboxes.edit', { address: mailbox.address })}
                              onClick={() => setDialog({ mailbox })}
                            >
                              <IconEdit size={16} />
                            </LabelledActionIcon>
                            <LabelledActionIcon
                              label={t('ticketing.mailboxes.delete', { address: mailbox.address })}
                              color="red"
                              onClick={() => confirmDelete(mailbox)}
                            >
                              <IconTrash size={16} />
                            </LabelledActionIcon>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      {dialog && <MailboxDialog mailbox={dialog.mailbox} onClose={() => setDialog(null)} />}
    </>
  );
};
