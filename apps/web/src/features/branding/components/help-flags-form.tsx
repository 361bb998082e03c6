import { Alert, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { HelpFlags } from '@rmm/domain/branding';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { useBrandingSettingsQuery, useUpdateBranding } from '../queries.ts';
import { saveCallbacks } from './save-notifications.ts';

const parts = ['articles', 'submitTicket', 'academy'] as const;

/** Spec §6: the help menu's parts a branded console shows, each saved as it is switched. */
export const HelpFlagsForm = ({ canManage }: { canManage: boolean }) => {
  const { t } = useTranslation();
  const query = useBrandingSettingsQuery();
  const update = useUpdateBranding();
  const toggle = (flag: keyof HelpFlags, value: boolean) =>
    update.mutate({ help: { [flag]: value } }, saveCallbacks(t('branding.saved')));
  return (
    <QueryState query={query}>
      {({ help }) => (
        <Paper withBorder p="md" maw={720}>
          <Title order={4}>{t('branding.help.title')}</Title>
          <Text c="dimmed" size="sm" mb="md">
            {t('branding.help.description')}
          </Text>
          {!canManage && (
            <Alert color="gray" mb="md">
              {t('branding.readOnly')}
            </Alert>
          )}
          <Stack gap="md">
            <Switch
              checked={help.enabled}
              disabled={!canManage || update.isPending}
              onChange={(event) => toggle('enabled', event.currentTarget.checked)}
              label={t('branding.help.enabled')}
              description={t('branding.help.enabledHelp')}
            />
            <Stack gap="md" pl="xl">
              {parts.map((part) => (
                <Switch
                  key={part}
                  checked={help[part]}
                  disabled={!canManage || update.isPending || !help.enabled}
                  onChange={(event) => toggle(part, event.currentTarget.checked)}
                  label={t(`branding.help.${part}`)}
                  description={t(`branding.help.${part}Help`)}
                />
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </QueryState>
  );
};
