import { Alert, Button, Center, Loader, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { apiPaths } from '@rmm/domain/api-paths';
import { links } from '@rmm/domain/links';
import { type SsoReason, ssoReasons } from '@rmm/domain/sso-reasons';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { BrandTitle } from '../../../app/branding/brand-title.tsx';
import { loadAreaStrings } from '../../../i18n/index.ts';
import { useLoginMutation, useSsoInfoQuery } from '../queries.ts';

// The second step loads only for users who have a second factor (the sign-in page is part of the first load).
const MfaStep = lazy(async () => ({ default: (await import('./mfa-step.tsx')).MfaStep }));
// The enrolment (MFA required, no factor yet) shares the account page's set-up and its on-demand strings.
const EnrolmentStep = lazy(async () => {
  const [module] = await Promise.all([import('./enrolment-step.tsx'), loadAreaStrings()]);
  return { default: module.EnrolmentStep };
});

export const LoginPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const sso = useSsoInfoQuery().data;
  // A single sign-on that ended here: /login?sso=refused|error&reason=…
  const ssoReason = new URLSearchParams(location.search).get('reason') as SsoReason | null;
  const ssoMessage = ssoReason && Object.hasOwn(ssoReasons, ssoReason) ? ssoReasons[ssoReason] : undefined;
  // Two fields: plain state (a form library would weigh on the first load for nothing).
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const from = (location.state as { from?: string } | null)?.from ?? links.home();
  const [mfaTypes, setMfaTypes] = useState<string[]>();
  const [isEnrolling, setEnrolling] = useState(false);
  const done = () => navigate(from, { replace: true });
  const back = () => {
    setMfaTypes(undefined);
    setEnrolling(false);
    setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const mandatory = t('spec.validation.mandatory');
    const found = { email: email.trim() ? undefined : mandatory, password: password ? undefined : mandatory };
    setErrors(found);
    if (found.email || found.password) return;
    const answer = await login.mutateAsync({ email, password }).catch(() => undefined);
    if (!answer) return;
    if (answer.enrolmentRequired) setEnrolling(true);
    else if (answer.mfaRequired) setMfaTypes(answer.mfaTypes);
    else done();
  };

  if (mfaTypes || isEnrolling) {
    return (
      <Center mih="100vh" bg="var(--mantine-color-body)">
        <Paper withBorder shadow="md" p="xl" radius="md" w={isEnrolling ? 440 : 380}>
          <Suspense fallback={<Loader aria-label={t('app.loading')} mx="auto" display="block" />}>
            {isEnrolling ? (
              <EnrolmentStep onDone={done} onBack={back} />
            ) : (
              <MfaStep types={mfaTypes ?? []} onDone={done} onBack={back} />
            )}
          </Suspense>
        </Paper>
      </Center>
    );
  }

  return (
    <Center mih="100vh" bg="var(--mantine-color-body)">
      <Paper withBorder shadow="md" p="xl" radius="md" w={380}>
        <form onSubmit={submit}>
          <fieldset disabled={login.isPending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack>
              <div>
                <BrandTitle order={2} logoHeight={40} />
                <Text c="dimmed" size="sm">
                  {t('auth.welcome')}
                </Text>
              </div>
              {ssoMessage && !login.error && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                  {ssoMessage}
                </Alert>
              )}
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
                value={email}
                error={errors.email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <PasswordInput
                label={t('auth.password')}
                autoComplete="current-password"
                value={password}
                error={errors.password}
                onChange={(event) => setPassword(event.currentTarget.value)}
              />
              <Button type="submit" loading={login.isPending}>
                {t('auth.signIn')}
              </Button>
              {sso?.enabled && (
                <Button component="a" href={apiPaths.ssoStart()} variant="default">
                  {sso.buttonLabel}
                </Button>
              )}
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Center>
  );
};
