import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isValidEmail, type TicketMailbox } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationsQuery } from '../../../lib/organizations.ts';
import { useBoardsQuery, useSaveMailboxMutation } from '../queries.ts';

const toId = (value: string | null) => (value === null ? null : Number(value));
const toValue = (id: number | null) => (id === null ? null : String(id));

/**
 * A mailbox whose mail becomes tickets: its address, the name on mail sent for it, the board its tickets are made
 * to fit, the organization for senders no organization knows (none: such mail is refused), on or off.
 */
export const MailboxDialog = ({ mailbox, onClose }: { mailbox?: TicketMailbox; onClose: () => void }) => {
  const { t } = useTranslation();
  const save = useSaveMailboxMutation(mailbox?.id);
  const boards = useBoardsQuery();
  const organizations = useOrganizationsQuery({ page: 1, pageSize: 500, sort: 'name' });
  const [address, setAddress] = useState(mailbox?.address ?? '');
  const [name, setName] = useState(mailbox?.name ?? '');
  const [boardId, setBoardId] = useState<number | null>(mailbox?.boardId ?? 1);
  const [organizationId, setOrganizationId] = useState<number | null>(mailbox?.defaultOrganizationId ?? null);
  const [enabled, setEnabled] = useState(mailbox?.enabled ?? true);
  const [tried, setTried] = useState(false);
  const addressError = tried && !isValidEmail(address.trim()) ? t('spec.validation.invalidEmail') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!isValidEmail(address.trim())) return;
    save.mutate(
      { address: address.trim(), name: name.trim(), boardId, defaultOrganizationId: organizationId, enabled },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t('ticketing.mailboxes.saved', { address: saved.address }),
          });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={
        mailbox
          ? t('ticketing.mailboxes.editTitle', { address: mailbox.address })
          : t('ticketing.mailboxes.new')
      }
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            {save.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {save.error.message}
              </Alert>
            )}
            <TextInput
              type="email"
              label={t('ticketing.mailboxes.address')}
              withAsterisk
              data-autofocus
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              error={addressError}
            />
            <TextInput
              label={t('ticketing.mailboxes.name')}
              description={t('ticketing.mailboxes.nameHint')}
              maxLength={100}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Select
              label={t('ticketing.mailboxes.board')}
              description={t('ticketing.mailboxes.boardHint')}
              clearable
              data={(boards.data ?? []).map((board) => ({ value: String(board.id), label: board.name }))}
              value={toValue(boardId)}
              onChange={(value) => setBoardId(toId(value))}
            />
            <Select
              label={t('ticketing.mailboxes.organization')}
              description={t('ticketing.mailboxes.organizationHint')}
              placeholder={t('ticketing.mailboxes.refuseUnknown')}
              searchable
              clearable
              data={(organizations.data?.data ?? []).map((o) => ({ value: String(o.id), label: o.name }))}
              value={toValue(organizationId)}
              onChange={(value) => setOrganizationId(toId(value))}
            />
            <Switch
              label={t('ticketing.mailboxes.enabled')}
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Modal>
  );
};
