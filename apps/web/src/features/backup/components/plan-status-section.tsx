import { Group, Paper, SegmentedControl, Text } from '@mantine/core';
import type { BackupPlanStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListFooter } from '../../../components/list-footer.tsx';
import type { PlanStatusParams } from '../api.ts';
import { usePlanStatusQuery } from '../queries.ts';
import { lastRevisionSourceOf, RestoreButton, RunNowButton } from './backup-actions.tsx';
import { BackupLoadError } from './backup-load-error.tsx';
import { PlanStatusTable } from './plan-status-table.tsx';
import { PlanVolumesButton } from './plan-volumes-button.tsx';

const PAGE_SIZE = 25;

const RowActions = ({ row, showVolumes }: { row: BackupPlanStatus; showVolumes: boolean }) => {
  const source = lastRevisionSourceOf(row);
  return (
    <>
      {showVolumes && <PlanVolumesButton nodeId={row.nodeId} planId={row.planId} planName={row.planName} />}
      <RunNowButton row={row} />
      {source && <RestoreButton source={source} />}
    </>
  );
};

/**
 * The plans-on-devices of a scope with their last results, paged, all or only failed ones (`?state=FAILED`,
 * `?page=` in the URL when `inUrl`; the overview's "needs attention" list shows the failed ones alone).
 */
export const PlanStatusSection = ({
  scope,
  showOrganization = false,
  showDevice = true,
  failedOnly = false,
  emptyText,
}: {
  scope: Pick<PlanStatusParams, 'organizationId' | 'nodeId'>;
  showOrganization?: boolean;
  showDevice?: boolean;
  /** Only failed ones, without the filter and pages (the overview). */
  failedOnly?: boolean;
  emptyText: string;
}) => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = failedOnly || params.get('state') === 'FAILED' ? 'FAILED' : 'ALL';
  const page = failedOnly ? 1 : Math.max(1, Number(params.get('page')) || 1);
  const query = usePlanStatusQuery({ ...scope, state, page, pageSize: failedOnly ? 10 : PAGE_SIZE });
  const rows = query.data?.data ?? [];
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
  return (
    <Paper withBorder>
      {!failedOnly && (
        <Group p="sm">
          <SegmentedControl
            aria-label={t('backup.plans.filter')}
            value={state}
            onChange={(value) => set({ state: value === 'FAILED' ? value : undefined, page: undefined })}
            data={[
              { value: 'ALL', label: t('backup.plans.all') },
              { value: 'FAILED', label: t('backup.plans.failedOnly') },
            ]}
          />
        </Group>
      )}
      <BackupLoadError query={query} />
      {query.isPending ? (
        <Text p="md" c="dimmed">
          {t('app.loading')}
        </Text>
      ) : rows.length === 0 && !query.isError ? (
        <Text p="md" c="dimmed">
          {state === 'FAILED' ? t('backup.plans.noneFailed') : emptyText}
        </Text>
      ) : (
        <PlanStatusTable
          rows={rows}
          showOrganization={showOrganization}
          showDevice={showDevice}
          renderActions={(row) => <RowActions row={row} showVolumes={scope.nodeId !== undefined} />}
        />
      )}
      {!failedOnly && query.data && query.data.count > PAGE_SIZE && (
        <ListFooter
          count={query.data.count}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={(next) => set({ page: next === 1 ? undefined : String(next) })}
        />
      )}
    </Paper>
  );
};
