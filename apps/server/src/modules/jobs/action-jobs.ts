import type { SearchAction } from '@rmm/domain';
import type { Bus } from '../../bus/index.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { contentOf, insertNewJobs } from './create.ts';
import { dispatchJobs } from './dispatch.ts';
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
  /** ACTION content: a script or a built-in action. */
  content: Record<string, unknown>;
  jobExpirySeconds: number;
};

/** One ACTION job per device, stored (with an activity each) in one transaction, then sent. */
export const submitActionJobs = async (options: Options) => {
  const content = contentOf('ACTION', options.content);
  const expiresAt = new Date(Date.now() + options.jobExpirySeconds * 1000);
  const jobs = options.devices.map((device) => ({
    device,
    jobType: 'ACTION' as const,
    jobName: options.jobName,
    content,
  }));
  await checkRunAs(options.db, jobs);
  const rows = await options.db.transaction((tx) => insertNewJobs(tx, options.actor, jobs, expiresAt));
  dispatchJobs(options.bus, rows);
  return rows.map((row) => row.jobUid);
};
