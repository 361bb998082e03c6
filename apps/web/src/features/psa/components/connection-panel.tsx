import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  type PsaConnection,
  PsaConnectionInput,
  psaMessages,
  type TestPsaConnectionResponse,
} from '@rmm/domain';
import { IconCircleCheck, IconCircleX, IconPlugConnected } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  parseRefreshInterval,
  type RefreshInterval,
  toRefreshSeconds,
} from '../../../components/inputs/refresh-interval.ts';
import { RefreshIntervalSelect } from '../../../components/inputs/refresh-interval-select.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { useSavePsaSettingsMutation, useTestPsaSettingsMutation } from '../queries.ts';

type Form = {
  site: string;
  companyId: string;
  publicKey: string;
  privateKey: string;
  clientId: string;
  codebase: string;
  companyTypes: string[];
  companyStatuses: string[];
  interval: RefreshInterval;
  isReplacingKeys: boolean;
};

const formOf = (connection: PsaConnection): Form => ({
  site: connection.site,
  companyId: connection.companyId,
  publicKey: '',
  privateKey: '',
  clientId: connection.clientId,
  codebase: connection.codebase,
  companyTypes: connection.companyTypes,
  companyStatuses: connection.companyStatuses,
  interval: parseRefreshInterval(connection.syncIntervalSeconds) ?? 14400,
  isReplacingKeys: !connection.hasKeys,
});

/** The request: the keys only when typed (left out, the server keeps the saved ones). */
const inputOf = (form: Form): PsaConnectionInput => ({
  site: form.site,
  companyId: form.companyId,
  clientId: form.clientId,
  codebase: form.codebase,
  companyTypes: form.companyTypes,
  companyStatuses: form.companyStatuses,
  syncIntervalSeconds: toRefreshSeconds(form.interval),
  ...(form.isReplacingKeys && form.publicKey ? { publicKey: form.publicKey } : {}),
  ...(form.isReplacingKeys && form.privateKey ? { privateKey: form.privateKey } : {}),
});

const fieldErrors = (input: PsaConnectionInput) => {
  const result = PsaConnectionInput.safeParse(input);
  const errors: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
};

const TestResult = ({ result }: { result: TestPsaConnectionResponse }) => {
  const { t } = useTranslation();
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      icon={result.ok ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
      title={result.ok ? t('psa.connection.testOk') : t('psa.connection.testFailed')}
      role="status"
    >
      {result.message}
    </Alert>
  );
};

/** The connection settings with their test; the keys are write-only. */
export const ConnectionPanel = ({ connection }: { connection: PsaConnection }) => {
  const { t } = useTranslation();
  const [form, setForm] = useState(() => formOf(connection));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSavePsaSettingsMutation();
  const test = useTestPsaSettingsMutation();
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const isBusy = save.isPending || test.isPending;

  const validated = () => {
    const input = inputOf(form);
    const found = fieldErrors(input);
    if (form.isReplacingKeys && (!form.publicKey || !form.privateKey))
      found[form.publicKey ? 'privateKey' : 'publicKey'] = psaMessages.KEYS_REQUIRED;
    setErrors(found);
    return Object.keys(found).length === 0 ? input : undefined;
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = validated();
    if (!input) return;
    save.mutate(input, {
      onSuccess: (saved) => {
        notifications.show({ color: 'green', message: t('psa.connection.saved') });
        setForm(formOf(saved));
      },
    });
  };
  const onTest = () => {
    const input = validated();
    if (input) test.mutate(input);
  };

  return (
    <Paper withBorder p="md" maw={760}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset disabled={isBusy} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('psa.connection.intro')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('psa.connection.site')}
                description={t('psa.connection.siteHint')}
                required
                value={form.site}
                error={errors.site}
                onChange={(event) => set('site', event.currentTarget.value)}
              />
              <TextInput
                label={t('psa.connection.companyId')}
                required
                value={form.companyId}
                error={errors.companyId}
                onChange={(event) => set('companyId', event.currentTarget.value)}
              />
            </SimpleGrid>
            {form.isReplacingKeys ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <PasswordInput
                  label={t('psa.connection.publicKey')}
                  required
                  autoComplete="off"
                  value={form.publicKey}
                  error={errors.publicKey}
                  onChange={(event) => set('publicKey', event.currentTarget.value)}
                />
                <PasswordInput
                  label={t('psa.connection.privateKey')}
                  required
                  autoComplete="off"
                  value={form.privateKey}
                  error={errors.privateKey}
                  onChange={(event) => set('privateKey', event.currentTarget.value)}
                />
                {connection.hasKeys && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => set('isReplacingKeys', false)}
                  >
                    {t('psa.connection.keepKeys')}
                  </Anchor>
                )}
              </SimpleGrid>
            ) : (
              <Group gap="xs">
                <Text size="sm">{t('psa.connection.keysSet')}</Text>
                <Button size="xs" variant="light" onClick={() => set('isReplacingKeys', true)}>
                  {t('psa.connection.replaceKeys')}
                </Button>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('psa.connection.clientId')}
                required
                value={form.clientId}
                error={errors.clientId}
                onChange={(event) => set('clientId', event.currentTarget.value)}
              />
              <TextInput
                label={t('psa.connection.codebase')}
                description={t('psa.connection.codebaseHint')}
                value={form.codebase}
                error={errors.codebase}
                onChange={(event) => set('codebase', event.currentTarget.value)}
              />
              <TagsInput
                label={t('psa.connection.companyTypes')}
                description={t('psa.connection.criteriaHint')}
                value={form.companyTypes}
                error={errors.companyTypes}
                onChange={(value) => set('companyTypes', value)}
              />
              <TagsInput
                label={t('psa.connection.companyStatuses')}
                description={t('psa.connection.criteriaHint')}
                value={form.companyStatuses}
                error={errors.companyStatuses}
                onChange={(value) => set('companyStatuses', value)}
              />
              <RefreshIntervalSelect
                label={t('psa.connection.syncInterval')}
                value={form.interval}
                onChange={(value) => set('interval', value)}
              />
            </SimpleGrid>
            {save.isError && (
              <Alert color="red" role="alert">
                {save.error.message}
              </Alert>
            )}
            {test.isError && (
              <Alert color="red" role="alert">
                {test.error.message}
              </Alert>
            )}
            {test.data && <TestResult result={test.data} />}
            {!test.data && connection.lastTestTime && connection.lastTestMessage && (
              <Text size="sm" c={connection.lastTestOk ? 'green' : 'red'}>
                {t('psa.connection.lastTest', { time: '' })}
                <RelativeTime value={connection.lastTestTime} />: {connection.lastTestMessage}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} />}
                onClick={onTest}
                loading={test.isPending}
              >
                {t('psa.connection.test')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('psa.connection.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
};
