import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FeatureFlagName, featureFlagNames } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useFeatureFlagsQuery, useUpdateFeatureFlags } from '../queries.ts';

/** `/administration/general/settings`: the feature flags of spec §6, each saved as it is switched. */
export const GeneralSettingsPage = () => {
  const { t } = useTranslation();
  const query = useFeatureFlagsQuery();
  const update = useUpdateFeatureFlags();
  const canManage = useHasPermission('settings.manage');

  const toggle = (name: FeatureFlagName, value: boolean) =>
    update.mutate(
      { [name]: value },
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
    <>
      <PageHeader title={t('settings.title')} />
      <QueryState query={query}>
        {(flags) => (
          <Paper withBorder p="md" maw={720}>
            <Title order={4}>{t('settings.featureFlags')}</Title>
            <Text c="dimmed" size="sm" mb="md">
              {t('settings.featureFlagsHelp')}
            </Text>
            {!canManage && (
              <Alert color="gray" mb="md">
                {t('settings.readOnly')}
              </Alert>
            )}
            <Stack gap="md">
              {featureFlagNames.map((name) => (
                <Switch
                  key={name}
                  checked={flags[name]}
                  disabled={!canManage || update.isPending}
                  onChange={(event) => toggle(name, event.currentTarget.checked)}
                  label={t(`settings.flag.${name}`)}
                  description={t(`settings.flag.${name}.help`)}
                />
              ))}
            </Stack>
          </Paper>
        )}
      </QueryState>
    </>
  );
};
