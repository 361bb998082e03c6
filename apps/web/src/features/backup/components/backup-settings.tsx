import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { formatByteSize } from '../../../lib/format.ts';
import { useSaveSettingsMutation, useSettingsQuery } from '../queries.ts';

const GIB = 1024 ** 3;

const QuotaForm = ({
  organizationId,
  quota,
  cloudBytes,
}: {
  organizationId: number;
  quota: number | null;
  cloudBytes: number;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('backup.viewAndManage');
  const save = useSaveSettingsMutation(organizationId);
  const [value, setValue] = useState<number | ''>(
    quota === null ? '' : Math.round((quota / GIB) * 100) / 100,
  );
  const submit = () =>
    save.mutate(
      { cloudQuotaBytes: value === '' ? null : Math.round(value * GIB) },
      { onSuccess: () => notifications.show({ color: 'green', message: t('backup.settings.saved') }) },
    );
  return (
    <Stack maw={420}>
      <NumberInput
        label={t('backup.settings.quota')}
        description={t('backup.settings.quotaHint')}
        placeholder={t('backup.settings.noQuota')}
        suffix=" GiB"
        min={0}
        decimalScale={2}
        allowNegative={false}
        disabled={!canManage}
        value={value}
        onChange={(next) => setValue(next === '' ? '' : Number(next))}
      />
      <Text size="sm" c="dimmed">
        {t('backup.settings.used', { used: formatByteSize(cloudBytes) })}
      </Text>
      {save.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {save.error.message}
        </Alert>
      )}
      {canManage && (
        <Group>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
};

/** The organization's cap on the server's store (empty: none), beside what it holds now. */
export const BackupSettingsSection = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const query = useSettingsQuery(organizationId);
  return (
    <Paper withBorder p="md">
      <Text fw={600} mb="sm">
        {t('backup.settings.title')}
      </Text>
      <QueryState query={query}>
        {(answer) => (
          <QuotaForm
            organizationId={organizationId}
            quota={answer.settings.cloudQuotaBytes}
            cloudBytes={answer.cloudBytes}
          />
        )}
      </QueryState>
    </Paper>
  );
};
