import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { isTerminalJobStatus } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import type { JobDetail } from '../api.ts';
import { isComplete, type OutputChunk } from '../job-output.ts';
import { useJobOutputQuery, useJobQuery } from '../queries.ts';
import { CancelJobButton } from './cancel-job-button.tsx';
import { JobOutputView } from './job-output-view.tsx';
import { JobResultBadge, JobStatusBadge } from './job-status-badge.tsx';

/** The stored result's output, for a job whose live output this console did not see whole. */
const resultChunks = (job: JobDetail): OutputChunk[] => {
  const stdout = job.resultContent?.stdout ?? '';
  const stderr = job.resultContent?.stderr ?? '';
  return [
    { seq: 0, stream: 'stdout' as const, data: stdout },
    { seq: 1, stream: 'stderr' as const, data: stderr },
  ].filter((chunk) => chunk.data !== '');
};

/** What the device is doing, in words, while the job has not ended. */
const ProgressLine = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  if (isTerminalJobStatus(job.jobStatus)) return null;
  const text =
    job.jobStatus === 'START_REQUESTED'
      ? t('jobs.run.queued', { expires: dayjs(job.expiresAt).format('YYYY-MM-DD HH:mm') })
      : t(job.jobStatus === 'IN_PROGRESS' ? 'jobs.run.running' : 'jobs.run.cancelling');
  return (
    <Group gap="xs" wrap="nowrap">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
};

/** How the job ended: exit code, the device's error message, expiry. */
const Outcome = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  const exitCode = job.resultContent?.exitCode;
  const errorMessage = job.resultContent?.errorMessage;
  return (
    <>
      {exitCode !== undefined && exitCode !== null && (
        <Text size="sm" ff="monospace" data-testid="job-exit-code">
          {t('jobs.run.exitCode', { code: exitCode })}
        </Text>
      )}
      {errorMessage && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
          {errorMessage}
        </Alert>
      )}
      {job.jobStatus === 'EXPIRED' && <Text size="sm">{t('jobs.run.expired')}</Text>}
    </>
  );
};

const JobRun = ({ job }: { job: JobDetail }) => {
  const { t } = useTranslation();
  const output = useJobOutputQuery(job.jobUid).data;
  const hasEnded = isTerminalJobStatus(job.jobStatus);
  // The server notes when a device starts streaming: a job opened after that has output this
  // console never saw (output is relayed live, and stored only with the result).
  const isOpenedLate = output.chunks.length === 0 && job.history.some((entry) => entry.event === 'output');
  const isLiveWhole = isComplete(output) && !isOpenedLate;
  const shownChunks =
    hasEnded && (!isLiveWhole || output.chunks.length === 0) ? resultChunks(job) : output.chunks;
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" miw={0}>
            <Text fw={600} truncate="end" maw={360} title={job.jobName}>
              {job.jobName}
            </Text>
            <JobStatusBadge status={job.jobStatus} />
            {job.jobResult && <JobResultBadge result={job.jobResult} />}
          </Group>
          <CancelJobButton job={job} size="xs" />
        </Group>
        <ProgressLine job={job} />
        {!hasEnded && !isLiveWhole && (
          <Text size="xs" c="dimmed">
            {t(isOpenedLate ? 'jobs.run.openedLate' : 'jobs.run.missed')}
          </Text>
        )}
        <JobOutputView
          chunks={shownChunks}
          emptyText={
            hasEnded
              ? t(isOpenedLate ? 'jobs.run.outputNotKept' : 'jobs.run.noOutputAtAll')
              : t(isOpenedLate ? 'jobs.run.noOutputSinceOpened' : 'jobs.run.noOutput')
          }
        />
        {job.resultContent?.truncated && (
          <Text size="xs" c="dimmed">
            {t('jobs.run.truncated')}
          </Text>
        )}
        <Outcome job={job} />
      </Stack>
    </Paper>
  );
};

/** One job as it runs: status from job.updated (GET on mount and reconnect), live output, outcome, cancel. */
export const JobRunView = ({ jobUid }: { jobUid: string }) => {
  const query = useJobQuery(jobUid);
  return <QueryState query={query}>{(job) => <JobRun job={job} />}</QueryState>;
};
