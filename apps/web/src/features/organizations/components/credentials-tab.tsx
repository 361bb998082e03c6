import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  type Credential,
  type CredentialKind,
  credentialKindLabels,
  credentialKinds,
  messages,
} from '@rmm/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { useCredentialsQuery, useDeleteCredentialMutation, useSaveCredentialMutation } from '../queries.ts';

type Editing = { credential?: Credential } | null;

/** Adding or changing a credential; the password is write-only (empty keeps the stored one). */
const CredentialModal = ({
  organizationId,
  editing,
  onClose,
}: {
  organizationId: number;
  editing: Exclude<Editing, null>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const save = useSaveCredentialMutation(organizationId);
  const existing = editing.credential;
  const [name, setName] = useState(existing?.name ?? '');
  const [kind, setKind] = useState<CredentialKind>(existing?.kind ?? 'LINUX');
  const [username, setUsername] = useState(existing?.username ?? '');
  const [domain, setDomain] = useState(existing?.domain ?? '');
  const [password, setPassword] = useState('');
  const [preferred, setPreferred] = useState(existing?.preferred ?? false);
  const submit = async (event: FormEvent) => {
    // The modal is rendered beside the organization's own form: its submit must not reach that form.
    event.preventDefault();
    event.stopPropagation();
    const body = { name, kind, username, domain, preferred, ...(password ? { password } : {}) };
    const saved = await save.mutateAsync({ id: existing?.id, body: body as never }).catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('credentials.saved') });
    onClose();
  };
  return (
    <Modal opened onClose={onClose} title={existing ? t('credentials.edit') : t('credentials.new')}>
      <form onSubmit={submit}>
        <Stack>
          {save.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {save.error.message}
            </Alert>
          )}
          <TextInput
            label={t('common.name')}
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label={t('credentials.kind')}
            allowDeselect={false}
            value={kind}
            onChange={(value) => value && setKind(value as CredentialKind)}
            data={credentialKinds.map((value) => ({ value, label: credentialKindLabels[value] }))}
          />
          <TextInput
            label={t('credentials.username')}
            withAsterisk
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          {kind === 'WINDOWS_DOMAIN_ADMIN' && (
            <TextInput
              label={t('credentials.domain')}
              withAsterisk
              value={domain}
              onChange={(e) => setDomain(e.currentTarget.value)}
            />
          )}
          <PasswordInput
            label={t('credentials.password')}
            withAsterisk={!existing}
            description={existing ? t('credentials.passwordKeep') : t('credentials.passwordHelp')}
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Switch
            label={t('credentials.preferred', { kind: credentialKindLabels[kind] })}
            description={t('credentials.preferredHelp')}
            checked={preferred}
            onChange={(e) => setPreferred(e.currentTarget.checked)}
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
      </form>
    </Modal>
  );
};

/** `/editor/customer/:id/credentials`: the accounts scripts may run as on this organization's devices. */
export const CredentialsTab = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const query = useCredentialsQuery(organizationId);
  const remove = useDeleteCredentialMutation(organizationId);
  const canManage = useHasPermission('credentials.manage');
  const [editing, setEditing] = useState<Editing>(null);
  // Spec §8: a failed load shows "Error loading credentials" and an empty list.
  const list = query.data ?? [];
  const confirmDelete = (credential: Credential) =>
    modals.openConfirmModal({
      title: t('credentials.deleteTitle', { name: credential.name }),
      children: <Text size="sm">{t('credentials.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(credential.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('credentials.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          {t('credentials.intro')}
        </Text>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({})}>
            {t('credentials.new')}
          </Button>
        )}
      </Group>
      {query.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {messages.credentials.loadError}
        </Alert>
      )}
      {query.isPending ? (
        <Text size="sm">{t('app.loading')}</Text>
      ) : list.length === 0 ? (
        <Text size="sm">{t('credentials.empty')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('common.name')}</Table.Th>
              <Table.Th>{t('credentials.kind')}</Table.Th>
              <Table.Th>{t('credentials.username')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((credential) => (
              <Table.Tr key={credential.id}>
                <Table.Td>
                  {credential.name}{' '}
                  {credential.preferred && (
                    <Badge size="sm" variant="light">
                      {t('credentials.preferredBadge')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{credentialKindLabels[credential.kind]}</Table.Td>
                <Table.Td>
                  {credential.domain ? `${credential.domain}\\${credential.username}` : credential.username}
                </Table.Td>
                <Table.Td ta="right">
                  {canManage && (
                    <Group gap="xs" justify="flex-end">
                      <Button size="xs" variant="subtle" onClick={() => setEditing({ credential })}>
                        {t('common.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => confirmDelete(credential)}
                      >
                        {t('common.delete')}
                      </Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <CredentialModal organizationId={organizationId} editing={editing} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
};
