import { Anchor, Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { BackupPlanPolicy, BackupPlanStatus } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasPermission } from '../../../app/session/queries.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { isJobFailed, type PlanState, planStateOf } from '../backup-format.ts';
import { IgnoreJobButton } from './ignore-job-button.tsx';
import { JobSummary } from './job-summary.tsx';
import { NextRun } from './next-run.tsx';
import { RevisionLocationBadge } from './revision-location-badge.tsx';

const stateColors: Record<PlanState, string> = {
  RUNNING: 'blue',
  FAILED: 'red',
  INTEGRITY_FAILED: 'red',
  DISABLED: 'gray',
  NEVER: 'yellow',
  OK: 'green',
};

export const PlanStateBadge = ({ row }: { row: BackupPlanStatus }) => {
  const { t } = useTranslation();
  const state = planStateOf(row);
  return (
    <Badge color={stateColors[state]} variant="light" data-testid="backup-plan-state">
      {t(`backup.state.${state}`)}
    </Badge>
  );
};

/** A policy's plan: which policy it comes from (edited there, read-only here). */
export const PolicyLabel = ({ policy }: { policy: BackupPlanPolicy }) => {
  const { t } = useTranslation();
  const canViewPolicies = useHasPermission('policies.view');
  const text = t('backup.plans.fromPolicy', { policy: policy.name });
  return canViewPolicies ? (
    <Anchor
      component={Link}
      to={links.policyEditor(policy.id, 'backup')}
      size="xs"
      c="dimmed"
      title={t('backup.plans.policyReadOnly')}
    >
      {text}
    </Anchor>
  ) : (
    <Text size="xs" c="dimmed" title={t('backup.plans.policyReadOnly')}>
      {text}
    </Text>
  );
};

/**
 * Each plan on each device: its state, last backup (live progress while it runs), last success, next run
 * and last revision; a failed last backup can be cleared by those who manage backups. `renderActions`
 * adds the page's own buttons (run now, restore).
 */
export const PlanStatusTable = ({
  rows,
  showOrganization = false,
  showDevice = true,
  renderActions,
}: {
  rows: BackupPlanStatus[];
  showOrganization?: boolean;
  showDevice?: boolean;
  renderActions?: (row: BackupPlanStatus) => ReactNode;
}) => {
  const { t } = useTranslation();
  const canManage = useHasPermission('backup.viewAndManage');
  return (
    <ScrollArea>
      <Table verticalSpacing="sm" miw={900} aria-label={t('backup.plans.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backup.plans.plan')}</Table.Th>
            <Table.Th>{t('backup.plans.state')}</Table.Th>
            <Table.Th>{t('backup.plans.lastBackup')}</Table.Th>
            <Table.Th>{t('backup.plans.lastSuccess')}</Table.Th>
            <Table.Th>{t('backup.plans.nextRun')}</Table.Th>
            <Table.Th>{t('backup.plans.lastRevision')}</Table.Th>
            <Table.Th aria-label={t('backup.plans.actions')} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.nodeId}:${row.planId}`} data-testid="backup-plan-row">
              <Table.Td>
                <Stack gap={2}>
                  <Text fw={500}>{row.planName}</Text>
                  {row.policy && <PolicyLabel policy={row.policy} />}
                  {showDevice && (
                    <Anchor component={Link} to={links.deviceBackup(row.nodeId)} size="sm">
                      {row.nodeName}
                    </Anchor>
                  )}
                  {showOrganization && (
                    <Anchor
                      component={Link}
                      to={links.organizationBackup(row.organizationId)}
                      size="xs"
                      c="dimmed"
                    >
                      {t('backup.plans.organizationLink')}
                    </Anchor>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <PlanStateBadge row={row} />
              </Table.Td>
              <Table.Td>
                <JobSummary job={row.lastBackup} />
              </Table.Td>
              <Table.Td>
                <RelativeTime value={row.lastSuccessAt} size="sm" />
              </Table.Td>
              <Table.Td>
                <NextRun value={row.enabled ? row.nextRunAt : null} isDisabled={!row.enabled} />
              </Table.Td>
              <Table.Td>
                {row.lastRevision ? (
                  <Group gap="xs" wrap="nowrap">
                    <RevisionLocationBadge location={row.lastRevision.location} />
                    <RelativeTime value={row.lastRevision.time} size="sm" />
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('backup.revisions.none')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {canManage && isJobFailed(row.lastBackup) && !row.lastBackup?.ignored && (
                    <IgnoreJobButton row={row} />
                  )}
                  {renderActions?.(row)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
};
