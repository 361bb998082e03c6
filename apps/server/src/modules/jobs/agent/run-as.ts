import {
  type AgentJobRunAs,
  type CredentialKind,
  credentialKindLabels,
  type JobRunAs,
  runAsOptionLabels,
  type ServerJob,
} from '@rmm/domain';
import type { Db } from '../../../db/database.ts';
import { decryptSecret } from '../../../lib/crypto.ts';
import { findRunAsSecret } from '../../credentials/repository.ts';
import { credentialRefOf, scriptRunAsOf } from '../run-as.ts';

/**
 * The run-as of a job, resolved for its agent by the process that writes to the agent's socket: the
 * credential is read and its password decrypted here, put into that one message, and never stored, logged
 * or published on the bus (which carries the job with its `JobRunAs` reference only).
 */

export const runAsTexts = {
  credentialGone: (runAs: string) =>
    `${runAs}: the credential was deleted after the job was submitted, so the job was not run.`,
  preferredGone: (kind: string) =>
    `No preferred ${kind} credential is set for the device's organization any more, so the job was not run.`,
  undecryptable: (runAs: string) =>
    `${runAs}: the credential's password cannot be decrypted with this server's SECRET_KEY, so the job was not run.`,
} as const;

export type RunAsResolution = { runAs: AgentJobRunAs | undefined } | { failure: string };

const SYSTEM: RunAsResolution = { runAs: undefined };

const accountOf = async (db: Db, secretKey: Buffer, organizationId: number, runAs: JobRunAs) => {
  const ref = credentialRefOf(runAs)!;
  const row = await findRunAsSecret(db, organizationId, ref);
  if (!row) {
    if ('id' in ref) return { failure: runAsTexts.credentialGone(`Credential ${ref.id}`) };
    return { failure: runAsTexts.preferredGone(credentialKindLabels[ref.preferredKind as CredentialKind]) };
  }
  const label =
    typeof runAs === 'string' ? `${runAsOptionLabels[runAs]} (${row.name})` : `Credential '${row.name}'`;
  let password: string;
  try {
    password = decryptSecret(secretKey, row.passwordEncrypted);
  } catch {
    return { failure: runAsTexts.undecryptable(label) };
  }
  const runAsAccount: AgentJobRunAs = { kind: 'account', username: row.username, password, label };
  if (row.domain !== '') runAsAccount.domain = row.domain;
  return { runAs: runAsAccount };
};

/** Who the agent runs this job as; `failure` when a credential it names is gone since the submit. */
export const resolveAgentRunAs = async (
  db: Db,
  secretKey: Buffer,
  organizationId: number,
  job: ServerJob['job'],
): Promise<RunAsResolution> => {
  const runAs = scriptRunAsOf(job);
  if (runAs === undefined || runAs === 'SYSTEM') return SYSTEM;
  if (runAs === 'LOGGED_ON_USER') return { runAs: { kind: 'loggedOnUser' } };
  if (typeof runAs === 'object' && 'user' in runAs)
    return { runAs: { kind: 'account', username: runAs.user } };
  return accountOf(db, secretKey, organizationId, runAs);
};

/** Whether a job needs a lookup before it goes out (most do not). */
export const needsRunAs = (job: ServerJob['job']) => {
  const runAs = scriptRunAsOf(job);
  return runAs !== undefined && runAs !== 'SYSTEM';
};
