import * as z from 'zod';
import { BackupRestoreJobContent, BackupRunJobContent } from './backup.ts';
import { RunAsOption } from './enums.ts';
import { listOf, PageQuery } from './http.ts';
import { Job, JobResult, JobStatus, JobTypeName, parseJobType, UnknownJobTypeError } from './jobs.ts';
import { scriptParameterOf } from './validators.ts';

/**
 * The job calls of spec §7 (POST /webapp/submit/job, GET /webapp/job/{jobUid}) and our own
 * pending-job list. A job is stored before the answer; the agent runs it and sends its result.
 */
export { jobPath, SUBMIT_JOB_PATH } from './api-paths.ts';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** At most this many jobs in one submission (all nodes together). */
export const SUBMIT_MAX_JOBS = 10_000;
/** Script output kept per stream (stdout, stderr); the rest is dropped and `truncated` is set. */
export const JOB_OUTPUT_CAP_BYTES = 1_048_576;
/** Live output is sent to the console in chunks of at most this many bytes. */
export const JOB_OUTPUT_CHUNK_BYTES = 16_384;
export const SCRIPT_MAX_CODE_BYTES = 200_000;
export const SCRIPT_DEFAULT_TIMEOUT_SECONDS = 3600;
export const SCRIPT_MAX_TIMEOUT_SECONDS = 86_400;

/** Languages the agent runs; each maps to an interpreter on the device. */
export const scriptLanguages = ['sh', 'bash', 'python', 'powershell', 'cmd'] as const;
export const ScriptLanguage = /* @__PURE__ */ z.enum(scriptLanguages);
export type ScriptLanguage = z.infer<typeof ScriptLanguage>;

/** Ad-hoc code typed by a technician (needs `jobs.run`). */
export const InlineScript = /* @__PURE__ */ z
  .object({ language: ScriptLanguage, code: z.string().min(1).max(SCRIPT_MAX_CODE_BYTES) })
  .strict();
/** A script of the library as submitted: its newest version unless `version` is given (needs `scripts.run`). */
export const LibraryScriptRef = /* @__PURE__ */ z
  .object({ scriptId: z.number().int().positive(), version: z.number().int().positive().optional() })
  .strict();
/**
 * A library script as the server stores it in the job (and sends it to the agent): the submission's
 * `{scriptId}` resolved to the version that runs, so the job record shows exactly what ran.
 */
export const ResolvedLibraryScript = /* @__PURE__ */ z
  .object({
    scriptId: z.number().int().positive(),
    version: z.number().int().positive(),
    name: z.string(),
    language: ScriptLanguage,
    code: z.string().min(1).max(SCRIPT_MAX_CODE_BYTES),
  })
  .strict();
export type ResolvedLibraryScript = z.infer<typeof ResolvedLibraryScript>;

/** Inline code, a library reference (submitted), or a resolved library script (stored and sent to the agent). */
export const ScriptSource = /* @__PURE__ */ z.union([InlineScript, LibraryScriptRef, ResolvedLibraryScript]);
export type ScriptSource = z.infer<typeof ScriptSource>;

/**
 * Who a script runs as (spec §3 run-as options): one of the options, an organization credential of the
 * device's organization (`{credentialId}`), or a custom local account (`{user}`, trimmed, no password: the
 * agent, running as root/SYSTEM, starts the process as that account). Never a secret: the server looks the
 * credential up when it sends the job and puts it only into the message to the agent (`AgentJobRunAs`).
 */
export const JobRunAs = /* @__PURE__ */ z.union([
  RunAsOption,
  z.object({ credentialId: z.number().int().positive() }).strict(),
  z
    .object({
      user: z
        .string()
        .trim()
        .min(1)
        .max(256)
        .regex(/^[^\s:/\\]+$/, 'A user name has no spaces, colons or slashes.'),
    })
    .strict(),
]);
export type JobRunAs = z.infer<typeof JobRunAs>;

/** ACTION content that runs a script: spec §4 "action". */
export const ScriptJobContent = z
  .object({
    script: ScriptSource,
    /**
     * Arguments passed to the script, each one argument (never joined into a shell line), trimmed and
     * sanitised by the spec's rule (§5).
     */
    parameters: z.array(z.string().max(4000).transform(scriptParameterOf)).max(64).default([]),
    runAs: JobRunAs.default('SYSTEM'),
    timeoutSeconds: z
      .number()
      .int()
      .min(1)
      .max(SCRIPT_MAX_TIMEOUT_SECONDS)
      .default(SCRIPT_DEFAULT_TIMEOUT_SECONDS),
  })
  .strict();
export type ScriptJobContent = z.output<typeof ScriptJobContent>;

/**
 * A script job as a bulk action submits it: the same fields, but run-as and timeout stay unset when not
 * given, so that a library script's own defaults apply (the server fills in the rest as ScriptJobContent).
 */
export const ScriptJobRequest = /* @__PURE__ */ ScriptJobContent.extend({
  runAs: JobRunAs.optional(),
  timeoutSeconds: z.number().int().min(1).max(SCRIPT_MAX_TIMEOUT_SECONDS).optional(),
});
export type ScriptJobRequest = z.output<typeof ScriptJobRequest>;

/** ACTION content of a built-in action. The agent's reboot command is an agent setting. */
export const builtinActions = ['REBOOT'] as const;
export const BuiltinAction = /* @__PURE__ */ z.enum(builtinActions);
export const BuiltinJobContent = /* @__PURE__ */ z.object({ builtin: BuiltinAction }).strict();
export type BuiltinJobContent = z.infer<typeof BuiltinJobContent>;

export const ActionJobContent = /* @__PURE__ */ z.union([ScriptJobContent, BuiltinJobContent]);
export type ActionJobContent = z.output<typeof ActionJobContent>;

/** Any other job type carries an object the agent feature of that type reads. */
const OtherJobContent = /* @__PURE__ */ z.record(z.string(), z.unknown());

/** The content schema of each job type; submitting checks the content against it (see jobContentSchemaFor). */
export const jobContentSchemas: Readonly<Record<JobTypeName, z.ZodType>> = {
  ACTION_SET: OtherJobContent,
  ACTION: ActionJobContent,
  CONDITION: OtherJobContent,
  CONDITION_ACTION_SET: OtherJobContent,
  CONDITION_ACTION: OtherJobContent,
  ANTIVIRUS: OtherJobContent,
  PATCH_MANAGEMENT: OtherJobContent,
  REMOTE_SUPPORT_TOOL: OtherJobContent,
  SOFTWARE_PATCH_MANAGEMENT: OtherJobContent,
  RESTORE: BackupRestoreJobContent,
  BACKUP: BackupRunJobContent,
  VIRTUALIZATION: OtherJobContent,
  REMOTE: OtherJobContent,
  NETWORK_DISCOVERY: OtherJobContent,
  AGENT_DISCOVERY: OtherJobContent,
  MDM: OtherJobContent,
};

/** The schema a job's content is checked against: an ACTION's built-in or script form by its keys. */
export const jobContentSchemaFor = (type: JobTypeName, content: unknown): z.ZodType => {
  if (type !== 'ACTION') return jobContentSchemas[type];
  const isBuiltin = typeof content === 'object' && content !== null && 'builtin' in content;
  return isBuiltin ? BuiltinJobContent : ScriptJobContent;
};

/** Number, digit string or name on the wire; the name after parsing. Unknown types are refused. */
export const SubmittedJobType = /* @__PURE__ */ z.union([z.number(), z.string()]).transform((value, ctx) => {
  try {
    return parseJobType(value);
  } catch (error) {
    if (!(error instanceof UnknownJobTypeError)) throw error;
    ctx.addIssue({ code: 'custom', message: error.message });
    return z.NEVER;
  }
});

/**
 * One job in a submission. Without `jobUid` it is a new job (its status, if given, must be
 * START_REQUESTED). With `jobUid` it changes a stored job: the console cancels by re-submitting
 * the job with the status the cancel rule gives (CANCEL_REQUESTED or CANCELLED).
 */
export const SubmittedJob = z
  .object({
    jobUid: z.string().uuid().optional(),
    jobType: SubmittedJobType,
    jobName: z.string().trim().min(1).max(200),
    jobStatus: JobStatus.optional(),
    content: z.record(z.string(), z.unknown()).default({}),
    message: z.string().max(2000).nullish(),
    /** Same shape as a stored job's `data` (its `message` is {code, params}), so it can be answered back. */
    data: Job.shape.data,
    originalLocation: z.string().max(500).nullish(),
  })
  .strict()
  .superRefine((job, ctx) => {
    if (job.jobUid === undefined) {
      if (job.jobStatus !== undefined && job.jobStatus !== 'START_REQUESTED')
        ctx.addIssue({
          code: 'custom',
          path: ['jobStatus'],
          message: 'A new job starts as START_REQUESTED.',
        });
      const content = jobContentSchemaFor(job.jobType, job.content).safeParse(job.content);
      if (!content.success)
        for (const issue of content.error.issues)
          ctx.addIssue({ code: 'custom', path: ['content', ...issue.path], message: issue.message });
    } else if (job.jobStatus !== 'CANCEL_REQUESTED' && job.jobStatus !== 'CANCELLED') {
      ctx.addIssue({
        code: 'custom',
        path: ['jobStatus'],
        message: 'A stored job can only be cancelled (CANCEL_REQUESTED or CANCELLED).',
      });
    }
  });
export type SubmittedJob = z.output<typeof SubmittedJob>;

export const SubmitJobRequest = z
  .object({
    nodes: z
      .array(z.object({ nodeId: z.number().int().positive(), jobs: z.array(SubmittedJob).min(1) }).strict())
      .min(1)
      .refine((nodes) => nodes.reduce((n, node) => n + node.jobs.length, 0) <= SUBMIT_MAX_JOBS, {
        message: `At most ${SUBMIT_MAX_JOBS} jobs in one submission.`,
      }),
    /**
     * The `cacheExpiration` (epoch ms) of the POST /query/device answer the console acted on.
     * When it has passed, the submission is refused with DEVICE_CACHE_EXPIRED and nothing is stored.
     */
    cacheExpiration: z.number().int().optional(),
  })
  .strict();
export type SubmitJobRequest = z.input<typeof SubmitJobRequest>;

/** A stored job as the API answers it: the spec's Job with its device and times. */
export const StoredJob = /* @__PURE__ */ Job.extend({
  jobType: JobTypeName,
  nodeId: z.number().int(),
  nodeName: z.string(),
  organizationId: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A queued job not delivered by then is marked EXPIRED and never run. */
  expiresAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  jobResult: JobResult.nullable(),
  /** Script results: `{exitCode, stdout, stderr, truncated, errorMessage}`. */
  resultContent: z
    .looseObject({
      errorMessage: z.string().nullish(),
      exitCode: z.number().int().nullish(),
      stdout: z.string().optional(),
      stderr: z.string().optional(),
      truncated: z.boolean().optional(),
    })
    .nullable(),
});
export type StoredJob = z.infer<typeof StoredJob>;

export const SubmitJobResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  status: z.literal('SUCCESS'),
  nodes: z.array(z.object({ nodeId: z.number().int(), jobs: z.array(StoredJob) })),
});
export type SubmitJobResponse = z.infer<typeof SubmitJobResponse>;

/** What happened to a job, in order: created, delivered, acknowledged, output, result, cancel, a losing race. */
export const JobHistoryEntry = /* @__PURE__ */ z.object({
  id: z.number().int(),
  time: z.string(),
  event: z.string(),
  detail: z.string().nullable(),
});
export type JobHistoryEntry = z.infer<typeof JobHistoryEntry>;

export const JobUidParam = /* @__PURE__ */ z.object({ jobUid: z.string().uuid() });
export const GetJobResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  job: StoredJob.extend({ history: z.array(JobHistoryEntry) }),
});
export type GetJobResponse = z.infer<typeof GetJobResponse>;

/** GET /jobs: pending (not finished) jobs by default, for the pending scripts pages. */
export const ListJobsQuery = /* @__PURE__ */ PageQuery.extend({
  organizationId: z.coerce.number().int().positive().optional(),
  nodeId: z.coerce.number().int().positive().optional(),
  /** PENDING = START_REQUESTED, IN_PROGRESS or CANCEL_REQUESTED; ALL = any status. */
  state: z.enum(['PENDING', 'ALL']).default('PENDING'),
  jobType: JobTypeName.optional(),
});
export type ListJobsQuery = z.output<typeof ListJobsQuery>;
export const ListJobsResponse = /* @__PURE__ */ listOf(StoredJob);
export type ListJobsResponse = z.infer<typeof ListJobsResponse>;

/** Error codes of the job calls (beside the generic ones in http.ts). */
export const jobErrorCodes = {
  DEVICE_CACHE_EXPIRED: 409,
  JOB_NOT_FOUND: 404,
  JOB_FINISHED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  SCRIPT_NOT_FOUND: 404,
  /** The script's operating systems do not include the device's (a Windows script for a Linux device). */
  SCRIPT_PLATFORM_MISMATCH: 422,
  /** A parameter value does not fit the library script's parameter (type, required, options). */
  SCRIPT_PARAMETER_INVALID: 422,
  /** The run-as credential is not one of the device's organization (or does not exist). */
  CREDENTIAL_NOT_FOUND: 404,
  /** A Windows, Mac or Linux run-as (a preferred option or a credential of that kind) for another platform. */
  RUN_AS_PLATFORM_MISMATCH: 422,
  /** A preferred run-as option whose organization has no preferred credential of that kind. */
  RUN_AS_NO_PREFERRED_CREDENTIAL: 422,
} as const;
export const jobErrorMessages: Readonly<Record<keyof typeof jobErrorCodes, string>> = {
  DEVICE_CACHE_EXPIRED: 'The device information this was based on has expired. Load the devices again.',
  JOB_NOT_FOUND: 'There is no such job.',
  JOB_FINISHED: 'The job has already finished.',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was used for a different request.',
  SCRIPT_NOT_FOUND: 'There is no such script in the library.',
  SCRIPT_PLATFORM_MISMATCH: "The script does not run on this device's operating system.",
  SCRIPT_PARAMETER_INVALID: "A parameter value does not fit the script's parameter.",
  CREDENTIAL_NOT_FOUND: "There is no such credential for the device's organization.",
  RUN_AS_PLATFORM_MISMATCH: "The run-as does not run on this device's operating system.",
  RUN_AS_NO_PREFERRED_CREDENTIAL: 'The organization has no preferred credential for this run-as.',
};
