import { Anchor, Table, Text } from '@mantine/core';
import type { StoredJob } from '@rmm/domain';
import { links } from '@rmm/domain/links';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { CancelJobButton } from './cancel-job-button.tsx';
import { JobDetailsDrawer } from './job-details-drawer.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';

/** Jobs not finished yet, one row each, with a cancel button per row. */
export const PendingJobsTable = ({ jobs }: { jobs: StoredJob[] }) => {
  const { t } = useTranslation();
  const [openJob, setOpenJob] = useState<string | null>(null);
  return (
    <>
      <JobDetailsDrawer jobUid={openJob} onClose={() => setOpenJob(null)} />
      <Table.ScrollContainer minWidth={860}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('jobs.column.device')}</Table.Th>
              <Table.Th>{t('jobs.column.name')}</Table.Th>
              <Table.Th>{t('jobs.column.type')}</Table.Th>
              <Table.Th>{t('jobs.column.status')}</Table.Th>
              <Table.Th>{t('jobs.column.created')}</Table.Th>
              <Table.Th>{t('jobs.column.expires')}</Table.Th>
              <Table.Th>
                <Text span size="sm" fw={700} style={{ visibility: 'hidden' }}>
                  {t('jobs.column.actions')}
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobs.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text c="dimmed" ta="center" py="md">
                    {t('jobs.pending.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {jobs.map((job) => (
              <Table.Tr key={job.jobUid}>
                <Table.Td>
                  <Anchor component={Link} to={links.device(job.nodeId)} size="sm">
                    {job.nodeName}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    onClick={() => setOpenJob(job.jobUid)}
                  >
                    {job.jobName}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t(`jobs.type.${job.jobType}`)}</Table.Td>
                <Table.Td>
                  <JobStatusBadge status={job.jobStatus} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <RelativeTime value={job.createdAt} size="sm" />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <RelativeTime value={job.expiresAt} size="sm" />
                </Table.Td>
                <Table.Td ta="right">
                  <CancelJobButton job={job} size="xs" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
};
