import {
  type AgentPlatform,
  type CredentialKind,
  credentialKindLabels,
  type JobRunAs,
  preferredRunAsOf,
  type RunAsOption,
  runAsOptionLabels,
} from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import { findRunAsCredential, type RunAsCredentialRef } from '../credentials/repository.ts';
import type { NewJob } from './create.ts';
import { jobError } from './errors.ts';
import { findDevicePlatforms } from './repository.ts';

/**
 * Run-as of script jobs (spec §3), checked when a job is submitted: a credential of the device's
 * organization, a preferred credential that is set, and a run-as for the device's platform. The job
 * keeps only the reference (`JobRunAs`); the password is looked up when the job is sent to its agent.
 */

/** The credential kind a preferred run-as option stands for. */
export const preferredKindOf = Object.fromEntries(
  Object.entries(preferredRunAsOf).map(([kind, option]) => [option, kind]),
) as Partial<Record<RunAsOption, CredentialKind>>;

const platformOfKind: Readonly<Record<CredentialKind, AgentPlatform>> = {
  WINDOWS_LOCAL_ADMIN: 'win32',
  WINDOWS_DOMAIN_ADMIN: 'win32',
  MAC: 'darwin',
  LINUX: 'linux',
};
const platformNames: Readonly<Record<AgentPlatform, string>> = {
  win32: 'Windows',
  darwin: 'Mac',
  linux: 'Linux',
  other: 'an unknown operating system',
};

/** The run-as of an ACTION script job; undefined for any other job. */
export const scriptRunAsOf = (job: { jobType: string; content: Record<string, unknown> }) =>
  job.jobType === 'ACTION' && 'script' in job.content
    ? (job.content.runAs as JobRunAs | undefined)
    : undefined;

/** The credential a run-as names, if it names one. */
export const credentialRefOf = (runAs: JobRunAs): RunAsCredentialRef | undefined => {
  if (typeof runAs !== 'string') return 'credentialId' in runAs ? { id: runAs.credentialId } : undefined;
  const kind = preferredKindOf[runAs];
  return kind ? { preferredKind: kind } : undefined;
};

type Check = { job: NewJob; runAs: JobRunAs; ref: RunAsCredentialRef };

const checkOne = async (db: DbOrTx, { job, runAs, ref }: Check, platform: string | undefined) => {
  const { device } = job;
  const credential = await findRunAsCredential(db, device.organizationId, ref);
  if (!credential && 'id' in ref) throw jobError('CREDENTIAL_NOT_FOUND');
  const kind = (credential?.kind ??
    (ref as { preferredKind: CredentialKind }).preferredKind) as CredentialKind;
  const label =
    typeof runAs === 'string'
      ? runAsOptionLabels[runAs]
      : `The ${credentialKindLabels[kind]} credential '${credential!.name}'`;
  const needed = platformOfKind[kind];
  // A device whose agent has not said its platform yet ('other') is not refused: its agent decides.
  if (platform && platform !== 'other' && platform !== needed)
    throw jobError(
      'RUN_AS_PLATFORM_MISMATCH',
      `${label} runs only on ${platformNames[needed]} devices (${device.displayName} runs ${platformNames[platform as AgentPlatform] ?? platform}).`,
    );
  if (!credential)
    throw jobError(
      'RUN_AS_NO_PREFERRED_CREDENTIAL',
      `No preferred ${credentialKindLabels[kind]} credential is set for organization ${device.organizationName}.`,
    );
};

/**
 * Refuses the submission (nothing is stored) when a script job's run-as names a credential the device's
 * organization does not have, a preferred credential it has not set, or another platform's account.
 * Costs no query when every job runs as system, the logged-on user or a custom user.
 */
export const checkRunAs = async (db: DbOrTx, jobs: NewJob[]) => {
  const checks = jobs.flatMap((job): Check[] => {
    const runAs = scriptRunAsOf(job);
    const ref = runAs && credentialRefOf(runAs);
    return runAs && ref ? [{ job, runAs, ref }] : [];
  });
  if (checks.length === 0) return;
  const deviceIds = [...new Set(checks.map((check) => check.job.device.id))];
  const platforms = new Map((await findDevicePlatforms(db, deviceIds)).map((row) => [row.id, row.platform]));
  const done = new Set<string>();
  for (const check of checks) {
    const key = JSON.stringify([
      check.job.device.organizationId,
      check.ref,
      platforms.get(check.job.device.id),
    ]);
    if (done.has(key)) continue; // a fan-out checks each organization's credential once per platform
    done.add(key);
    await checkOne(db, check, platforms.get(check.job.device.id));
  }
};
