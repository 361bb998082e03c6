import { Alert, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type AlertSeverity, alertSeverities, type HealthStatusSettings } from '@rmm/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useHealthSettingsQuery, useSaveHealthSettingsMutation } from '../queries.ts';
import { SeverityBadge } from './severity-badge.tsx';

type SeverityStatus = HealthStatusSettings['severities'][AlertSeverity];
const severityStatuses: readonly SeverityStatus[] = ['HEALTHY', 'NEEDS_ATTENTION', 'UNHEALTHY'];

const HealthForm = ({ settings, canManage }: { settings: HealthStatusSettings; canManage: boolean }) => {
  const { t } = useTranslation();
  const save = useSaveHealthSettingsMutation();
  const [values, setValues] = useState<HealthStatusSettings>(settings);
  const isDirty = JSON.stringify(values) !== JSON.stringify(settings);
  const disabled = !canManage || save.isPending;

  const submit = () =>
    save.mutate(values, {
      onSuccess: () => notifications.show({ color: 'green', message: t('healthSettings.saved') }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (canManage && isDirty) submit();
      }}
    >
      <Stack maw={760}>
        {!canManage && <Alert color="gray">{t('healthSettings.readOnly')}</Alert>}
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            {t('healthSettings.severities')}
          </Title>
          <Stack gap="sm">
            {alertSeverities.map((severity) => {
              const labelId = `health-severity-${severity}`;
              const label = t('healthSettings.severityLabel', { severity: t(`alerts.severity.${severity}`) });
              return (
                <Group key={severity} justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" miw={220}>
                    <SeverityBadge severity={severity} w={110} />
                    <Text size="sm" id={labelId}>
                      {label}
                    </Text>
                  </Group>
                  <SegmentedControl
                    aria-labelledby={labelId}
                    disabled={disabled}
                    value={values.severities[severity]}
                    onChange={(value) =>
                      setValues((current) => ({
                        ...current,
                        severities: { ...current.severities, [severity]: value as SeverityStatus },
                      }))
                    }
                    data={severityStatuses.map((status) => ({ value: status, label: t(`health.${status}`) }))}
                  />
                </Group>
              );
            })}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Switch
            checked={values.offlineIsUnhealthy}
            disabled={disabled}
            onChange={(event) => {
              const offlineIsUnhealthy = event.currentTarget.checked;
              setValues((current) => ({ ...current, offlineIsUnhealthy }));
            }}
            label={t('healthSettings.offline')}
            description={t('healthSettings.offlineHelp')}
          />
        </Paper>
        {canManage && (
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!isDirty || save.isPending}
              onClick={() => setValues(settings)}
            >
              {t('healthSettings.reset')}
            </Button>
            <Button type="submit" disabled={!isDirty} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/**
 * `/administration/devices/healthStatus`: which health an active alert of each severity gives its device, and
 * whether an offline device is unhealthy. Read-only without `settings.manage`.
 */
export const HealthStatusPage = () => {
  const { t } = useTranslation();
  const query = useHealthSettingsQuery();
  const canManage = useHasPermission('settings.manage');
  return (
    <>
      <PageHeader title={t('healthSettings.title')} />
      <Text c="dimmed" mb="md" maw={760}>
        {t('healthSettings.intro')}
      </Text>
      <QueryState query={query}>
        {(settings) => (
          <HealthForm key={JSON.stringify(settings)} settings={settings} canManage={canManage} />
        )}
      </QueryState>
    </>
  );
};
