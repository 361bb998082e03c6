import { Anchor, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { type BackupPlan, backupKindLabel, defaultFeatureFlags } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHasPermission, useMeQuery } from '../../../app/session/queries.ts';
import { ListFooter } from '../../../components/list-footer.tsx';
import { destinationSummary, scheduleSummary, targetsSummary } from '../plan-summary.ts';
import { usePlansQuery } from '../queries.ts';
import { BackupLoadError } from './backup-load-error.tsx';
import { NextRun } from './next-run.tsx';

const PAGE_SIZE = 50;

const IntegrityBadge = ({ plan }: { plan: BackupPlan }) => {
  const { t } = useTranslation();
  if (plan.integrityStatus === null) return null;
  return (
    <Badge
      variant="light"
      color={plan.integrityStatus === 'OK' ? 'green' : 'red'}
      title={plan.integrityMessage ?? undefined}
    >
      {t(`backup.integrity.${plan.integrityStatus}`)}
    </Badge>
  );
};

/**
 * An organization's plans with what each backs up to, when, and for which devices; each opens in the plan
 * editor (`editable` links them; the dashboards link there too), and a new one is made there.
 */
export const PlansList = ({
  organizationId,
  isEditor = false,
}: {
  organizationId: number;
  isEditor?: boolean;
}) => {
  const { t } = useTranslation();
  const location = useLocation();
  const flags = useMeQuery().data?.featureFlags ?? defaultFeatureFlags;
  const canManage = useHasPermission('backup.viewAndManage');
  const [page, setPage] = useState(1);
  const query = usePlansQuery(organizationId, { page, pageSize: PAGE_SIZE });
  const plans = query.data?.data ?? [];
  // From a dashboard the editor opens with the dashboard to return to (Close).
  const state = isEditor ? location.state : { from: `${location.pathname}${location.search}` };
  return (
    <Paper withBorder>
      <Group justify="space-between" p="sm">
        <Text fw={600}>{t('backup.plansList.title')}</Text>
        {canManage && (
          <Button
            component={Link}
            to={links.backupPlanEditor(organizationId, 'new')}
            state={state}
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            {t('backup.plansList.new')}
          </Button>
        )}
      </Group>
      <BackupLoadError query={query} />
      {query.isSuccess && plans.length === 0 ? (
        <Text p="md" c="dimmed">
          {t('backup.plansList.empty')}
        </Text>
      ) : (
        <ScrollArea>
          <Table verticalSpacing="sm" miw={860} aria-label={t('backup.plansList.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('common.name')}</Table.Th>
                <Table.Th>{t('backup.editor.kind')}</Table.Th>
                <Table.Th>{t('backup.editor.destination')}</Table.Th>
                <Table.Th>{t('backup.editor.schedule')}</Table.Th>
                <Table.Th>{t('backup.editor.targets')}</Table.Th>
                <Table.Th>{t('backup.plans.nextRun')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plans.map((plan) => (
                <Table.Tr key={plan.planId} data-testid="backup-plan-definition">
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap="xs">
                        <Anchor
                          component={Link}
                          to={links.backupPlanEditor(organizationId, plan.planId)}
                          state={state}
                        >
                          {plan.name}
                        </Anchor>
                        {!plan.enabled && (
                          <Badge color="gray" variant="light" size="sm">
                            {t('backup.plans.disabled')}
                          </Badge>
                        )}
                        <IntegrityBadge plan={plan} />
                      </Group>
                      {plan.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {plan.description}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{backupKindLabel(plan.kind, flags)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {destinationSummary(plan.destination, t)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{scheduleSummary(plan.schedule, t)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{targetsSummary(plan.targets, t)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <NextRun value={plan.nextRunAt} isDisabled={!plan.enabled} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {query.data && query.data.count > PAGE_SIZE && (
        <ListFooter count={query.data.count} page={page} pageSize={PAGE_SIZE} onPageChange={setPage} />
      )}
    </Paper>
  );
};
