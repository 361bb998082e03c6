import { Alert, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { isTerminalJobStatus } from '@rmm/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/query-state.tsx';
import { BackupJobReportView } from '../../features/backup/components/backup-job-report.tsx';
import { BackupJobProgress } from '../../features/backup/components/backup-progress-view.tsx';
import { ExtractDownload } from '../../features/backup/components/extract-download.tsx';
import { CancelJobButton } from '../../features/jobs/components/cancel-job-button.tsx';
import { JobResultBadge, JobStatusBadge } from '../../features/jobs/components/job-status-badge.tsx';
import { useJobQuery } from '../../features/jobs/queries.ts';

/**
 * A backup, upsync, integrity check or restore job as it runs: status (job.updated events), live progress
 * (backup.progress events), then the result with the agent's report, the device's error or, for a download,
 * the zip (its signed URL read from the server once the job COMPLETED with SUCCESS); cancel while it has not
 * ended.
 */
export const BackupJobView = ({ jobUid, isExtract }: { jobUid: string; isExtract: boolean }) => {
  const { t } = useTranslation();
  const query = useJobQuery(jobUid);
  return (
    <QueryState query={query}>
      {(job) => {
        const hasEnded = isTerminalJobStatus(job.jobStatus);
        return (
          <Paper withBorder p="sm" data-testid="backup-job">
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
              {!hasEnded && (
                <>
                  <Group gap="xs">
                    <Loader size="xs" />
                    <Text size="sm" c="dimmed">
                      {t(
                        job.jobStatus === 'START_REQUESTED'
                          ? 'backup.jobView.queued'
                          : job.jobStatus === 'CANCEL_REQUESTED'
                            ? 'backup.jobView.cancelling'
                            : 'backup.jobView.running',
                      )}
                    </Text>
                  </Group>
                  {job.jobStatus === 'IN_PROGRESS' && <BackupJobProgress jobUid={jobUid} />}
                </>
              )}
              {job.resultContent?.errorMessage && (
                <Alert color="red" icon={<IconAlertCircle size={18} />} p="xs">
                  {job.resultContent.errorMessage}
                </Alert>
              )}
              {job.jobStatus === 'EXPIRED' && <Text size="sm">{t('backup.jobView.expired')}</Text>}
              {hasEnded && <BackupJobReportView resultContent={job.resultContent} />}
              {isExtract && job.jobStatus === 'COMPLETED' && job.jobResult === 'SUCCESS' && (
                <ExtractDownload jobUid={job.jobUid} />
              )}
            </Stack>
          </Paper>
        );
      }}
    </QueryState>
  );
};
