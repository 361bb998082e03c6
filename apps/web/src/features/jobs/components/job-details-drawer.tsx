import { Anchor, Drawer, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { links } from '@rmm/domain/links';
import dayjs from 'dayjs';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/query-state.tsx';
import { RelativeTime } from '../../../components/relative-time.tsx';
import type { JobDetail } from '../api.ts';
import { useJobQuery } from '../queries.ts';
import { JobRunView } from './job-run-view.tsx';
import { JobScriptFacts } from './job-script-facts.tsx';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the job is and was: device, type, times. */
const JobFacts = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [
      t('jobs.column.device'),
      <Anchor key="device" component={Link} to={links.device(job.nodeId)} size="sm">
        {job.nodeName}
      </Anchor>,
    ],
    [t('jobs.column.type'), t(`jobs.type.${job.jobType}`)],
    [t('jobs.column.created'), <RelativeTime key="created" value={job.createdAt} size="sm" />],
    [t('jobs.details.started'), <RelativeTime key="started" value={job.startedAt} size="sm" />],
    [t('jobs.details.finished'), <RelativeTime key="finished" value={job.finishedAt} size="sm" />],
    [t('jobs.column.expires'), <RelativeTime key="expires" value={job.expiresAt} size="sm" />],
    [
      t('jobs.details.jobUid'),
      <Text key="uid" span ff="monospace" size="xs">
        {job.jobUid}
      </Text>,
    ],
  ];
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={140}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
};

/** The job's history as the server recorded it: created, sent, acknowledged, output, result... */
const JobHistory = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  if (job.history.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4}>{t('jobs.details.history')}</Title>
      <Timeline
        active={job.history.length - 1}
        bulletSize={14}
        lineWidth={2}
        aria-label={t('jobs.details.history')}
        data-testid="job-history"
      >
        {job.history.map((entry) => (
          <Timeline.Item
            key={entry.id}
            title={
              <Text size="sm" fw={600}>
                {capitalised(entry.event)}
              </Text>
            }
          >
            {entry.detail && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {entry.detail}
              </Text>
            )}
            <Text size="xs" c="dimmed" component="time" dateTime={entry.time}>
              {dayjs(entry.time).format('YYYY-MM-DD HH:mm:ss.SSS')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
};

/** Facts and history; the history is read again whenever the job's status changes. */
const JobDetails = ({ jobUid }: { jobUid: string }) => {
  const query = useJobQuery(jobUid);
  const status = query.data?.jobStatus;
  const seenStatus = useRef(status);
  const { refetch } = query;
  useEffect(() => {
    if (status === undefined || seenStatus.current === status) return;
    if (seenStatus.current !== undefined) void refetch();
    seenStatus.current = status;
  }, [status, refetch]);
  return (
    <QueryState query={query}>
      {(job) => (
        <Stack gap="md">
          <JobRunView jobUid={jobUid} />
          <JobFacts job={job} />
          <JobScriptFacts job={job} />
          <JobHistory job={job} />
        </Stack>
      )}
    </QueryState>
  );
};

/** One job in a side panel: its run (output, outcome, cancel), facts and history. */
export const JobDetailsDrawer = ({ jobUid, onClose }: { jobUid: string | null; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={jobUid !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('jobs.details.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {jobUid && <JobDetails jobUid={jobUid} />}
    </Drawer>
  );
};
