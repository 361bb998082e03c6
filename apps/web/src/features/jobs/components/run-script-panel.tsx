import { Stack } from '@mantine/core';
import { type Device, isTerminalJobStatus } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import {
  defaultLanguageFor,
  RunScriptForm,
  type RunScriptValues,
} from '../../../components/run-script-form.tsx';
import { setLastRun, useLastRun } from '../last-run-store.ts';
import { useJobQuery, useRunScriptMutation } from '../queries.ts';
import { JobRunView } from './job-run-view.tsx';
import { showJobError } from './show-job-error.ts';

/**
 * Runs a script on one device and follows it live: the form above, the job's status, output and
 * outcome below. Long jobs are followed through /events, never timed out by the console. One script
 * at a time from here: Run waits until the last one has ended (or is cancelled).
 */
export const RunScriptPanel = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const run = useRunScriptMutation(device.id);
  const lastRun = useLastRun(device.id);
  const lastStatus = useJobQuery(lastRun).data?.jobStatus;
  const onRun = (values: RunScriptValues) =>
    run.mutate(values, {
      onSuccess: (job) => setLastRun(device.id, job.jobUid),
      onError: (error) => showJobError(t, error),
    });
  return (
    <Stack>
      <RunScriptForm
        defaultLanguage={defaultLanguageFor(device.platform)}
        isDisabled={lastStatus !== undefined && !isTerminalJobStatus(lastStatus)}
        isSubmitting={run.isPending}
        onRun={onRun}
      />
      {lastRun && <JobRunView jobUid={lastRun} />}
    </Stack>
  );
};
