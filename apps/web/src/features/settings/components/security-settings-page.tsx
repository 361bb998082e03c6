import { Alert, Button, Checkbox, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type MfaType,
  mfaTypes,
  PASSWORD_MAX_POLICY_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_IDLE_MAX_MINUTES,
  SESSION_IDLE_MIN_MINUTES,
  type SecuritySettings,
} from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { IntegerInput } from '../../../components/inputs/integer-input.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useSecuritySettingsQuery, useUpdateSecuritySettings } from '../queries.ts';

const inRange = (text: string, min: number, max: number) =>
  /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

const SecurityForm = ({ settings, canManage }: { settings: SecuritySettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdateSecuritySettings();
  const [mfaRequired, setMfaRequired] = useState(settings.mfaRequired);
  const [allowed, setAllowed] = useState<string[]>(settings.allowedMfaTypes);
  const [minLength, setMinLength] = useState(String(settings.passwordMinLength));
  const [checkBreached, setCheckBreached] = useState(settings.checkBreachedPasswords);
  const [idleMinutes, setIdleMinutes] = useState(String(settings.sessionIdleMinutes));

  const typesError =
    allowed.length === 0
      ? t('settings.security.atLeastOneType')
      : mfaRequired && !allowed.includes('TOTP')
        ? t('settings.security.requiredNeedsTotp')
        : undefined;
  const isValid =
    !typesError &&
    inRange(minLength, PASSWORD_MIN_LENGTH, PASSWORD_MAX_POLICY_LENGTH) &&
    inRange(idleMinutes, SESSION_IDLE_MIN_MINUTES, SESSION_IDLE_MAX_MINUTES);
  const disabled = !canManage || update.isPending;

  const save = () =>
    update.mutate(
      {
        mfaRequired,
        // In the domain's order, whatever order they were ticked in.
        allowedMfaTypes: mfaTypes.filter((type) => allowed.includes(type)),
        passwordMinLength: Number(minLength),
        checkBreachedPasswords: checkBreached,
        sessionIdleMinutes: Number(idleMinutes),
      },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t('settings.saved') }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: error instanceof ApiError ? error.message : String(error),
          }),
      },
    );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canManage && isValid) save();
      }}
    >
      <Stack maw={720}>
        {!canManage && <Alert color="gray">{t('settings.readOnly')}</Alert>}
        <Paper withBorder p="md">
          <Title order={4}>{t('settings.security.mfa')}</Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('settings.security.mfaHelp')}
          </Text>
          <Stack gap="md">
            <Switch
              checked={mfaRequired}
              disabled={disabled}
              onChange={(event) => setMfaRequired(event.currentTarget.checked)}
              label={t('settings.security.mfaRequired')}
              description={t('settings.security.mfaRequiredHelp')}
            />
            <Checkbox.Group
              value={allowed}
              onChange={setAllowed}
              label={t('settings.security.allowedTypes')}
              description={t('settings.security.allowedTypesHelp')}
              error={typesError}
            >
              <Group mt="xs">
                {mfaTypes.map((type: MfaType) => (
                  <Checkbox key={type} value={type} label={t(`auth.mfa.type.${type}`)} disabled={disabled} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={4}>{t('settings.security.passwords')}</Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('settings.security.passwordsHelp')}
          </Text>
          <Stack gap="md">
            <IntegerInput
              label={t('settings.security.passwordMinLength')}
              description={t('settings.security.passwordMinLengthHelp', {
                min: PASSWORD_MIN_LENGTH,
                max: PASSWORD_MAX_POLICY_LENGTH,
              })}
              value={minLength}
              onChange={setMinLength}
              min={PASSWORD_MIN_LENGTH}
              max={PASSWORD_MAX_POLICY_LENGTH}
              required
              disabled={disabled}
              maw={320}
            />
            <Switch
              checked={checkBreached}
              disabled={disabled}
              onChange={(event) => setCheckBreached(event.currentTarget.checked)}
              label={t('settings.security.checkBreached')}
              description={t('settings.security.checkBreachedHelp')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={4}>{t('settings.security.sessions')}</Title>
          <IntegerInput
            mt="md"
            label={t('settings.security.idleMinutes')}
            description={t('settings.security.idleMinutesHelp', {
              min: SESSION_IDLE_MIN_MINUTES,
              max: SESSION_IDLE_MAX_MINUTES,
            })}
            value={idleMinutes}
            onChange={setIdleMinutes}
            min={SESSION_IDLE_MIN_MINUTES}
            max={SESSION_IDLE_MAX_MINUTES}
            required
            disabled={disabled}
            maw={320}
          />
        </Paper>
        {canManage && (
          <Group justify="flex-end">
            <Button type="submit" disabled={!isValid} loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/**
 * `/administration/users/securitySettings`: MFA required for every technician, the factor types allowed,
 * the password policy and the session idle timeout. Read-only without `settings.manage`.
 */
export const SecuritySettingsPage = () => {
  const { t } = useTranslation();
  const query = useSecuritySettingsQuery();
  const canManage = useHasPermission('settings.manage');
  return (
    <>
      <PageHeader title={t('settings.security.title')} />
      <QueryState query={query}>
        {(settings) => (
          <SecurityForm key={JSON.stringify(settings)} settings={settings} canManage={canManage} />
        )}
      </QueryState>
    </>
  );
};
