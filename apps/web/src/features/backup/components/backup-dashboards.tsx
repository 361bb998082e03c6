import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import type { BackupStatus } from '@rmm/domain';
import { type BackupDashboardPage, links } from '@rmm/domain/links';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNodePlansQuery, usePlanStatusQuery, usePlansQuery } from '../queries.ts';
import { RestoreButton, restoreSourceOf } from './backup-actions.tsx';
import { PlanStatusSection } from './plan-status-section.tsx';
import { PlansList } from './plans-list.tsx';
import { RestoreKeyCard } from './restore-key-card.tsx';
import { RevisionsPanel } from './revisions-panel.tsx';
import { StorageSummary, StorageTable } from './storage-usage.tsx';

/** The `:page`s each backup dashboard has (docs/decisions.md "Backup console"). */
export const systemBackupPages = ['overview', 'plans'] as const satisfies readonly BackupDashboardPage[];
export const organizationBackupPages = [
  'overview',
  'plans',
  'revisions',
] as const satisfies readonly BackupDashboardPage[];
export const deviceBackupPages = ['overview', 'revisions'] as const satisfies readonly BackupDashboardPage[];

const PageTabs = ({
  pages,
  current,
  hrefOf,
}: {
  pages: readonly BackupDashboardPage[];
  current: BackupDashboardPage;
  hrefOf: (page: BackupDashboardPage) => string;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => value && navigate(hrefOf(value as BackupDashboardPage))}
      mb="md"
      variant="pills"
    >
      <Tabs.List>
        {pages.map((page) => (
          <Tabs.Tab key={page} value={page}>
            {t(`backup.page.${page}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
};

/** What the spec's status says: whether there is data in the cloud and locally, and whether the store is on. */
export const BackupStatusLine = ({ status }: { status: BackupStatus }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mb="md" data-testid="backup-status">
      <Badge color={status.enabled ? 'green' : 'gray'} variant="light">
        {t(status.enabled ? 'backup.status.enabled' : 'backup.status.notEnabled')}
      </Badge>
      {status.hasCloudData && (
        <Badge color="blue" variant="outline">
          {t('backup.status.cloudData')}
        </Badge>
      )}
      {status.hasLocalData && (
        <Badge color="grape" variant="outline">
          {t('backup.status.localData')}
        </Badge>
      )}
      {status.divisionConfig?.enabled === false && (
        <Badge color="orange" variant="light">
          {t('backup.status.cloudOff')}
        </Badge>
      )}
    </Group>
  );
};

const Heading = ({ children }: { children: string }) => (
  <Title order={4} mt="md" mb="xs">
    {children}
  </Title>
);

/** `/systemDashboard/backup/:page`: every organization of the user's scope. */
export const SystemBackupDashboard = ({
  page,
  status,
}: {
  page: (typeof systemBackupPages)[number];
  status: BackupStatus;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <BackupStatusLine status={status} />
      <PageTabs
        pages={systemBackupPages}
        current={page}
        hrefOf={(next) => links.systemBackup(next as 'overview' | 'plans')}
      />
      {page === 'overview' ? (
        <Stack>
          <StorageTable />
          <div>
            <Heading>{t('backup.attention')}</Heading>
            <PlanStatusSection scope={{}} showOrganization failedOnly emptyText={t('backup.plans.empty')} />
          </div>
        </Stack>
      ) : (
        <PlanStatusSection scope={{}} showOrganization emptyText={t('backup.plans.empty')} />
      )}
    </>
  );
};

/** A device of the organization for the restore-key check: the first its plans cover. */
const useSomeDeviceOf = (organizationId: number) =>
  usePlanStatusQuery({ organizationId, page: 1, pageSize: 1 }).data?.data[0]?.nodeId;

const OrganizationRevisions = ({ organizationId }: { organizationId: number }) => {
  const plans = usePlansQuery(organizationId, { page: 1, pageSize: 500 });
  return (
    <RevisionsPanel
      plans={(plans.data?.data ?? []).map((plan) => ({ planId: plan.planId, name: plan.name }))}
      renderActions={(revision) => {
        const source = restoreSourceOf(revision);
        return source ? <RestoreButton source={source} /> : null;
      }}
    />
  );
};

/** `/customerDashboard/:id/backup/:page`. */
export const OrganizationBackupDashboard = ({
  organization,
  page,
  status,
}: {
  organization: { id: number; name: string };
  page: (typeof organizationBackupPages)[number];
  status: BackupStatus;
}) => {
  const { t } = useTranslation();
  const someDevice = useSomeDeviceOf(organization.id);
  return (
    <>
      <BackupStatusLine status={status} />
      <PageTabs
        pages={organizationBackupPages}
        current={page}
        hrefOf={(next) => links.organizationBackup(organization.id, next)}
      />
      {page === 'overview' && (
        <Stack>
          <StorageSummary organizationId={organization.id} />
          <div>
            <Heading>{t('backup.attention')}</Heading>
            <PlanStatusSection
              scope={{ organizationId: organization.id }}
              failedOnly
              emptyText={t('backup.plans.empty')}
            />
          </div>
          <PlansList organizationId={organization.id} />
          <RestoreKeyCard
            nodeId={someDevice}
            organizationId={organization.id}
            organizationName={organization.name}
          />
        </Stack>
      )}
      {page === 'plans' && (
        <PlanStatusSection
          scope={{ organizationId: organization.id }}
          emptyText={t('backup.plans.emptyOrganization')}
        />
      )}
      {page === 'revisions' && <OrganizationRevisions organizationId={organization.id} />}
    </>
  );
};

/** `/deviceDashboard/:id/backup/:page`: the device's plans and revisions. */
export const DeviceBackupDashboard = ({
  device,
  page,
  status,
}: {
  device: { id: number; displayName: string; organizationId: number; organizationName: string };
  page: (typeof deviceBackupPages)[number];
  status: BackupStatus;
}) => {
  const { t } = useTranslation();
  const plans = useNodePlansQuery(device.id);
  return (
    <>
      <BackupStatusLine status={status} />
      <PageTabs
        pages={deviceBackupPages}
        current={page}
        hrefOf={(next) => links.deviceBackup(device.id, next as 'overview' | 'revisions')}
      />
      {page === 'overview' ? (
        <Stack>
          <PlanStatusSection
            scope={{ nodeId: device.id }}
            showDevice={false}
            emptyText={t('backup.plans.emptyDevice')}
          />
          <RestoreKeyCard
            nodeId={device.id}
            organizationId={device.organizationId}
            organizationName={device.organizationName}
          />
          <Text size="sm" c="dimmed">
            {t('backup.deviceHint')}
          </Text>
        </Stack>
      ) : (
        <RevisionsPanel
          nodeId={device.id}
          plans={(plans.data ?? []).map((plan) => ({ planId: plan.planId, name: plan.name }))}
          renderActions={(revision) => {
            const source = restoreSourceOf(revision);
            return source ? <RestoreButton source={source} /> : null;
          }}
        />
      )}
    </>
  );
};
