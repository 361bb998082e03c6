import {
  ActionJobContent,
  BackupRestoreJobContent,
  BackupRunJobContent,
  JOB_OUTPUT_CAP_BYTES,
  JOB_OUTPUT_CHUNK_BYTES,
  jobTypeNumbers,
  SUBMIT_MAX_JOBS,
} from '@rmm/domain';
import { z } from 'zod';

const typeList = Object.entries(jobTypeNumbers)
  .map(([name, number]) => `${number} ${name}`)
  .join(', ');

const jsonSchemaOf = (schema: z.ZodType) => JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2);
const actionContentSchema = jsonSchemaOf(ActionJobContent);
const backupContentSchema = jsonSchemaOf(BackupRunJobContent);
const restoreContentSchema = jsonSchemaOf(BackupRestoreJobContent);

/** Types whose content has no schema of its own yet: any JSON object, stored and passed on as sent. */
const freeFormTypes = Object.keys(jobTypeNumbers)
  .filter((name) => !['ACTION', 'BACKUP', 'RESTORE'].includes(name))
  .join(', ');

/** The submit call's documentation, generated from the domain so that it cannot go stale. */
export const submitJobDescription = `
Stores every job before it answers; the device's agent gets it at once when it is connected,
otherwise when it next connects (unfinished jobs are sent in creation order). A job not delivered
within \`JOB_EXPIRY_SECONDS\` is marked \`EXPIRED\` and never run. At most ${SUBMIT_MAX_JOBS} jobs per call.

**Job types** (number or name): ${typeList}. An unknown type is refused (400, the field named) and nothing is stored.

**New job**: no \`jobUid\`; \`jobStatus\` absent or \`START_REQUESTED\`; \`content\` is checked against
the job type's schema. Needs \`jobs.run\` (a library script: \`scripts.run\`).

**ACTION content** runs a script or a built-in action:

\`\`\`json
${actionContentSchema}
\`\`\`

\`script\` is inline \`{language, code}\` (languages sh, bash, python, powershell, cmd; needs \`jobs.run\`) or a
library script \`{scriptId, version?}\` (needs \`scripts.run\`): its newest version unless \`version\` is given
(404 \`SCRIPT_NOT_FOUND\` / \`SCRIPT_VERSION_NOT_FOUND\`), stored and sent as \`{scriptId, version, name, language,
code}\`. The device must run one of the script's operating systems (422 \`SCRIPT_PLATFORM_MISMATCH\`); \`parameters\`
are the values of its parameters in order, '' or missing taking the default, each checked against its type (422
\`SCRIPT_PARAMETER_INVALID\`); \`runAs\` and \`timeoutSeconds\` not given are the script's defaults.
\`parameters\` are passed as separate arguments. \`{"builtin": "REBOOT"}\` restarts the device.
The result's \`resultContent\` holds \`exitCode\`, \`stdout\`, \`stderr\` (each kept up to
${JOB_OUTPUT_CAP_BYTES} bytes, \`JOB_OUTPUT_CAP_BYTES\`; \`truncated\` is then true) and \`errorMessage\`;
result SUCCESS means exit code 0. Live output reaches the console's \`/events\` socket as \`job.output\`
events in chunks of at most ${JOB_OUTPUT_CHUNK_BYTES} bytes.

**BACKUP content** starts a backup plan's run (STRATA_BACKUP, STRATA_UPSYNC or STRATA_INTEGRITY_CHECK):

\`\`\`json
${backupContentSchema}
\`\`\`

**RESTORE content** restores from a backup:

\`\`\`json
${restoreContentSchema}
\`\`\`

The agent runs BACKUP and RESTORE jobs of file and folder plans with the backup engine: the server sends
it the plan, its repositories and the organization's keys with the job (never stored). The result's
\`resultContent\` holds \`stdout\`, \`stderr\` and \`errorMessage\` as for ACTION jobs, and \`backup\`: what
the job did (the new revision and its stats, the revisions retention forgot, the upsynced revisions, the
integrity verdict, the files restored). Progress reaches the console's \`/events\` socket as
\`backup.progress\` events. An EXTRACT restore's zip is downloaded through the signed URL of
\`GET /backup/strata/extracts/{jobUid}\` once the job completed. Image plans and VIRTUAL_DISK or
PHYSICAL_DISK restores are refused (422) at submit.

**Content of the other types** (${freeFormTypes}): a JSON object, stored and passed to the agent
as sent. The agent of this release runs ACTION, BACKUP and RESTORE jobs; a job of any other type ends
\`COMPLETED\` with result \`FAILURE\` and the \`errorMessage\` "This agent cannot run TYPE jobs yet."

**Cancel**: re-submit the job with its \`jobUid\` and \`jobStatus\` \`CANCEL_REQUESTED\` or \`CANCELLED\`
(needs \`jobs.cancel\`). A job its agent has not acknowledged becomes CANCELLED; otherwise backup,
disk-or-file restore and remote jobs become CANCEL_REQUESTED until the agent stops them, any other
job CANCELLED. A finished job answers 409 \`JOB_FINISHED\`.

**cacheExpiration**: when the device answer this was based on has expired, 409 \`DEVICE_CACHE_EXPIRED\`.

**Idempotency-Key** header: a retry with the same key and body answers the stored answer; the same
key with another body answers 422 \`IDEMPOTENCY_KEY_REUSED\`. Keys are kept \`IDEMPOTENCY_KEY_TTL_HOURS\`.
`;
