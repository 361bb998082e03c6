import {
  type Credential,
  type CredentialKind,
  JobRunAs,
  type RunAsOption,
  runAsOptions,
  type ScriptOperatingSystem,
} from '@rmm/domain';
import type { TFunction } from 'i18next';

/** The run-as picker's value: the script's default, an option, `credential:<id>`, or a user typed in. */
export type RunAsChoice = 'DEFAULT' | RunAsOption | `credential:${number}` | 'CUSTOM';

const credentialPrefix = 'credential:';

/** The JobRunAs a choice sends; the script's default is sent as it is, so the job records what it ran as. */
export const runAsOf = (choice: RunAsChoice, customUser: string, scriptDefault: JobRunAs): JobRunAs => {
  if (choice === 'DEFAULT') return scriptDefault;
  if (choice === 'CUSTOM') return { user: customUser.trim() };
  if (choice.startsWith(credentialPrefix))
    return { credentialId: Number(choice.slice(credentialPrefix.length)) };
  return choice as RunAsOption;
};

export const credentialChoice = (id: number): RunAsChoice => `${credentialPrefix}${id}`;

const customUserSchema = JobRunAs.options[2].shape.user;

/** The message for a custom user name that cannot be sent (trimmed first), or undefined. */
export const checkCustomUser = (user: string): string | undefined => {
  const result = customUserSchema.safeParse(user);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const preferredOptionsOf: Readonly<Record<ScriptOperatingSystem, readonly RunAsOption[]>> = {
  WINDOWS: ['PREFERRED_WINDOWS_LOCAL_ADMIN', 'PREFERRED_WINDOWS_DOMAIN_ADMIN'],
  MAC: ['PREFERRED_MAC_CREDENTIAL'],
  LINUX: ['PREFERRED_LINUX_CREDENTIAL'],
};
const credentialKindsOf: Readonly<Record<ScriptOperatingSystem, readonly CredentialKind[]>> = {
  WINDOWS: ['WINDOWS_LOCAL_ADMIN', 'WINDOWS_DOMAIN_ADMIN'],
  MAC: ['MAC'],
  LINUX: ['LINUX'],
};

/**
 * The options that fit the devices' operating system: a Windows preferred credential is no use on Linux
 * (the server refuses it with RUN_AS_PLATFORM_MISMATCH). Unknown or mixed systems: every option.
 */
export const runAsOptionsFor = (os: ScriptOperatingSystem | undefined): RunAsOption[] =>
  runAsOptions.filter(
    (option) =>
      !option.startsWith('PREFERRED_') || os === undefined || preferredOptionsOf[os].includes(option),
  );

export const credentialsFor = (credentials: Credential[], os: ScriptOperatingSystem | undefined) =>
  os === undefined ? credentials : credentials.filter((c) => credentialKindsOf[os].includes(c.kind));

/** A run-as in words, never a secret: an option's label, a credential's name and kind, or the user name. */
export const describeRunAs = (t: TFunction, runAs: JobRunAs, credentials: readonly Credential[] = []) => {
  if (typeof runAs === 'string') return t(`runScript.runAs.option.${runAs}`);
  if ('user' in runAs) return t('runScript.runAs.user', { user: runAs.user });
  const credential = credentials.find((c) => c.id === runAs.credentialId);
  return credential
    ? t('runScript.runAs.credential', {
        name: credential.name,
        kind: t(`runScript.credentialKind.${credential.kind}`),
      })
    : t('runScript.runAs.credentialId', { id: runAs.credentialId });
};
