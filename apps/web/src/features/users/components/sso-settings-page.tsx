import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { OrganizationScope, SsoSettings, UpdateSsoSettingsRequest } from '@rmm/domain';
import { IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useRolesQuery, useSsoSettingsQuery, useUpdateSsoSettings } from '../queries.ts';
import { OrganizationScopeField } from './organization-fields.tsx';

type Mapping = { group: string; roleId: string | null; organizationScope: OrganizationScope };
type Values = {
  enabled: boolean;
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  removeSecret: boolean;
  scopes: string;
  groupsClaim: string;
  buttonLabel: string;
  jitEnabled: boolean;
  defaultRoleId: string | null;
  groupMappings: Mapping[];
};

const toValues = (settings: SsoSettings): Values => ({
  enabled: settings.enabled,
  issuerUrl: settings.issuerUrl,
  clientId: settings.clientId,
  clientSecret: '',
  removeSecret: false,
  scopes: settings.scopes,
  groupsClaim: settings.groupsClaim,
  buttonLabel: settings.buttonLabel,
  jitEnabled: settings.jitEnabled,
  defaultRoleId: settings.defaultRoleId === null ? null : String(settings.defaultRoleId),
  groupMappings: settings.groupMappings.map((m) => ({
    group: m.group,
    roleId: String(m.roleId),
    organizationScope: m.organizationScope,
  })),
});

const toRequest = (values: Values): UpdateSsoSettingsRequest => ({
  enabled: values.enabled,
  issuerUrl: values.issuerUrl.trim(),
  clientId: values.clientId.trim(),
  // Absent keeps the stored secret; empty removes it.
  ...(values.removeSecret
    ? { clientSecret: '' }
    : values.clientSecret
      ? { clientSecret: values.clientSecret }
      : {}),
  scopes: values.scopes,
  groupsClaim: values.groupsClaim,
  buttonLabel: values.buttonLabel,
  jitEnabled: values.jitEnabled,
  defaultRoleId: values.defaultRoleId === null ? null : Number(values.defaultRoleId),
  groupMappings: values.groupMappings
    .filter((m) => m.group.trim() !== '' && m.roleId !== null)
    .map((m) => ({
      group: m.group.trim(),
      roleId: Number(m.roleId),
      organizationScope: m.organizationScope,
    })),
});

const SsoForm = ({ settings, canManage }: { settings: SsoSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const roles = useRolesQuery('TECHNICIAN');
  const update = useUpdateSsoSettings();
  const form = useForm<Values>({
    initialValues: toValues(settings),
    validate: {
      issuerUrl: (value, values) =>
        values.enabled && value.trim() === '' ? t('spec.validation.mandatory') : null,
      clientId: (value, values) =>
        values.enabled && value.trim() === '' ? t('spec.validation.mandatory') : null,
    },
  });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }));
  const disabled = !canManage || update.isPending;

  const submit = form.onSubmit(async (values) => {
    const saved = await update.mutateAsync(toRequest(values)).catch(() => undefined);
    if (!saved) return;
    form.setValues(toValues(saved));
    form.resetDirty(toValues(saved));
    notifications.show({ color: 'green', message: t('users.sso.saved') });
  });

  const mappings = form.values.groupMappings;
  return (
    <form onSubmit={submit}>
      <Stack maw={760}>
        {!canManage && <Alert color="gray">{t('users.sso.readOnly')}</Alert>}
        {update.error && (
          <Alert color="red" role="alert">
            {update.error.message}
          </Alert>
        )}
        <Paper withBorder p="md">
          <Stack>
            <Text c="dimmed" size="sm">
              {t('users.sso.intro')}
            </Text>
            <Switch
              label={t('users.sso.enabled')}
              disabled={disabled}
              {...form.getInputProps('enabled', { type: 'checkbox' })}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={4}>{t('users.sso.provider')}</Title>
            <TextInput
              label={t('users.sso.issuerUrl')}
              description={t('users.sso.issuerUrlHelp')}
              placeholder="https://login.example.com/realms/staff"
              disabled={disabled}
              {...form.getInputProps('issuerUrl')}
            />
            <TextInput
              label={t('users.sso.clientId')}
              disabled={disabled}
              {...form.getInputProps('clientId')}
            />
            <PasswordInput
              label={t('users.sso.clientSecret')}
              description={
                settings.clientSecretSet ? t('users.sso.clientSecretSet') : t('users.sso.clientSecretUnset')
              }
              autoComplete="new-password"
              disabled={disabled || form.values.removeSecret}
              {...form.getInputProps('clientSecret')}
            />
            {settings.clientSecretSet && (
              <Checkbox
                label={t('users.sso.removeSecret')}
                disabled={disabled}
                {...form.getInputProps('removeSecret', { type: 'checkbox' })}
              />
            )}
            <TextInput
              label={t('users.sso.redirectUri')}
              description={t('users.sso.redirectUriHelp')}
              value={settings.redirectUri}
              readOnly
            />
            <Group grow align="flex-start">
              <TextInput
                label={t('users.sso.scopes')}
                disabled={disabled}
                {...form.getInputProps('scopes')}
              />
              <TextInput
                label={t('users.sso.groupsClaim')}
                disabled={disabled}
                {...form.getInputProps('groupsClaim')}
              />
            </Group>
            <TextInput
              label={t('users.sso.buttonLabel')}
              disabled={disabled}
              {...form.getInputProps('buttonLabel')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={4}>{t('users.sso.accounts')}</Title>
            <Switch
              label={t('users.sso.jitEnabled')}
              description={t('users.sso.jitHelp')}
              disabled={disabled}
              {...form.getInputProps('jitEnabled', { type: 'checkbox' })}
            />
            <Select
              label={t('users.sso.defaultRole')}
              description={t('users.sso.defaultRoleHelp')}
              data={roleOptions}
              clearable
              disabled={disabled}
              {...form.getInputProps('defaultRoleId')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack>
            <Title order={4}>{t('users.sso.mappings')}</Title>
            <Text c="dimmed" size="sm">
              {t('users.sso.mappingsHelp')}
            </Text>
            {mappings.length === 0 && <Text size="sm">{t('users.sso.noMappings')}</Text>}
            {mappings.map((mapping, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; their order is their meaning.
              <Paper key={index} withBorder p="sm">
                <Stack gap="xs">
                  <Group align="flex-end" wrap="nowrap">
                    <TextInput
                      label={t('users.sso.group')}
                      style={{ flex: 1 }}
                      disabled={disabled}
                      {...form.getInputProps(`groupMappings.${index}.group`)}
                    />
                    <Select
                      label={t('users.role')}
                      data={roleOptions}
                      style={{ flex: 1 }}
                      disabled={disabled}
                      {...form.getInputProps(`groupMappings.${index}.roleId`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('users.sso.moveUp')}
                      disabled={disabled || index === 0}
                      onClick={() => form.reorderListItem('groupMappings', { from: index, to: index - 1 })}
                      mb={4}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('users.sso.removeMapping')}
                      disabled={disabled}
                      onClick={() => form.removeListItem('groupMappings', index)}
                      mb={4}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                  <OrganizationScopeField
                    value={mapping.organizationScope}
                    disabled={disabled}
                    onChange={(value) =>
                      form.setFieldValue(`groupMappings.${index}.organizationScope`, value)
                    }
                  />
                </Stack>
              </Paper>
            ))}
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                disabled={disabled}
                onClick={() =>
                  form.insertListItem('groupMappings', { group: '', roleId: null, organizationScope: 'all' })
                }
              >
                {t('users.sso.addMapping')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        {canManage && (
          <Group>
            <Button type="submit" loading={update.isPending}>
              {t('users.sso.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/** `/administration/users/singleSignOn`: OpenID Connect settings, just-in-time accounts and group mappings. */
export const SsoSettingsPage = () => {
  const { t } = useTranslation();
  const query = useSsoSettingsQuery();
  const canManage = useHasPermission('users.manage');
  return (
    <>
      <PageHeader title={t('users.sso.title')} />
      <QueryState query={query}>
        {(settings) => <SsoForm settings={settings} canManage={canManage} />}
      </QueryState>
    </>
  );
};
