import type { Condition, JobRunAs, ResolvedLibraryScript, RunAs } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { DomainError } from '../../lib/errors.ts';
import type { NewActivity } from '../activities/repository.ts';
import type { AlertRow } from '../alerts/mapper.ts';
import { type DeviceRef, MONITORING } from '../alerts/transitions.ts';
import { contentOf, insertNewJobs, type NewJob } from '../jobs/create.ts';
import { checkScriptPlatforms, loadLibraryScripts } from '../jobs/library-scripts.ts';
import type { JobRow } from '../jobs/mapper.ts';
import { checkRunAs } from '../jobs/run-as.ts';

/**
 * A condition's automations (library scripts with a run-as) run on the device once per trigger: the jobs are
 * stored in the transaction that raises the alert, through the jobs module as a submission stores them (the
 * script resolved to its newest version, its platforms and run-as checked), and sent after the commit. An
 * automation that cannot run (script deleted, wrong platform, no credential) stores no job; a FAILURE activity
 * of the device says why, and the alert is raised all the same.
 */

export const jobRunAsOf = (runAs: RunAs | undefined): JobRunAs | undefined => {
  if (!runAs) return undefined;
  if (runAs.kind === 'option') return runAs.option;
  if (runAs.kind === 'organizationCredential') return { credentialId: runAs.credentialId };
  return { user: runAs.value };
};

type Raised = { alert: AlertRow; condition: Condition; device: DeviceRef };

const failure = (raised: Raised, scriptId: number, error: string): NewActivity => ({
  actorId: MONITORING.id,
  actorName: MONITORING.email,
  action: 'alert.automation',
  targetType: 'device',
  targetId: raised.device.id,
  targetName: raised.device.displayName,
  organizationId: raised.device.organizationId,
  organizationName: raised.device.organizationName,
  outcome: 'FAILURE',
  detail: `${raised.condition.name}: script ${scriptId} was not run: ${error}`.slice(0, 1000),
});

/** The automation jobs of newly raised alerts, stored in the caller's transaction; refusals as activities. */
export const storeAutomationJobs = async (
  tx: DbOrTx,
  raised: readonly Raised[],
  expiresAt: Date,
): Promise<{ jobs: JobRow[]; refusals: NewActivity[] }> => {
  const jobs: NewJob[] = [];
  const refusals: NewActivity[] = [];
  for (const entry of raised) {
    for (const automation of entry.condition.automations) {
      try {
        const library = await loadLibraryScripts(tx, [{ scriptId: automation.scriptId }]);
        const runAs = jobRunAsOf(automation.runAs);
        const resolved = contentOf(
          'ACTION',
          { script: { scriptId: automation.scriptId }, ...(runAs === undefined ? {} : { runAs }) },
          library,
        );
        const script = resolved.content.script as ResolvedLibraryScript;
        const job: NewJob = {
          device: entry.device,
          jobType: 'ACTION',
          jobName: `${entry.condition.name}: ${script.name}`.slice(0, 200),
          content: resolved.content,
          data: { alertId: entry.alert.id, conditionId: entry.condition.id },
          ...(resolved.scriptOperatingSystems
            ? { scriptOperatingSystems: resolved.scriptOperatingSystems }
            : {}),
        };
        await checkScriptPlatforms(tx, [job]);
        await checkRunAs(tx, [job]);
        jobs.push(job);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refusals.push(failure(entry, automation.scriptId, error.message));
      }
    }
  }
  return { jobs: await insertNewJobs(tx, MONITORING, jobs, expiresAt), refusals };
};
