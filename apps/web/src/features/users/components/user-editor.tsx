import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { OrganizationScope, PasswordLink, RoleType, User } from '@rmm/domain';
import { links, type UserEditorTab } from '@rmm/domain/links';
import { IconAlertCircle, IconKey, IconMail, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import {
  useDeleteUserMutation,
  usePasswordLinkMutation,
  useResetMfaMutation,
  useRolesQuery,
  useUpdateUserMutation,
  useUserMfaQuery,
  useUserQuery,
} from '../queries.ts';
import { ApiTokensTab } from './api-tokens-tab.tsx';
import { OneTimeLink } from './one-time-link.tsx';
import { OrganizationScopeField } from './organization-fields.tsx';
import { SessionsTab } from './sessions-tab.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

const technicianTabs: readonly UserEditorTab[] = ['general', 'sessions', 'apiTokens'];

/** `/editor/user/:id/<tab>` (technicians) and `/editor/endUser/:id/general` (end users). */
const Editor = ({ userType }: { userType: RoleType }) => {
  const { t } = useTranslation();
  const { id = '', '*': rest = '' } = useParams();
  const section = rest.split('/')[0] || 'general';
  const tabs = userType === 'TECHNICIAN' ? technicianTabs : ['general'];
  const query = useUserQuery(Number(id));
  if (!tabs.includes(section as UserEditorTab)) return <ComingSoonPage name={section} />;
  return (
    <QueryState query={query} notFoundTitle={t('users.notFound')}>
      {(user) =>
        user.userType !== userType ? (
          <Title order={2} ta="center" py="xl">
            {t('users.notFound')}
          </Title>
        ) : (
          <UserEditorView user={user} section={section as UserEditorTab} key={user.id} />
        )
      }
    </QueryState>
  );
};

export const UserEditor = () => <Editor userType="TECHNICIAN" />;
export const EndUserEditor = () => <Editor userType="END_USER" />;

const UserEditorView = ({ user, section }: { user: User; section: UserEditorTab }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = useHasPermission('users.manage');
  const me = useMeQuery();
  const isSelf = me.data?.user.id === user.id;
  const isTechnician = user.userType === 'TECHNICIAN';
  const goTo = (tab: string | null) =>
    navigate(links.userEditor(user.id, (tab ?? 'general') as UserEditorTab), {
      replace: true,
      state: location.state,
    });

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="sm">
          <Title order={2}>
            {t(isTechnician ? 'users.editorTitle' : 'users.endUserEditorTitle', { name: user.name })}
          </Title>
          <UserStatusBadge status={user.status} />
        </Group>
        {canManage && !isSelf && (
          <Group>
            <PasswordLinkButton user={user} />
            <DeleteUserButton user={user} />
          </Group>
        )}
      </Group>
      {(user.status === 'INVITED' || user.status === 'RESET') && user.invitationExpiresAt && (
        <Text c="dimmed" size="sm" mb="md">
          {t(user.status === 'INVITED' ? 'users.invitationPending' : 'users.resetPending', {
            expires: dayjs(user.invitationExpiresAt).format('YYYY-MM-DD HH:mm'),
          })}
        </Text>
      )}
      <Tabs value={section} onChange={isTechnician ? goTo : undefined}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">{t('users.general')}</Tabs.Tab>
          {isTechnician && <Tabs.Tab value="sessions">{t('users.sessions')}</Tabs.Tab>}
          {isTechnician && <Tabs.Tab value="apiTokens">{t('users.apiTokens')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="general">
          <GeneralForm user={user} canManage={canManage} isSelf={isSelf} />
          {isTechnician && <SecondFactorsCard user={user} canReset={canManage && !isSelf} />}
        </Tabs.Panel>
        {isTechnician && (
          <Tabs.Panel value="sessions">{section === 'sessions' && <SessionsTab user={user} />}</Tabs.Panel>
        )}
        {isTechnician && (
          <Tabs.Panel value="apiTokens">{section === 'apiTokens' && <ApiTokensTab user={user} />}</Tabs.Panel>
        )}
      </Tabs>
    </>
  );
};

type Values = {
  name: string;
  phone: string;
  roleId: string;
  organizationScope: OrganizationScope;
  isEnabled: boolean;
};

const toValues = (user: User): Values => ({
  name: user.name,
  phone: user.phone,
  roleId: String(user.roleId),
  organizationScope: user.organizationScope,
  isEnabled: user.isEnabled,
});

const GeneralForm = ({ user, canManage, isSelf }: { user: User; canManage: boolean; isSelf: boolean }) => {
  const { t } = useTranslation();
  const roles = useRolesQuery(user.userType);
  const update = useUpdateUserMutation(user.id);
  const isTechnician = user.userType === 'TECHNICIAN';
  const form = useForm<Values>({
    initialValues: toValues(user),
    validate: {
      name: (value) => (value.trim() ? null : t('spec.validation.mandatory')),
      organizationScope: (value) =>
        value !== 'all' && value.length === 0 ? t('spec.validation.mandatory') : null,
    },
  });

  const save = async (values: Values) => {
    const saved = await update
      .mutateAsync({
        name: values.name.trim(),
        phone: values.phone.trim(),
        roleId: Number(values.roleId),
        isEnabled: values.isEnabled,
        ...(isTechnician ? { organizationScope: values.organizationScope } : {}),
      })
      .catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('users.saved') });
    form.setInitialValues(toValues(saved));
    form.setValues(toValues(saved));
  };

  const submit = form.onSubmit((values) => {
    if (user.isEnabled && !values.isEnabled) {
      modals.openConfirmModal({
        title: t('users.disableTitle', { name: user.name }),
        children: <Text size="sm">{t('users.disableBody')}</Text>,
        labels: { confirm: t('users.disable'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => void save(values),
      });
      return;
    }
    void save(values);
  });

  return (
    <form onSubmit={submit}>
      <fieldset disabled={!canManage || update.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack maw={560}>
          {update.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {update.error.message}
            </Alert>
          )}
          <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
          <TextInput label={t('users.email')} value={user.email} readOnly disabled />
          <TextInput label={t('users.phone')} {...form.getInputProps('phone')} />
          <Select
            label={t('users.role')}
            allowDeselect={false}
            disabled={!canManage || isSelf}
            data={(roles.data ?? [{ id: user.roleId, name: user.roleName }]).map((role) => ({
              value: String(role.id),
              label: role.name,
            }))}
            {...form.getInputProps('roleId')}
          />
          {isTechnician ? (
            <OrganizationScopeField
              value={form.values.organizationScope}
              onChange={(value) => form.setFieldValue('organizationScope', value)}
              disabled={!canManage}
              error={form.errors.organizationScope as string | undefined}
            />
          ) : (
            <TextInput
              label={t('users.organization')}
              value={user.organizationName ?? ''}
              readOnly
              disabled
            />
          )}
          <Switch
            label={t('users.enabled')}
            description={t('users.enabledHint')}
            disabled={!canManage || isSelf}
            {...form.getInputProps('isEnabled', { type: 'checkbox' })}
          />
          {canManage && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
};

/** "Resend invitation" for an invited user, "Reset password" for the others: asks, then shows the link. */
const PasswordLinkButton = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const kind = user.status === 'INVITED' ? 'invitation' : 'reset';
  const mutation = usePasswordLinkMutation(user.id, kind);
  const [shown, setShown] = useState<{ link: PasswordLink; kind: 'invitation' | 'reset' }>();
  const confirm = () =>
    modals.openConfirmModal({
      title: kind === 'invitation' ? t('users.resendTitle') : t('users.resetTitle', { name: user.name }),
      children: <Text size="sm">{kind === 'invitation' ? t('users.resendBody') : t('users.resetBody')}</Text>,
      labels: {
        confirm: kind === 'invitation' ? t('users.resendInvitation') : t('users.resetPassword'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: kind === 'invitation' ? 'blue' : 'red' },
      onConfirm: () =>
        mutation.mutate(undefined, {
          onSuccess: (link) => setShown({ link, kind }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  return (
    <>
      <Button
        variant="default"
        leftSection={kind === 'invitation' ? <IconMail size={16} /> : <IconKey size={16} />}
        onClick={confirm}
        loading={mutation.isPending}
      >
        {kind === 'invitation' ? t('users.resendInvitation') : t('users.resetPassword')}
      </Button>
      <Modal
        opened={shown !== undefined}
        onClose={() => setShown(undefined)}
        size="lg"
        title={t('users.newLink', { name: user.name })}
      >
        {shown && (
          <OneTimeLink
            link={shown.link}
            name={user.name}
            kind={shown.kind}
            onDone={() => setShown(undefined)}
          />
        )}
      </Modal>
    </>
  );
};

/** The technician's second factors, and an administrator's reset (they then sign in with the password alone). */
const SecondFactorsCard = ({ user, canReset }: { user: User; canReset: boolean }) => {
  const { t } = useTranslation();
  const query = useUserMfaQuery(user.id);
  const reset = useResetMfaMutation(user.id);
  const confirm = () =>
    modals.openConfirmModal({
      title: t('users.mfaResetTitle', { name: user.name }),
      children: <Text size="sm">{t('users.mfaResetBody')}</Text>,
      labels: { confirm: t('users.mfaReset'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: t('users.mfaResetDone') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
  const factors = query.data?.factors ?? [];
  return (
    <Paper withBorder p="md" mt="xl" maw={560}>
      <Group justify="space-between">
        <div>
          <Text fw={500}>{t('users.mfaTitle')}</Text>
          <Text size="sm" c="dimmed">
            {query.isPending
              ? t('app.loading')
              : factors.length === 0
                ? t('users.mfaNone')
                : factors
                    .map((f) => `${t(`auth.mfa.type.${f.type}`)}${f.label ? ` (${f.label})` : ''}`)
                    .join(', ')}
          </Text>
        </div>
        {canReset && factors.length > 0 && (
          <Button variant="default" color="red" onClick={confirm} loading={reset.isPending}>
            {t('users.mfaReset')}
          </Button>
        )}
      </Group>
    </Paper>
  );
};

const DeleteUserButton = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteUserMutation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('users.deleteTitle', { name: user.name }),
      children: <Text size="sm">{t('users.deleteBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('users.deleted') });
            navigate(
              user.userType === 'TECHNICIAN'
                ? '/administration/users/technicians'
                : '/administration/users/endUsers',
            );
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
