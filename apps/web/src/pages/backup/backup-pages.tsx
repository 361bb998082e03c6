import { Text } from '@mantine/core';
import { links } from '@rmm/domain/links';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { BackupJobProvider } from '../../features/backup/backup-job-context.tsx';
import {
  DeviceBackupDashboard,
  deviceBackupPages,
  OrganizationBackupDashboard,
  organizationBackupPages,
  SystemBackupDashboard,
  systemBackupPages,
} from '../../features/backup/components/backup-dashboards.tsx';
import { BackupStatusGate } from '../../features/backup/components/backup-status-gate.tsx';
import { BackupPromotionCard } from '../../features/backup-promotion/components/backup-promotion-card.tsx';
import { useOrganizationQuery } from '../../lib/organizations.ts';
import { DeviceDashboard } from '../device-dashboard/device-dashboard.tsx';
import { useBackupJobRunner } from './use-backup-job-runner.tsx';

/**
 * The backup pages of the system, an organization and a device: the dashboards where backup is in use
 * (spec §7 strata-status), else the backup promotion with how to start. `:page` names the dashboard's page
 * (docs/decisions.md "Backup console"); any other value opens the overview.
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

const WithJobs = ({ children }: { children: ReactNode }) => (
  <BackupJobProvider value={useBackupJobRunner()}>{children}</BackupJobProvider>
);

/** The `:page` if this dashboard has it; else undefined (the page redirects to the overview). */
const usePage = <P extends string>(pages: readonly P[]) => {
  const page = useParams().page;
  return (pages as readonly string[]).includes(page ?? '') ? (page as P) : undefined;
};

/** `/systemDashboard/backup/:page`. */
export const SystemBackupPage = () => {
  const { t } = useTranslation();
  const page = usePage(systemBackupPages);
  if (!page) return <Navigate to={links.systemBackup()} replace />;
  return (
    <WithJobs>
      <BackupHeader explain={t('backupPromotion.systemExplain')} />
      <BackupStatusGate scope={{ level: 'system' }} promotion={<BackupPromotionCard />}>
        {(status) => <SystemBackupDashboard page={page} status={status} />}
      </BackupStatusGate>
    </WithJobs>
  );
};

const OrganizationBackup = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  const page = usePage(organizationBackupPages);
  const location = useLocation();
  if (!page) return <Navigate to={`${links.organizationBackup(organizationId)}${location.search}`} replace />;
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <WithJobs>
          <BackupHeader explain={t('backupPromotion.organizationExplain', { name: org.name })} />
          <BackupStatusGate
            scope={{ level: 'organization', id: org.id }}
            organizationId={org.id}
            promotion={<BackupPromotionCard />}
          >
            {(status) => <OrganizationBackupDashboard organization={org} page={page} status={status} />}
          </BackupStatusGate>
        </WithJobs>
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
export const DeviceBackupPage = () => {
  const page = usePage(deviceBackupPages);
  const id = Number(useParams().id);
  if (!page && Number.isSafeInteger(id) && id > 0) return <Navigate to={links.deviceBackup(id)} replace />;
  return (
    <DeviceDashboard tab="backup">
      {(device) => (
        <WithJobs>
          <BackupStatusGate
            scope={{ level: 'device', id: device.id }}
            organizationId={device.organizationId}
            promotion={<BackupPromotionCard />}
          >
            {(status) => <DeviceBackupDashboard device={device} page={page ?? 'overview'} status={status} />}
          </BackupStatusGate>
        </WithJobs>
      )}
    </DeviceDashboard>
  );
};
