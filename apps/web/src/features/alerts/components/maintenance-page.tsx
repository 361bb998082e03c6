import {
  ActionIcon,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Paper,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { MaintenanceWindow } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconCalendarPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { useOrganizationQuery } from '../../../lib/organizations.ts';
import { useDeleteMaintenanceWindowMutation, useMaintenanceWindowsQuery } from '../queries.ts';
import { MaintenanceDialog } from './maintenance-dialog.tsx';

dayjs.extend(relativeTime);

const PAGE_SIZE = 50;

/** A time as the table shows it: the exact local time, how far away on hover. */
const Time = ({ value }: { value: string }) => {
  const time = dayjs(value);
  return (
    <Text size="sm" component="time" dateTime={time.toISOString()} title={time.fromNow()}>
      {time.format('YYYY-MM-DD HH:mm')}
    </Text>
  );
};

const useDeleteWindow = () => {
  const { t } = useTranslation();
  const remove = useDeleteMaintenanceWindowMutation();
  return (entry: MaintenanceWindow) =>
    modals.openConfirmModal({
      title: t('maintenance.deleteTitle', { name: entry.name }),
      children: <Text size="sm">{t('maintenance.deleteBody')}</Text>,
      labels: { confirm: t('maintenance.deleteConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(entry.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('maintenance.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });
};

const WindowsTable = ({
  windows,
  showOrganization,
  canManage,
  now,
}: {
  windows: MaintenanceWindow[];
  showOrganization: boolean;
  canManage: boolean;
  now: number;
}) => {
  const { t } = useTranslation();
  const confirmDelete = useDeleteWindow();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('maintenance.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('maintenance.column.name')}</Table.Th>
            {showOrganization && <Table.Th>{t('maintenance.column.organization')}</Table.Th>}
            <Table.Th>{t('maintenance.column.devices')}</Table.Th>
            <Table.Th>{t('maintenance.column.start')}</Table.Th>
            <Table.Th>{t('maintenance.column.end')}</Table.Th>
            <Table.Th>{t('maintenance.column.state')}</Table.Th>
            <Table.Th>{t('maintenance.column.createdBy')}</Table.Th>
            {canManage && (
              <Table.Th w={60}>
                <VisuallyHidden>{t('alerts.column.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {windows.map((entry) => {
            const isCurrent = Date.parse(entry.startTime) <= now;
            return (
              <Table.Tr key={entry.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {entry.name}
                  </Text>
                </Table.Td>
                {showOrganization && (
                  <Table.Td>
                    <Anchor component={Link} to={links.organization(entry.organizationId)} size="sm">
                      {entry.organizationName}
                    </Anchor>
                  </Table.Td>
                )}
                <Table.Td>
                  <Text size="sm">
                    {entry.deviceIds.length === 0
                      ? t('maintenance.allDevices')
                      : t('maintenance.deviceCount', { count: entry.deviceIds.length })}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Time value={entry.startTime} />
                </Table.Td>
                <Table.Td>
                  <Time value={entry.endTime} />
                </Table.Td>
                <Table.Td>
                  <Badge color={isCurrent ? 'orange' : 'blue'} variant="light">
                    {isCurrent ? t('maintenance.state.current') : t('maintenance.state.upcoming')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{entry.createdBy ?? t('maintenance.unknownCreator')}</Text>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Tooltip label={t('maintenance.delete', { name: entry.name })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('maintenance.delete', { name: entry.name })}
                        onClick={() => confirmDelete(entry)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};

/** Current and upcoming windows of every organization or of one; create and delete with `alerts.manage`. */
const Maintenance = ({
  organization,
  explain,
}: {
  organization?: { id: number; name: string };
  explain: string;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('alerts.manage');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useMaintenanceWindowsQuery({ page, pageSize: PAGE_SIZE, organizationId: organization?.id });
  const [isCreating, setCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('maintenance.title')}
        actions={
          canManage && (
            <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setCreating(true)}>
              {t('maintenance.new')}
            </Button>
          )
        }
      />
      <Text size="sm" c="dimmed" mb="md">
        {explain}
      </Text>
      <QueryState query={query}>
        {(result) =>
          result.count === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('maintenance.empty')}</Text>
            </Paper>
          ) : (
            <Paper withBorder style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
              <WindowsTable
                windows={result.data}
                showOrganization={!organization}
                canManage={canManage}
                now={query.dataUpdatedAt}
              />
              <ListFooter
                count={result.count}
                page={page}
                pageSize={PAGE_SIZE}
                onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
              />
            </Paper>
          )
        }
      </QueryState>
      {isCreating && <MaintenanceDialog organization={organization} onClose={() => setCreating(false)} />}
    </>
  );
};

/** `/systemDashboard/maintenance`. */
export const SystemMaintenancePage = () => {
  const { t } = useTranslation();
  return <Maintenance explain={t('maintenance.explain')} />;
};

const OrganizationMaintenance = ({ organizationId }: { organizationId: number }) => {
  const { t } = useTranslation();
  const organization = useOrganizationQuery(organizationId);
  return (
    <QueryState query={organization} notFoundTitle={t('organizations.notFound')}>
      {(org) => (
        <>
          <Breadcrumbs mb="xs" fz="sm">
            <Anchor component={Link} to={links.organization(org.id)}>
              {org.name}
            </Anchor>
          </Breadcrumbs>
          <Maintenance
            organization={{ id: org.id, name: org.name }}
            explain={t('maintenance.explainOrganization', { name: org.name })}
          />
        </>
      )}
    </QueryState>
  );
};

/** `/customerDashboard/:id/maintenance`. */
export const CustomerMaintenancePage = () => {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2147483647) return <NotFoundPage />;
  return <OrganizationMaintenance key={id} organizationId={id} />;
};
