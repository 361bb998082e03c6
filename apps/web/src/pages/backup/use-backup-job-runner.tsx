import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupJobRunner } from '../../features/backup/backup-job-context.tsx';
import { backupKeys } from '../../features/backup/queries.ts';
import { showJobError } from '../../features/jobs/components/show-job-error.ts';
import { JobActionError } from '../../features/jobs/job-action-error.ts';
import { storeJob } from '../../features/jobs/queries.ts';
import { submitJobs } from '../../features/jobs/submit-jobs.ts';
import { BackupJobView } from './backup-job-view.tsx';

/**
 * The backup screens' jobs go through POST /webapp/submit/job like every job (device cache, idempotency
 * key, spec §8 "Error creating/updating jobs"), and are followed in BackupJobView.
 */
export const useBackupJobRunner = (): BackupJobRunner => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      submit: async (nodeId, job) => {
        try {
          const [stored] = await submitJobs(queryClient, [{ nodeId, jobs: [job] }], { isIdempotent: true });
          if (!stored) throw new JobActionError('jobs.submitError');
          storeJob(queryClient, stored, { isWatched: true });
          void queryClient.invalidateQueries({ queryKey: backupKeys.planStatusLists });
          return stored.jobUid;
        } catch (error) {
          showJobError(t, error);
          throw error;
        }
      },
      renderJob: (jobUid, { isExtract }) => <BackupJobView jobUid={jobUid} isExtract={isExtract} />,
    }),
    [queryClient, t],
  );
};
