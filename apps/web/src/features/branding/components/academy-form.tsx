import {
  Alert,
  Button,
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
import {
  ACADEMY_PROVIDER_PATTERN,
  ACADEMY_SECRET_MIN_LENGTH,
  type AcademySettings,
  type AcademySsoMethod,
  academySsoMethods,
} from '@rmm/domain/branding';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useAcademySettingsQuery, useUpdateAcademy } from '../queries.ts';
import { saveCallbacks } from './save-notifications.ts';

const isHttps = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const Form = ({ settings, canManage }: { settings: AcademySettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateAcademy();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [provider, setProvider] = useState(settings.provider);
  const [name, setName] = useState(settings.name);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl);
  const [ssoMethod, setSsoMethod] = useState<AcademySsoMethod>(settings.ssoMethod);
  const [secret, setSecret] = useState('');
  const needsSecret = enabled && ssoMethod === 'JWT_HS256' && !settings.secretSet;
  const errors = {
    provider: ACADEMY_PROVIDER_PATTERN.test(provider) ? undefined : t('branding.academy.providerHelp'),
    baseUrl: (enabled || baseUrl !== '') && !isHttps(baseUrl) ? t('branding.videos.httpsOnly') : undefined,
    secret:
      (secret !== '' || needsSecret) && secret.length < ACADEMY_SECRET_MIN_LENGTH
        ? t('branding.academy.secretHelp', { min: ACADEMY_SECRET_MIN_LENGTH })
        : undefined,
  };
  const isValid = name.trim() !== '' && Object.values(errors).every((e) => e === undefined);
  const disabled = !canManage || update.isPending;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canManage || !isValid) return;
        update.mutate(
          {
            enabled,
            provider,
            name: name.trim(),
            ...(baseUrl === '' ? {} : { baseUrl }),
            ssoMethod,
            ...(secret === '' ? {} : { secret }),
          },
          { ...saveCallbacks(t('branding.saved')), onSettled: () => setSecret('') },
        );
      }}
    >
      <Stack gap="md">
        <Switch
          label={t('branding.academy.enabled')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
          disabled={disabled}
        />
        <Group grow>
          <TextInput
            label={t('branding.academy.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            disabled={disabled}
          />
          <TextInput
            label={t('branding.academy.provider')}
            description={t('branding.academy.providerHelp')}
            value={provider}
            onChange={(event) => setProvider(event.currentTarget.value)}
            error={errors.provider}
            disabled={disabled}
          />
        </Group>
        <TextInput
          label={t('branding.academy.baseUrl')}
          description={t('branding.academy.baseUrlHelp')}
          placeholder="https://"
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.currentTarget.value)}
          error={errors.baseUrl}
          disabled={disabled}
        />
        <Select
          label={t('branding.academy.ssoMethod')}
          data={academySsoMethods.map((method) => ({
            value: method,
            label: t(`branding.academy.method.${method}`),
          }))}
          value={ssoMethod}
          onChange={(value) => value && setSsoMethod(value as AcademySsoMethod)}
          allowDeselect={false}
          disabled={disabled}
          maw={420}
        />
        {ssoMethod === 'JWT_HS256' && (
          <PasswordInput
            label={t('branding.academy.secret')}
            description={
              settings.secretSet
                ? t('branding.academy.secretSet')
                : t('branding.academy.secretHelp', { min: ACADEMY_SECRET_MIN_LENGTH })
            }
            value={secret}
            onChange={(event) => setSecret(event.currentTarget.value)}
            error={secret === '' && !needsSecret ? undefined : errors.secret}
            autoComplete="new-password"
            disabled={disabled}
          />
        )}
        <Group>
          <Button type="submit" disabled={!canManage || !isValid} loading={update.isPending}>
            {t('common.save')}
          </Button>
          {settings.loginPath && (
            <Button component="a" href={settings.loginPath} target="_blank" rel="noopener" variant="subtle">
              {t('branding.academy.open')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
};

/** Spec §7: the academy, a training platform opened through `/ws/integrations/{provider}/login`. */
export const AcademyForm = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useAcademySettingsQuery();
  return (
    <Paper withBorder p="md" maw={720}>
      <Title order={4}>{t('branding.academy.title')}</Title>
      <Text c="dimmed" size="sm" mb="md">
        {t('branding.academy.description')}
      </Text>
      {!canManage && (
        <Alert color="gray" mb="md">
          {t('branding.readOnly')}
        </Alert>
      )}
      <QueryState query={query}>
        {(settings) => <Form settings={settings} canManage={canManage} />}
      </QueryState>
    </Paper>
  );
};
