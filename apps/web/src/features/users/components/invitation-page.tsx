import {
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { type InvitationInfo, PASSWORD_MIN_LENGTH } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { sessionApi } from '../../../app/session/api.ts';
import { sessionKeys } from '../../../app/session/queries.ts';
import { ApiError } from '../../../lib/api.ts';
import { usersApi } from '../api.ts';
import { useInvitationQuery } from '../queries.ts';

/** `/invitation/:token`: the public page of a one-time link, where an invited user sets a password. */
export const InvitationPage = () => {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = useInvitationQuery(token);
  let body: ReactNode;
  if (query.isPending) body = <Loader aria-label={t('app.loading')} mx="auto" />;
  else if (query.isError) {
    const isGone = query.error instanceof ApiError && query.error.status === 410;
    body = (
      <Stack>
        <Title order={2}>{t('users.linkProblem')}</Title>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {query.error.message}
        </Alert>
        {isGone && <Text size="sm">{t('users.askAdministrator')}</Text>}
        <Anchor component={Link} to="/login" size="sm">
          {t('users.goToSignIn')}
        </Anchor>
      </Stack>
    );
  } else body = <PasswordForm token={token} info={query.data} />;
  return (
    <Center mih="100vh" bg="var(--mantine-color-body)" p="md">
      <Paper withBorder shadow="md" p="xl" radius="md" w={420} maw="100%">
        {body}
      </Paper>
    </Center>
  );
};

const PasswordForm = ({ token, info }: { token: string; info: InvitationInfo }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isDone, setDone] = useState(false);
  const accept = useMutation({
    mutationFn: (password: string) => usersApi.acceptInvitation(token, { password }),
  });
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (value) =>
        value.length >= PASSWORD_MIN_LENGTH
          ? null
          : t('users.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
      confirm: (value, values) => (value === values.password ? null : t('users.passwordMismatch')),
    },
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ password }) => {
    const ok = await accept.mutateAsync(password).catch(() => undefined);
    if (!ok) return;
    // Technicians are signed in by the answer's cookie; end users (no console) are not.
    const me = await sessionApi.me().catch(() => null);
    if (me && me.user.email === info.email) {
      queryClient.setQueryData(sessionKeys.me, me);
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      navigate(links.home(), { replace: true });
    } else setDone(true);
  });

  if (isDone) {
    return (
      <Stack>
        <Alert color="green" icon={<IconCircleCheck size={18} />}>
          {t('users.passwordSet')}
        </Alert>
        <Button component={Link} to="/login">
          {t('users.goToSignIn')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit}>
      <fieldset disabled={accept.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <div>
            <Title order={2}>
              {info.purpose === 'INVITE'
                ? t('users.invitationWelcome', { name: info.name })
                : t('users.invitationReset')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('users.invitationIntro', { email: info.email })}
            </Text>
          </div>
          {accept.error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {accept.error.message}
            </Alert>
          )}
          <input type="email" name="username" autoComplete="username" value={info.email} readOnly hidden />
          <PasswordInput
            label={t('users.newPassword')}
            description={t('users.passwordTooShort', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            autoFocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('users.confirmPassword')}
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={accept.isPending}>
            {t('users.setPassword')}
          </Button>
        </Stack>
      </fieldset>
    </form>
  );
};
