import { Alert, Badge, Button, Group, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { OrganizationScope, Role, RoleType } from '@rmm/domain';
import { links, type RoleEditorTab } from '@rmm/domain/links';
import { IconAlertCircle, IconLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { ComingSoonPage } from '../../../components/coming-soon-page.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { permissionsOfRoleType } from '../permission-groups.ts';
import { useDeleteRoleMutation, useRoleQuery, useSaveRoleMutation } from '../queries.ts';
import { OrganizationScopeField } from './organization-fields.tsx';
import { PermissionMatrix } from './permission-matrix.tsx';

const fieldsetStyle = { border: 0, padding: 0, margin: 0, minWidth: 0 };
const sections: readonly RoleEditorTab[] = ['general', 'permissions'];

/** `/editor/role/:id/<tab>`; `/editor/role/new/general?roleType=END_USER` makes a new role of that kind. */
export const RoleEditor = () => {
  const { t } = useTranslation();
  const { id = 'new', '*': rest = '' } = useParams();
  const [params] = useSearchParams();
  const section = (rest.split('/')[0] || 'general') as RoleEditorTab;
  const query = useRoleQuery(id === 'new' ? undefined : Number(id));
  if (!sections.includes(section)) return <ComingSoonPage name={section} />;
  if (id === 'new') {
    const roleType: RoleType = params.get('roleType') === 'END_USER' ? 'END_USER' : 'TECHNICIAN';
    return <RoleForm roleType={roleType} section={section} />;
  }
  return (
    <QueryState query={query} notFoundTitle={t('users.roleNotFound')}>
      {(role) => <RoleForm role={role} roleType={role.roleType} section={section} key={role.id} />}
    </QueryState>
  );
};

type Values = {
  name: string;
  description: string;
  organizationScope: OrganizationScope;
  permissions: string[];
};

const toValues = (role?: Role): Values => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  organizationScope: role?.organizationScope ?? 'all',
  permissions: role?.permissions ?? [],
});

const RoleForm = ({
  role,
  roleType,
  section,
}: {
  role?: Role;
  roleType: RoleType;
  section: RoleEditorTab;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMeQuery();
  const canManage = useHasPermission('users.manage');
  const save = useSaveRoleMutation(role?.id);
  const readOnly = !canManage || (role?.isBuiltIn ?? false);
  const psaEnabled = me.data?.featureFlags.psa_connectwise ?? false;
  const form = useForm<Values>({
    initialValues: toValues(role),
    validate: {
      name: (value) => (value.trim() ? null : t('spec.validation.mandatory')),
      organizationScope: (value) =>
        value !== 'all' && value.length === 0 ? t('spec.validation.mandatory') : null,
    },
  });
  const goTo = (tab: string | null) =>
    navigate(links.roleEditor(role?.id ?? 'new', (tab ?? 'general') as RoleEditorTab, roleType), {
      replace: true,
      state: location.state,
    });

  const submit = form.onSubmit(async (values) => {
    const saved = await save
      .mutateAsync({
        roleType,
        name: values.name.trim(),
        description: values.description.trim(),
        organizationScope: values.organizationScope,
        permissions: values.permissions,
      })
      .catch(() => undefined);
    if (!saved) return;
    notifications.show({ color: 'green', message: t('users.roleSaved') });
    form.setInitialValues(toValues(saved));
    form.setValues(toValues(saved));
    if (!role) navigate(links.roleEditor(saved.id, section), { replace: true, state: location.state });
  });

  const title = role
    ? t('users.roleEditorTitle', { name: role.name })
    : t(roleType === 'TECHNICIAN' ? 'users.roleEditorNew' : 'users.roleEditorNewEndUser');

  return (
    <form onSubmit={submit}>
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Title order={2}>{title}</Title>
          {role?.isBuiltIn && (
            <Badge variant="light" color="gray">
              {t('users.builtIn')}
            </Badge>
          )}
        </Group>
        {!readOnly && (
          <Group>
            {role && <DeleteRoleButton role={role} />}
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Group>
      {role?.isBuiltIn && (
        <Alert color="gray" mb="md" icon={<IconLock size={18} />}>
          {t('users.builtInReadOnly')}
        </Alert>
      )}
      {save.error && (
        <Alert color="red" mb="md" icon={<IconAlertCircle size={18} />} role="alert">
          {save.error.message}
        </Alert>
      )}
      <Tabs value={section} onChange={goTo}>
        <Tabs.List mb="md">
          <Tabs.Tab value="general">{t('users.general')}</Tabs.Tab>
          <Tabs.Tab value="permissions">{t('users.permissions')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general">
          <fieldset disabled={readOnly || save.isPending} style={fieldsetStyle}>
            <Stack maw={560}>
              <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
              <Textarea label={t('common.description')} rows={3} {...form.getInputProps('description')} />
              <OrganizationScopeField
                value={form.values.organizationScope}
                onChange={(value) => form.setFieldValue('organizationScope', value)}
                description={t('users.roleOrganizationsHint')}
                disabled={readOnly}
                error={form.errors.organizationScope as string | undefined}
              />
            </Stack>
          </fieldset>
        </Tabs.Panel>
        <Tabs.Panel value="permissions">
          <fieldset disabled={readOnly || save.isPending} style={fieldsetStyle}>
            <PermissionMatrix
              permissions={permissionsOfRoleType(roleType, psaEnabled)}
              value={form.values.permissions}
              onChange={(value) => form.setFieldValue('permissions', value)}
              readOnly={readOnly}
            />
          </fieldset>
        </Tabs.Panel>
      </Tabs>
    </form>
  );
};

/** Asks first; the server refuses a role someone holds, and that message is shown. */
const DeleteRoleButton = ({ role }: { role: Role }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteRoleMutation();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('users.deleteTitle', { name: role.name }),
      children: <Text size="sm">{t('users.deleteRoleBody')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(role.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t('users.roleDeleted') });
            navigate(
              role.roleType === 'TECHNICIAN'
                ? '/administration/users/technicianRoles'
                : '/administration/users/endUserRoles',
            );
          },
          onError: (error) => notifications.show({ color: 'red', message: error.message, autoClose: 10_000 }),
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
