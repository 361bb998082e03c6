import * as z from 'zod';
import { jobStatuses, jobTypeNames, jobTypeNumbers } from './job-types.ts';
import type { Permission } from './permissions.ts';

export {
  isTerminalJobStatus,
  jobStatuses,
  jobTypeNames,
  jobTypeNumbers,
  terminalJobStatuses,
} from './job-types.ts';

/** Spec §3 Job and §4 job states: statuses, results, the 16 job types and the cancel rule. */

export const JobStatus = /* @__PURE__ */ z.enum(jobStatuses);
export type JobStatus = z.infer<typeof JobStatus>;

/** Allowed status changes; a terminal status never changes again. */
export const jobStatusTransitions: Readonly<Record<JobStatus, readonly JobStatus[]>> = {
  START_REQUESTED: ['IN_PROGRESS', 'CANCEL_REQUESTED', 'CANCELLED', 'COMPLETED', 'EXPIRED'],
  IN_PROGRESS: ['CANCEL_REQUESTED', 'CANCELLED', 'COMPLETED', 'EXPIRED'],
  CANCEL_REQUESTED: ['CANCELLED', 'COMPLETED', 'EXPIRED'],
  CANCELLED: [],
  COMPLETED: [],
  EXPIRED: [],
};
export const canChangeJobStatus = (from: JobStatus, to: JobStatus): boolean =>
  jobStatusTransitions[from].includes(to);

/** A completed job ends with SUCCESS or FAILURE. */
export const jobResults = ['SUCCESS', 'FAILURE'] as const;
export const JobResult = /* @__PURE__ */ z.enum(jobResults);
export type JobResult = z.infer<typeof JobResult>;

export type JobTypeName = keyof typeof jobTypeNumbers;
export type JobTypeNumber = (typeof jobTypeNumbers)[JobTypeName];
export const JobTypeName = /* @__PURE__ */ z.enum(jobTypeNames);
export const JobTypeNumber = /* @__PURE__ */ z.literal(
  Object.values(jobTypeNumbers) as [JobTypeNumber, ...JobTypeNumber[]],
);
/** As sent on the wire: the number or the name. */
export const JobTypeRef = /* @__PURE__ */ z.union([JobTypeNumber, JobTypeName]);
export type JobTypeRef = z.infer<typeof JobTypeRef>;

export class UnknownJobTypeError extends Error {
  readonly code = 'UNKNOWN_JOB_TYPE';
  constructor(readonly value: unknown) {
    super(`Unknown job type: ${String(value)}`);
    this.name = 'UnknownJobTypeError';
  }
}

const numberToName = new Map<number, JobTypeName>(
  jobTypeNames.map((name): [number, JobTypeName] => [jobTypeNumbers[name], name]),
);

export const jobTypeFromNumber = (value: number): JobTypeName => {
  const name = numberToName.get(value);
  if (name === undefined) throw new UnknownJobTypeError(value);
  return name;
};

export const jobTypeFromName = (value: string): JobTypeNumber => {
  if (!Object.hasOwn(jobTypeNumbers, value)) throw new UnknownJobTypeError(value);
  return jobTypeNumbers[value as JobTypeName];
};

/** A number, a digit string ("11") or a name gives the name; anything else throws. */
export const parseJobType = (value: unknown): JobTypeName => {
  if (typeof value === 'number') return jobTypeFromNumber(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return jobTypeFromNumber(Number(value));
  if (typeof value === 'string') {
    jobTypeFromName(value);
    return value as JobTypeName;
  }
  throw new UnknownJobTypeError(value);
};

export const restoreTypes = [
  'FILE',
  'BATCH',
  'EXTRACT',
  'VIRTUAL_DISK',
  'PHYSICAL_DISK',
  'FILE_FOLDER',
] as const;
export const RestoreType = /* @__PURE__ */ z.enum(restoreTypes);
export type RestoreType = z.infer<typeof RestoreType>;

/** Restore types whose cancel must go through the agent (CANCEL_REQUESTED). */
export const diskOrFileRestoreTypes = [
  'FILE',
  'FILE_FOLDER',
  'VIRTUAL_DISK',
  'PHYSICAL_DISK',
] as const satisfies readonly RestoreType[];

export const isDiskOrFileRestore = (restoreType: unknown): boolean =>
  diskOrFileRestoreTypes.some((type) => type === restoreType);

export type CancellableJob = { jobType: JobTypeRef; content?: unknown };

const restoreTypeOf = (content: unknown): unknown =>
  typeof content === 'object' && content !== null && 'restoreType' in content
    ? content.restoreType
    : undefined;

/** Backup, disk-or-file restore and remote-connect jobs are asked to cancel; any other job is cancelled. */
export const cancelStatusFor = (job: CancellableJob): 'CANCEL_REQUESTED' | 'CANCELLED' => {
  const type = parseJobType(job.jobType);
  const isAskedToCancel =
    type === 'BACKUP' ||
    type === 'REMOTE' ||
    (type === 'RESTORE' && isDiskOrFileRestore(restoreTypeOf(job.content)));
  return isAskedToCancel ? 'CANCEL_REQUESTED' : 'CANCELLED';
};

/**
 * The backup permission a job needs besides jobs.run (to submit) or jobs.cancel (to cancel), spec §6:
 * restore jobs (and a backup-engine RESTORE action) need backup.viewAndRestore; backup, upsync and
 * integrity-check jobs need backup.viewAndManage. Other jobs need none.
 */
export const backupPermissionFor = (
  job: CancellableJob,
): 'backup.viewAndRestore' | 'backup.viewAndManage' | undefined => {
  const type = parseJobType(job.jobType);
  if (type === 'RESTORE') return 'backup.viewAndRestore';
  if (type !== 'BACKUP') return undefined;
  const content = job.content as { actionType?: unknown } | null | undefined;
  return content?.actionType === 'STRATA_RESTORE' ? 'backup.viewAndRestore' : 'backup.viewAndManage';
};

/** An ACTION that runs a script of the library (`content.script.scriptId`), not code typed in. */
export const isLibraryScriptJob = (job: CancellableJob): boolean => {
  if (parseJobType(job.jobType) !== 'ACTION') return false;
  const script = (job.content as { script?: unknown } | null | undefined)?.script;
  return typeof script === 'object' && script !== null && 'scriptId' in script;
};

/** Running a library script takes scripts.run; any other new job (ad-hoc code too) takes jobs.run. */
export const jobRunPermissionFor = (job: CancellableJob): 'jobs.run' | 'scripts.run' =>
  isLibraryScriptJob(job) ? 'scripts.run' : 'jobs.run';

/** Every permission submitting (or cancelling) this job takes. */
export const jobPermissionsFor = (job: CancellableJob, action: 'submit' | 'cancel'): Permission[] => {
  const backup = backupPermissionFor(job);
  const base: Permission = action === 'submit' ? jobRunPermissionFor(job) : 'jobs.cancel';
  return backup ? [base, backup] : [base];
};

export const JobMessage = /* @__PURE__ */ z.object({
  code: z.string(),
  params: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).optional(),
});
export type JobMessage = z.infer<typeof JobMessage>;

export const Job = /* @__PURE__ */ z.object({
  jobUid: z.string().min(1),
  jobType: JobTypeRef,
  jobStatus: JobStatus,
  jobName: z.string(),
  message: z.string().nullish(),
  data: z.looseObject({ message: JobMessage.nullish() }).nullish(),
  content: z.record(z.string(), z.unknown()).nullish(),
  appUserId: z.number().int().nullish(),
  activityStatus: z.string().nullish(),
  originalLocation: z.string().nullish(),
  jobResult: JobResult.nullish(),
  resultContent: z.looseObject({ errorMessage: z.string().nullish() }).nullish(),
});
export type Job = z.infer<typeof Job>;
