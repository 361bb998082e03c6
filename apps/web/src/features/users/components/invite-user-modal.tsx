import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { checkEmail, type InviteUserResponse, type OrganizationScope, type RoleType } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInviteUserMutation, useRolesQuery } from '../queries.ts';
import { OneTimeLink } from './one-time-link.tsx';
import { OrganizationScopeField, OrganizationSelect } from './organization-fields.tsx';

type Values = {
  email: string;
  name: string;
  roleId: string | null;
  organizationScope: OrganizationScope;
  organizationId: number | null;
};

const initialValues: Values = {
  email: '',
  name: '',
  roleId: null,
  organizationScope: 'all',
  organizationId: null,
};

/** Invites a technician or an end user, then shows the one-time link to send them. */
export const InviteUserModal = ({
  userType,
  opened,
  onClose,
}: {
  userType: RoleType;
  opened: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const roles = useRolesQuery(userType);
  const invite = useInviteUserMutation();
  const [result, setResult] = useState<InviteUserResponse>();
  const isTechnician = userType === 'TECHNICIAN';
  const form = useForm<Values>({
    initialValues,
    validate: {
      // The domain's email rule (spec §5: local part up to 64 characters, domain up to 255), as the server's.
      email: (value) => {
        const result = checkEmail(value);
        return result.ok ? null : result.message;
      },
      name: (value) => (value.trim() ? null : t('spec.validation.mandatory')),
      roleId: (value) => (value ? null : t('spec.validation.mandatory')),
      organizationScope: (value) =>
        isTechnician && value !== 'all' && value.length === 0 ? t('spec.validation.mandatory') : null,
      organizationId: (value) => (!isTechnician && value === null ? t('spec.validation.mandatory') : null),
    },
  });

  const close = () => {
    onClose();
    setResult(undefined);
    form.reset();
    invite.reset();
  };

  const submit = form.onSubmit(async (values) => {
    const answer = await invite
      .mutateAsync({
        email: values.email.trim(),
        name: values.name.trim(),
        userType,
        roleId: Number(values.roleId),
        ...(isTechnician
          ? { organizationScope: values.organizationScope }
          : { organizationId: values.organizationId }),
      })
      .catch(() => undefined);
    if (answer) setResult(answer);
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={
        result
          ? t('users.invited', { email: result.user.email })
          : t(isTechnician ? 'users.inviteTechnician' : 'users.inviteEndUser')
      }
    >
      {result ? (
        <OneTimeLink link={result.link} name={result.user.name} onDone={close} />
      ) : (
        <form onSubmit={submit}>
          <Stack>
            {invite.error && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {invite.error.message}
              </Alert>
            )}
            <TextInput
              label={t('users.email')}
              type="email"
              withAsterisk
              data-autofocus
              {...form.getInputProps('email')}
            />
            <TextInput label={t('common.name')} withAsterisk {...form.getInputProps('name')} />
            <Select
              label={t('users.role')}
              placeholder={t('users.pickRole')}
              withAsterisk
              allowDeselect={false}
              data={(roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name }))}
              error={form.errors.roleId ?? roles.error?.message}
              {...form.getInputProps('roleId')}
            />
            {isTechnician ? (
              <OrganizationScopeField
                value={form.values.organizationScope}
                onChange={(value) => form.setFieldValue('organizationScope', value)}
                error={form.errors.organizationScope as string | undefined}
              />
            ) : (
              <OrganizationSelect
                label={t('users.organization')}
                withAsterisk
                value={form.values.organizationId}
                onChange={(value) => form.setFieldValue('organizationId', value)}
                error={form.errors.organizationId as string | undefined}
              />
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('users.invite')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
};
