import type { SearchAction } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { contentOf, insertNewJobs, type NewJob } from './create.ts';
import { dispatchJobs } from './dispatch.ts';
import { checkScriptPlatforms, libraryRefOf, loadLibraryScripts } from './library-scripts.ts';
import type { JobDevice } from './repository.ts';
import { checkRunAs } from './run-as.ts';

/** The bulk device actions of POST /search/runner/execute-action that create jobs. */
export const jobActions = ['REBOOT', 'RUN_SCRIPT'] as const satisfies readonly SearchAction[];
export type JobAction = (typeof jobActions)[number];
export const isJobAction = (action: SearchAction): action is JobAction =>
  jobActions.some((jobAction) => jobAction === action);
export const defaultJobNameOf: Readonly<Record<JobAction, string>> = {
  REBOOT: 'Reboot',
  RUN_SCRIPT: 'Run script',
};

type Options = {
  db: Db;
  bus: Bus;
  actor: Actor;
  devices: JobDevice[];
  jobName: string;
  /** ACTION content: a script (run-as and timeout unset when not given) or a built-in action. */
  content: Record<string, unknown>;
  jobExpirySeconds: number;
};

/**
 * One ACTION job per device, stored (with an activity each) in one transaction, then sent. A library
 * script is resolved and checked as in a submission: nothing is stored when one device is refused.
 */
export const submitActionJobs = async (options: Options) => {
  const ref = libraryRefOf('ACTION', options.content);
  const library = await loadLibraryScripts(options.db, ref ? [ref] : []);
  const resolved = contentOf('ACTION', options.content, library);
  const expiresAt = new Date(Date.now() + options.jobExpirySeconds * 1000);
  const jobs: NewJob[] = options.devices.map((device) => ({
    device,
    jobType: 'ACTION' as const,
    jobName: options.jobName,
    ...resolved,
  }));
  await checkScriptPlatforms(options.db, jobs);
  await checkRunAs(options.db, jobs);
  const rows = await options.db.transaction((tx) => insertNewJobs(tx, options.actor, jobs, expiresAt));
  dispatchJobs(options.bus, rows);
  return rows.map((row) => row.jobUid);
};
