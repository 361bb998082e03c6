import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { backupApi } from '../api.ts';
import { reasonOf } from '../load-error.ts';
import { backupKeys, useRestoreKeyQuery } from '../queries.ts';
import { saveFile } from '../save-file.ts';

/**
 * The organization's restore key: whether it exists (spec §7, checked through one of its devices; spec §8
 * "Error while fetching data" when the check fails) and, for technicians who may view and restore backups,
 * its file, after a confirmation that says what it opens.
 */
export const RestoreKeyCard = ({
  nodeId,
  organizationId,
  organizationName,
}: {
  /** A device of the organization, for the spec's check (none: the check is not made). */
  nodeId: number | undefined;
  organizationId: number;
  organizationName: string;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canRestore = useHasPermission('backup.viewAndRestore');
  const check = useRestoreKeyQuery(nodeId, { enabled: canRestore });
  const download = useMutation({
    mutationFn: () => backupApi.restoreKeyFile(organizationId),
    onSuccess: (blob) => {
      saveFile(blob, `strata-restore-key-${organizationId}.json`);
      notifications.show({ color: 'green', message: t('backup.restoreKey.downloaded') });
      return queryClient.invalidateQueries({ queryKey: backupKeys.restoreKey(nodeId ?? 0) });
    },
    onError: (error) =>
      notifications.show({
        color: 'red',
        autoClose: false,
        title: t('backup.restoreKey.downloadError'),
        message: error.message,
      }),
  });
  if (!canRestore) return null;

  const confirm = () =>
    modals.openConfirmModal({
      title: t('backup.restoreKey.confirmTitle', { name: organizationName }),
      children: (
        <Stack gap="xs">
          <Text size="sm">{t('backup.restoreKey.confirmBody', { name: organizationName })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('backup.restoreKey.confirmKeep')}</List.Item>
            <List.Item>{t('backup.restoreKey.confirmRecorded')}</List.Item>
          </List>
        </Stack>
      ),
      labels: { confirm: t('backup.restoreKey.download'), cancel: t('common.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () => download.mutate(),
    });

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap="xs" maw={640}>
          <Group gap="xs">
            <IconKey size={18} />
            <Title order={4}>{t('backup.restoreKey.title')}</Title>
            {check.isSuccess && (
              <Badge color={check.data ? 'green' : 'gray'} variant="light" data-testid="restore-key-state">
                {t(check.data ? 'backup.restoreKey.exists' : 'backup.restoreKey.missing')}
              </Badge>
            )}
          </Group>
          <Text size="sm">{t('backup.restoreKey.explain', { name: organizationName })}</Text>
          {check.isSuccess && !check.data && (
            <Text size="sm" c="dimmed">
              {t('backup.restoreKey.missingExplain')}
            </Text>
          )}
          {check.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
              <Text size="sm" fw={500}>
                {t('spec.backup.fetchError')}
              </Text>
              {reasonOf(check.error, t('spec.backup.fetchError')) && (
                <Text size="sm">{reasonOf(check.error, t('spec.backup.fetchError'))}</Text>
              )}
            </Alert>
          )}
        </Stack>
        <Button
          variant="light"
          leftSection={<IconKey size={16} />}
          onClick={confirm}
          loading={download.isPending}
        >
          {t('backup.restoreKey.download')}
        </Button>
      </Group>
    </Paper>
  );
};
