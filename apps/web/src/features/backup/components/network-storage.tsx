import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BackupSharePath, credentialKindLabels } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { useOrganizationCredentialsQuery } from '../../../lib/credentials.ts';
import { backupApi } from '../api.ts';
import { type NetworkShare, networkSharesOf, withShare } from '../network-shares.ts';
import { backupKeys, usePlansQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';

/** Changes a share's path or credential in every plan that uses it (one save per plan). */
const EditShareDialog = ({
  organizationId,
  share,
  onClose,
}: {
  organizationId: number;
  share: NetworkShare;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const credentials = useOrganizationCredentialsQuery(organizationId);
  const [path, setPath] = useState(share.path);
  const [credentialId, setCredentialId] = useState(share.credentialId);
  const [pathError, setPathError] = useState<string>();
  const save = useMutation({
    mutationFn: async () => {
      for (const plan of share.plans)
        await backupApi.updatePlan(plan.planId, withShare(plan, { path: path.trim(), credentialId }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.plans }),
    onSuccess: () => {
      notifications.show({
        color: 'green',
        message: t('backup.shares.saved', { count: share.plans.length }),
      });
      onClose();
    },
  });
  const submit = () => {
    const checked = BackupSharePath.safeParse(path);
    setPathError(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) save.mutate();
  };
  return (
    <Modal opened onClose={onClose} title={t('backup.shares.editTitle')}>
      <Stack>
        <TextInput
          label={t('backup.editor.sharePath')}
          withAsterisk
          ff="monospace"
          value={path}
          error={pathError}
          onChange={(event) => setPath(event.currentTarget.value)}
        />
        <Select
          label={t('backup.editor.credential')}
          allowDeselect={false}
          data={(credentials.data ?? []).map((credential) => ({
            value: String(credential.id),
            label: `${credential.name} (${credentialKindLabels[credential.kind]})`,
          }))}
          value={String(credentialId)}
          onChange={(value) => value && setCredentialId(Number(value))}
          error={credentials.isError ? t('spec.credentials.loadError') : undefined}
        />
        <Text size="sm" c="dimmed">
          {t('backup.shares.editExplain', { count: share.plans.length })}
        </Text>
        {save.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {save.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};

/**
 * `/editor/customer/:id/backup/network-storage`: the network shares the organization's plans back up to,
 * each with the organization credential that opens it and the plans using it. A share is set up by a plan
 * (Network Share kind or a share destination); here its path or credential changes for all its plans at once.
 */
export const NetworkStorage = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const canManage = useHasPermission('backup.viewAndManage');
  const plans = usePlansQuery(organizationId, { page: 1, pageSize: 500 });
  const credentials = useOrganizationCredentialsQuery(organizationId);
  const [editing, setEditing] = useState<NetworkShare>();
  const shares = networkSharesOf(plans.data?.data ?? []);
  const credentialName = (id: number) =>
    credentials.data?.find((credential) => credential.id === id)?.name ?? `#${id}`;
  return (
    <Paper withBorder>
      <Group justify="space-between" p="sm">
        <Stack gap={2}>
          <Text fw={600}>{t('backup.shares.title')}</Text>
          <Text size="sm" c="dimmed">
            {t('backup.shares.explain')}
          </Text>
        </Stack>
        {canManage && (
          <Button
            component={Link}
            to={links.backupPlanEditor(organizationId, 'new', { kind: 'networkShare' })}
            state={location.state}
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            {t('backup.shares.new')}
          </Button>
        )}
      </Group>
      <BackupLoadError query={plans} />
      {plans.isSuccess && shares.length === 0 ? (
        <Text p="md" c="dimmed">
          {t('backup.shares.empty')}
        </Text>
      ) : (
        <Table verticalSpacing="sm" aria-label={t('backup.shares.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('backup.editor.sharePath')}</Table.Th>
              <Table.Th>{t('backup.editor.credential')}</Table.Th>
              <Table.Th>{t('backup.shares.plans')}</Table.Th>
              <Table.Th aria-label={t('backup.plans.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shares.map((share) => (
              <Table.Tr key={`${share.path}:${share.credentialId}`}>
                <Table.Td>
                  <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {share.path}
                  </Text>
                </Table.Td>
                <Table.Td>{credentialName(share.credentialId)}</Table.Td>
                <Table.Td>
                  <Group gap="xs">
                    {share.plans.map((plan) => (
                      <Anchor
                        key={plan.planId}
                        component={Link}
                        to={links.backupPlanEditor(organizationId, plan.planId)}
                        state={location.state}
                        size="sm"
                      >
                        {plan.name}
                      </Anchor>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {canManage && (
                    <Button size="xs" variant="light" onClick={() => setEditing(share)}>
                      {t('common.edit')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <EditShareDialog
          organizationId={organizationId}
          share={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Paper>
  );
};
