import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BackupJobSummary } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { isJobRunning } from '../backup-format.ts';
import { BackupJobProgress } from './backup-progress-view.tsx';

type JobWord = 'QUEUED' | 'RUNNING' | 'CANCELLING' | 'SUCCESS' | 'FAILURE' | 'CANCELLED' | 'EXPIRED';

const wordOf = (job: BackupJobSummary): JobWord => {
  switch (job.jobStatus) {
    case 'START_REQUESTED':
      return 'QUEUED';
    case 'IN_PROGRESS':
      return 'RUNNING';
    case 'CANCEL_REQUESTED':
      return 'CANCELLING';
    case 'CANCELLED':
      return 'CANCELLED';
    case 'EXPIRED':
      return 'EXPIRED';
    default:
      return job.jobResult === 'FAILURE' ? 'FAILURE' : 'SUCCESS';
  }
};

const colors: Record<JobWord, string> = {
  QUEUED: 'gray',
  RUNNING: 'blue',
  CANCELLING: 'orange',
  SUCCESS: 'green',
  FAILURE: 'red',
  CANCELLED: 'gray',
  EXPIRED: 'gray',
};

/** A job of a plan on a device: how it went and when, its error, or its live progress while it runs. */
export const JobSummary = ({ job }: { job: BackupJobSummary | null }) => {
  const { t } = useTranslation();
  if (!job) {
    return (
      <Text size="sm" c="dimmed">
        {t('backup.job.none')}
      </Text>
    );
  }
  const word = wordOf(job);
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color={job.ignored ? 'gray' : colors[word]} data-testid="backup-job-state">
          {t(`backup.job.${word}`)}
        </Badge>
        <RelativeTime value={job.finishedAt ?? job.createdAt} size="sm" />
      </Group>
      {job.ignored && (
        <Text size="xs" c="dimmed">
          {t('backup.job.cleared')}
        </Text>
      )}
      {job.errorMessage && word === 'FAILURE' && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {job.errorMessage}
        </Text>
      )}
      {isJobRunning(job) && <BackupJobProgress jobUid={job.jobUid} compact />}
    </Stack>
  );
};
