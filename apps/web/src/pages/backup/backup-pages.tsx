import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { BackupPromotionCard } from '../../features/backup-promotion/components/backup-promotion-card.tsx';
import { useOrganizationQuery } from '../../lib/organizations.ts';
import { DeviceDashboard } from '../device-dashboard/device-dashboard.tsx';

/**
 * The backup pages of the system, an organization and a device. Backup is a later release: until it is set
 * up they show the backup promotion (what is coming, and the demo request), never made-up figures.
 */

const BackupHeader = ({ explain }: { explain: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('backupPromotion.title')} />
      <Text size="sm" c="dimmed" mb="md">
        {explain}
      </Text>
    </>
  );
};

/** `/systemDashboard/backup/:page`. */
export const SystemBackupPage = () => {
  const { t } = useTranslation();
  return (
    <>
      <BackupHeader explain={t('backupPromotion.systemExplain')} />
      <BackupPromotionCard />
    </>
  );
};

const OrganizationBackup = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <>
          <BackupHeader explain={t('backupPromotion.organizationExplain', { name: org.name })} />
          <BackupPromotionCard />
        </>
      )}
    </QueryState>
  );
};

/** `/customerDashboard/:id/backup/:page`. */
export const CustomerBackupPage = () => {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1) return <NotFoundPage />;
  return <OrganizationBackup organizationId={id} />;
};

/** `/deviceDashboard/:id/backup/:page`: the device's Backup tab. */
export const DeviceBackupPage = () => (
  <DeviceDashboard tab="backup">{() => <BackupPromotionCard />}</DeviceDashboard>
);
