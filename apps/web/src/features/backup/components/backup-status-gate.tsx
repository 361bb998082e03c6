import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { BackupStatus } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import type { BackupScope } from '../api.ts';
import { queryLoadErrorView } from '../load-error.ts';
import { useBackupStatusQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';

/** The dashboards show when a plan covers the scope or it has data to restore; else the promotion. */
export const isBackupInUse = (status: BackupStatus) => status.enabled || status.hasData === true;

/** Under the promotion: why backup is not on here, and (for those who manage backups) where to start. */
const SetupHint = ({
  scope,
  status,
  organizationId,
}: {
  scope: BackupScope;
  status: BackupStatus | undefined;
  organizationId?: number;
}) => {
  const { t } = useTranslation();
  const location = useLocation();
  const canManage = useHasPermission('backup.viewAndManage');
  if (!status) return null;
  const isCloudOff = status.divisionConfig?.enabled === false;
  return (
    <Alert
      color="gray"
      maw={720}
      mt="md"
      icon={<IconAlertCircle size={18} />}
      data-testid="backup-setup-hint"
    >
      <Stack gap="xs">
        <Text size="sm">
          {isCloudOff ? t('backup.setup.cloudOff') : t(`backup.setup.noPlan.${scope.level}`)}
        </Text>
        {canManage && organizationId !== undefined && (
          <div>
            <Button
              component={Link}
              to={
                scope.level === 'organization'
                  ? links.backupPlanEditor(organizationId, 'new')
                  : links.backupEditor(organizationId)
              }
              state={{ from: location.pathname }}
              size="xs"
              leftSection={<IconPlus size={14} />}
            >
              {t(scope.level === 'organization' ? 'backup.setup.createPlan' : 'backup.setup.openPlans')}
            </Button>
          </div>
        )}
      </Stack>
    </Alert>
  );
};

/**
 * Spec §7 strata-status of the scope decides what the backup page shows: the dashboards when backup is in
 * use there, else the promotion (`promotion`) with a hint. Spec §8: a failed first load says "Backup loading
 * error"; on 403 nothing is said and the promotion shows; a failed poll changes nothing.
 */
export const BackupStatusGate = ({
  scope,
  organizationId,
  promotion,
  children,
}: {
  scope: BackupScope;
  /** The organization whose plans the hint links to (organization and device pages). */
  organizationId?: number;
  promotion: ReactNode;
  children: (status: BackupStatus) => ReactNode;
}) => {
  const { t } = useTranslation();
  const status = useBackupStatusQuery(scope);
  if (status.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  if (status.data && isBackupInUse(status.data)) return <>{children(status.data)}</>;
  if (queryLoadErrorView(status) === 'message') return <BackupLoadError query={status} />;
  return (
    <>
      {promotion}
      <SetupHint scope={scope} status={status.data} organizationId={organizationId} />
    </>
  );
};
