import * as z from 'zod';
import type { RunAsOption } from './enums.ts';
import { messages } from './messages.ts';

/**
 * Organization credentials (issue 15, item 3): accounts a script may run as on an organization's devices.
 * The password is write-only: stored encrypted, never answered, sent to an agent only inside the job that
 * needs it. Each kind has at most one preferred credential per organization, which the matching run-as
 * option of spec §3 ("preferred Windows local admin", …) uses.
 */

export const credentialKinds = ['WINDOWS_LOCAL_ADMIN', 'WINDOWS_DOMAIN_ADMIN', 'MAC', 'LINUX'] as const;
export const CredentialKind = z.enum(credentialKinds);
export type CredentialKind = z.infer<typeof CredentialKind>;

export const credentialKindLabels: Readonly<Record<CredentialKind, string>> = {
  WINDOWS_LOCAL_ADMIN: 'Windows local admin',
  WINDOWS_DOMAIN_ADMIN: 'Windows domain admin',
  MAC: 'Mac',
  LINUX: 'Linux',
};

/** The run-as option of spec §3 that a preferred credential of this kind stands for. */
export const preferredRunAsOf: Readonly<Record<CredentialKind, RunAsOption>> = {
  WINDOWS_LOCAL_ADMIN: 'PREFERRED_WINDOWS_LOCAL_ADMIN',
  WINDOWS_DOMAIN_ADMIN: 'PREFERRED_WINDOWS_DOMAIN_ADMIN',
  MAC: 'PREFERRED_MAC_CREDENTIAL',
  LINUX: 'PREFERRED_LINUX_CREDENTIAL',
};

export const credentialMessages = {
  loadError: messages.credentials.loadError,
  passwordRequired: 'A new credential needs a password.',
  domainRequired: 'A Windows domain admin credential needs its domain.',
} as const;

export const Credential = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  kind: CredentialKind,
  username: z.string(),
  domain: z.string(),
  preferred: z.boolean(),
  /** Always true: the password itself is never answered. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Credential = z.infer<typeof Credential>;

/** `GET /credential/organization/{id}/list` (spec §7): `resultCode` and `credentials`. */
export const ListCredentialsResponse = z.object({
  resultCode: z.literal('SUCCESS'),
  credentials: z.array(Credential),
});
export type ListCredentialsResponse = z.infer<typeof ListCredentialsResponse>;

const fields = {
  name: z.string().trim().min(1).max(200),
  kind: CredentialKind,
  username: z.string().trim().min(1).max(256),
  domain: z.string().trim().max(256).default(''),
  preferred: z.boolean().default(false),
};

const domainRule = (value: { kind: CredentialKind; domain: string }, context: z.RefinementCtx) => {
  if (value.kind === 'WINDOWS_DOMAIN_ADMIN' && value.domain === '')
    context.addIssue({ code: 'custom', path: ['domain'], message: credentialMessages.domainRequired });
};

/** A password is at most 1,024 characters and kept as typed (no trimming: spaces may be part of it). */
const password = z.string().min(1).max(1024);

export const CreateCredentialRequest = z
  .object({ ...fields, password })
  .strict()
  .superRefine(domainRule);
export type CreateCredentialRequest = z.input<typeof CreateCredentialRequest>;

/** Without `password`, the stored one is kept. */
export const UpdateCredentialRequest = z
  .object({ ...fields, password: password.optional() })
  .strict()
  .superRefine(domainRule);
export type UpdateCredentialRequest = z.input<typeof UpdateCredentialRequest>;

export const CredentialIdParam = z.object({
  credentialId: z.coerce.number().int().positive().max(2147483647),
});
