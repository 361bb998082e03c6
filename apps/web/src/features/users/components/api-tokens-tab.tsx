import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ApiToken, User } from '@rmm/domain';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { permissionsOfRoleType } from '../permission-groups.ts';
import {
  useApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useRoleQuery,
} from '../queries.ts';
import { OneTimeToken } from './one-time-link.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';

const statusColors = { ACTIVE: 'green', EXPIRED: 'gray', REVOKED: 'red' } as const;

/** A technician's API tokens: made with a subset of their permissions, shown once, revoked. */
export const ApiTokensTab = ({ user }: { user: Pick<User, 'id' | 'roleId'> }) => {
  const { t } = useTranslation();
  const query = useApiTokensQuery(user.id);
  const revoke = useRevokeApiTokenMutation(user.id);
  const me = useMeQuery();
  const [creating, create] = useDisclosure(false);
  const canChange = useHasPermission('users.manage') || me.data?.user.id === user.id;
  const confirm = (token: ApiToken) =>
    modals.openConfirmModal({
      title: t('users.revokeTokenTitle', { name: token.name }),
      children: <Text size="sm">{t('users.revokeTokenBody')}</Text>,
      labels: { confirm: t('users.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(token.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('users.tokenRevoked') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <>
      {canChange && (
        <Group justify="flex-end" mb="md">
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('users.newToken')}
          </Button>
        </Group>
      )}
      <QueryState query={query}>
        {(tokens) =>
          tokens.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('users.noTokens')}</Text>
            </Paper>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('common.name')}</Table.Th>
                      <Table.Th>{t('users.permissions')}</Table.Th>
                      <Table.Th>{t('users.expires')}</Table.Th>
                      <Table.Th>{t('users.lastUsed')}</Table.Th>
                      <Table.Th>{t('users.status')}</Table.Th>
                      <Table.Th w={120}>
                        <VisuallyHidden>{t('users.actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {tokens.map((token) => (
                      <Table.Tr key={token.id}>
                        <Table.Td fw={500}>{token.name}</Table.Td>
                        <Table.Td title={token.permissions.join(', ')}>
                          {t('users.permissionCount', { count: token.permissions.length })}
                        </Table.Td>
                        <Table.Td>
                          {token.expiresAt ? dayjs(token.expiresAt).format('YYYY-MM-DD') : t('common.never')}
                        </Table.Td>
                        <Table.Td>
                          <RelativeTime value={token.lastUsedAt} size="sm" />
                        </Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={statusColors[token.status]}>
                            {t(`users.tokenStatus.${token.status}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          {canChange && token.status === 'ACTIVE' && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => confirm(token)}
                            >
                              {t('users.revoke')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )
        }
      </QueryState>
      <NewApiTokenModal user={user} opened={creating} onClose={create.close} />
    </>
  );
};

type Values = { name: string; expiresOn: string; permissions: string[] };

const NewApiTokenModal = ({
  user,
  opened,
  onClose,
}: {
  user: Pick<User, 'id' | 'roleId'>;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const me = useMeQuery();
  // One's own tokens: the session's permissions are one's role's (no users.view needed to read them).
  const isSelf = me.data?.user.id === user.id;
  const role = useRoleQuery(opened && !isSelf ? user.roleId : undefined);
  const createToken = useCreateApiTokenMutation(user.id);
  const [token, setToken] = useState<string>();
  const form = useForm<Values>({
    initialValues: { name: '', expiresOn: '', permissions: [] },
    validate: {
      name: (value) => (value.trim() ? null : t('spec.validation.mandatory')),
      permissions: (value) => (value.length ? null : t('users.pickPermission')),
    },
  });
  const held = new Set(me.data?.permissions ?? []);
  const ownerPermissions = isSelf ? held : new Set(role.data?.permissions ?? []);
  const offered = permissionsOfRoleType('TECHNICIAN', me.data?.featureFlags.psa_connectwise ?? false).filter(
    (permission) => ownerPermissions.has(permission) && held.has(permission),
  );

  const close = () => {
    onClose();
    setToken(undefined);
    form.reset();
    createToken.reset();
  };
  const submit = form.onSubmit(async (values) => {
    const answer = await createToken
      .mutateAsync({
        name: values.name.trim(),
        expiresAt: values.expiresOn ? dayjs(values.expiresOn).endOf('day').toISOString() : null,
        permissions: values.permissions,
      })
      .catch(() => undefined);
    if (!answer) return;
    notifications.show({ color: 'green', message: t('users.tokenCreated', { name: answer.apiToken.name }) });
    setToken(answer.token);
  });

  return (
    <Modal opened={opened} onClose={close} size="xl" title={t('users.newToken')}>
      {token ? (
        <OneTimeToken token={token} onDone={close} />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {createToken.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {createToken.error.message}
              </Alert>
            )}
            <TextInput label={t('common.name')} withAsterisk data-autofocus {...form.getInputProps('name')} />
            <TextInput
              type="date"
              label={t('users.expiry')}
              description={t('users.expiryHint')}
              min={dayjs().format('YYYY-MM-DD')}
              maw={240}
              {...form.getInputProps('expiresOn')}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('users.permissions')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('users.tokenPermissionsHint')}
              </Text>
              {form.errors.permissions && (
                <Text size="xs" c="red" role="alert">
                  {form.errors.permissions}
                </Text>
              )}
            </Stack>
            {isSelf ? (
              <PermissionMatrix
                permissions={offered}
                value={form.values.permissions}
                onChange={(value) => form.setFieldValue('permissions', value)}
              />
            ) : (
              <QueryState query={role}>
                {() => (
                  <PermissionMatrix
                    permissions={offered}
                    value={form.values.permissions}
                    onChange={(value) => form.setFieldValue('permissions', value)}
                  />
                )}
              </QueryState>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={createToken.isPending}>
                {t('users.createToken')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
