import { Group, Paper, ScrollArea, SegmentedControl, Select, Table, Text } from '@mantine/core';
import { type BackupRevision, type BackupRevisionLocation, backupRevisionLocations } from '@rmm/domain';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import { formatByteSize } from '../../../lib/format.ts';
import type { RevisionListParams } from '../api.ts';
import { filesOf } from '../backup-format.ts';
import { useRevisionsQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';
import { RevisionLocationBadge } from './revision-location-badge.tsx';

const PAGE_SIZE = 25;

const isLocation = (value: string | null): value is BackupRevisionLocation =>
  (backupRevisionLocations as readonly string[]).includes(value ?? '');

/** The list's filters and page, kept in the URL: `?plan=&location=&page=`. */
const useRevisionFilters = () => {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const location = params.get('location');
  const set = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return {
    page,
    planId: params.get('plan') ?? undefined,
    location: isLocation(location) ? location : undefined,
    set,
  };
};

/**
 * A device's or a plan's revisions, newest first, paged, filtered by where they are (local, cloud, both)
 * and by plan. `nodeId` lists a device's; without it a plan must be chosen (an organization's revisions are
 * listed plan by plan). `renderActions` adds the page's buttons (browse and restore).
 */
export const RevisionsPanel = ({
  nodeId,
  plans,
  renderActions,
}: {
  nodeId?: number;
  plans: { planId: string; name: string }[];
  renderActions?: (revision: BackupRevision) => ReactNode;
}) => {
  const { t } = useTranslation();
  const filters = useRevisionFilters();
  const planId = filters.planId ?? (nodeId === undefined ? plans[0]?.planId : undefined);
  const base = { page: filters.page, pageSize: PAGE_SIZE, location: filters.location };
  const params: RevisionListParams | undefined =
    nodeId !== undefined ? { ...base, nodeId, planId } : planId ? { ...base, planId } : undefined;
  const query = useRevisionsQuery(params);
  const revisions = query.data?.data ?? [];
  return (
    <Paper withBorder>
      <Group p="sm" gap="md" wrap="wrap">
        <Select
          label={t('backup.revisions.plan')}
          placeholder={t('backup.revisions.allPlans')}
          clearable={nodeId !== undefined}
          allowDeselect={nodeId !== undefined}
          data={plans.map((plan) => ({ value: plan.planId, label: plan.name }))}
          value={planId ?? null}
          onChange={(value) => filters.set({ plan: value ?? undefined, page: undefined })}
          maw={320}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="revision-location-label">
            {t('backup.revisions.location')}
          </Text>
          <SegmentedControl
            aria-labelledby="revision-location-label"
            value={filters.location ?? 'ALL'}
            onChange={(value) =>
              filters.set({ location: value === 'ALL' ? undefined : value, page: undefined })
            }
            data={[
              { value: 'ALL', label: t('common.all') },
              ...backupRevisionLocations.map((value) => ({ value, label: t(`backup.location.${value}`) })),
            ]}
          />
        </div>
      </Group>
      <BackupLoadError query={query} />
      {params === undefined ? (
        <Text p="md" c="dimmed">
          {t('backup.revisions.noPlans')}
        </Text>
      ) : query.isPending ? (
        <Text p="md" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : revisions.length === 0 && !query.isError ? (
        <Text p="md" c="dimmed">
          {t('backup.revisions.empty')}
        </Text>
      ) : (
        <ScrollArea>
          <Table verticalSpacing="sm" miw={760} aria-label={t('backup.revisions.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backup.revisions.time')}</Table.Th>
                <Table.Th>{t('backup.revisions.plan')}</Table.Th>
                <Table.Th>{t('backup.revisions.device')}</Table.Th>
                <Table.Th>{t('backup.revisions.location')}</Table.Th>
                <Table.Th>{t('backup.revisions.files')}</Table.Th>
                <Table.Th>{t('backup.revisions.size')}</Table.Th>
                <Table.Th>{t('backup.revisions.added')}</Table.Th>
                <Table.Th aria-label={t('backup.plans.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {revisions.map((revision) => (
                <Table.Tr key={revision.revisionId} data-testid="backup-revision-row">
                  <Table.Td>
                    <Text size="sm" component="time" dateTime={revision.time}>
                      {dayjs(revision.time).format('YYYY-MM-DD HH:mm:ss')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{revision.planName}</Table.Td>
                  <Table.Td>{revision.nodeName}</Table.Td>
                  <Table.Td>
                    <RevisionLocationBadge location={revision.location} />
                  </Table.Td>
                  <Table.Td>{filesOf(revision.stats).toLocaleString()}</Table.Td>
                  <Table.Td>{formatByteSize(revision.stats.bytesTotal)}</Table.Td>
                  <Table.Td>{formatByteSize(revision.stats.bytesAdded)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end" gap="xs" wrap="nowrap">
                      {renderActions?.(revision)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {query.data && query.data.count > PAGE_SIZE && (
        <ListFooter
          count={query.data.count}
          page={filters.page}
          pageSize={PAGE_SIZE}
          onPageChange={(page) => filters.set({ page: page === 1 ? undefined : String(page) })}
        />
      )}
    </Paper>
  );
};
