import { Stack } from '@mantine/core';
import { type Device, isTerminalJobStatus, scriptOperatingSystemOfPlatform } from '@rmm/domain';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../../app/session/queries.ts';
import { RunScriptChooser } from '../../../components/run-script/run-script-chooser.tsx';
import { defaultLanguageFor, type RunScriptValues } from '../../../components/run-script-form.tsx';
import { setLastRun, useLastRun } from '../last-run-store.ts';
import { useJobQuery, useRunScriptMutation } from '../queries.ts';
import { JobRunView } from './job-run-view.tsx';
import { showJobError } from './show-job-error.ts';

/**
 * Runs a script on one device and follows it live: a library script (scripts.run) or ad-hoc code
 * (jobs.run) above, the job's status, output and outcome below. Long jobs are followed through /events,
 * never timed out by the console. One script at a time from here: Run waits until the last one has ended.
 */
export const RunScriptPanel = ({ device }: { device: Device }) => {
  const { t } = useTranslation();
  const canRunLibrary = useHasPermission('scripts.run');
  const canRunInline = useHasPermission('jobs.run');
  const canListCredentials = useHasPermission('credentials.view');
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
      <RunScriptChooser
        canRunLibrary={canRunLibrary}
        canRunInline={canRunInline}
        target={{
          operatingSystem: scriptOperatingSystemOfPlatform(device.platform),
          organizationId: device.organizationId,
          canListCredentials,
        }}
        defaultLanguage={defaultLanguageFor(device.platform)}
        isDisabled={lastStatus !== undefined && !isTerminalJobStatus(lastStatus)}
        isSubmitting={run.isPending}
        onRun={onRun}
      />
      {lastRun && <JobRunView jobUid={lastRun} />}
    </Stack>
  );
};
