import { Badge, Button, Group, Table, Text } from '@mantine/core';
import type { Activity } from '@rmm/domain';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../app/session/queries.ts';
import { JobDetailsDrawer } from '../../features/jobs/components/job-details-drawer.tsx';

/** Activities as rows; `showTarget` adds the target and organization columns of the full audit log. */
export const ActivitiesTable = ({
  activities,
  showTarget = true,
  emptyText,
}: {
  activities: Activity[];
  showTarget?: boolean;
  emptyText: string;
}) => {
  const { t } = useTranslation();
  const canViewJobs = useHasPermission('jobs.view');
  const [openJob, setOpenJob] = useState<string | null>(null);
  const columns = showTarget ? 7 : 5;
  return (
    <>
      <JobDetailsDrawer jobUid={openJob} onClose={() => setOpenJob(null)} />
      <Table.ScrollContainer minWidth={showTarget ? 900 : 760}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('activities.time')}</Table.Th>
              <Table.Th>{t('activities.actor')}</Table.Th>
              <Table.Th>{t('activities.action')}</Table.Th>
              {showTarget && <Table.Th>{t('activities.target')}</Table.Th>}
              {showTarget && <Table.Th>{t('activities.organization')}</Table.Th>}
              <Table.Th>{t('activities.outcome')}</Table.Th>
              <Table.Th>{t('activities.detail')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {activities.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns}>
                  <Text c="dimmed" ta="center" py="md">
                    {emptyText}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {activities.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {dayjs(a.time).format('YYYY-MM-DD HH:mm:ss')}
                </Table.Td>
                <Table.Td>{a.actorName}</Table.Td>
                <Table.Td>
                  <Text ff="monospace" size="sm">
                    {a.action}
                  </Text>
                </Table.Td>
                {showTarget && <Table.Td>{a.targetName ?? ''}</Table.Td>}
                {showTarget && <Table.Td>{a.organizationName ?? ''}</Table.Td>}
                <Table.Td>
                  <Badge
                    color={a.outcome === 'SUCCESS' ? 'green' : 'red'}
                    variant="light"
                    style={{ minWidth: 'max-content' }}
                  >
                    {t(`activities.outcome.${a.outcome}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="space-between">
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {a.detail ?? ''}
                    </Text>
                    {a.jobUid && canViewJobs && (
                      <Button
                        variant="subtle"
                        size="compact-xs"
                        style={{ flexShrink: 0 }}
                        onClick={() => setOpenJob(a.jobUid)}
                      >
                        {t('jobs.details.open')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
};
