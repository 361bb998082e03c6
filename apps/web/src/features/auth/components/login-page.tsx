import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { links } from '@rmm/domain/links';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useLoginMutation } from '../queries.ts';

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (v) => (v.trim() ? null : t('spec.validation.mandatory')),
      password: (v) => (v ? null : t('spec.validation.mandatory')),
    },
  });
  const from = (location.state as { from?: string } | null)?.from ?? links.home();

  const submit = form.onSubmit(async (values) => {
    await login.mutateAsync(values);
    navigate(from, { replace: true });
  });

  return (
    <Center mih="100vh" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="md" p="xl" radius="md" w={380}>
        <form onSubmit={submit}>
          <fieldset disabled={login.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <div>
                <Title order={2}>{t('app.name')}</Title>
                <Text c="dimmed" size="sm">
                  {t('auth.welcome')}
                </Text>
              </div>
              {login.error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {login.error.message}
                </Alert>
              )}
              <TextInput
                label={t('auth.email')}
                type="email"
                autoComplete="username"
                autoFocus
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                {...form.getInputProps('password')}
              />
              <Button type="submit" loading={login.isPending}>
                {t('auth.signIn')}
              </Button>
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Center>
  );
};
