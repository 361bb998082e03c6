import * as z from 'zod';
import { MfaType, mfaTypes } from './enums.ts';
import { PASSWORD_MIN_LENGTH } from './users.ts';

/**
 * Security settings (issue 14, item 5): `GET/PUT /settings/security`, stored in settings like the feature
 * flags. MFA required for every technician (those without a factor set one up at their next sign-in),
 * the factor types allowed, the password policy, and the session idle timeout.
 */

export const PASSWORD_MAX_POLICY_LENGTH = 128;
export const SESSION_IDLE_MIN_MINUTES = 5;
export const SESSION_IDLE_MAX_MINUTES = 1440;

export const securityMessages = {
  typeNotAllowed: (type: string) =>
    `An administrator does not allow this kind of second factor (${type}). Choose another one.`,
  atLeastOneType: 'Allow at least one kind of second factor.',
  requiredNeedsTotp:
    'MFA required needs authenticator apps (TOTP) allowed: technicians without a factor set one up at sign-in.',
  passwordTooShort: (min: number) => `The password must be at least ${min} characters.`,
  passwordBreached:
    'This password is in a list of common leaked passwords. Choose another one, like a few unrelated words.',
} as const;

export const SecuritySettings = /* @__PURE__ */ z.object({
  mfaRequired: z.boolean(),
  allowedMfaTypes: z
    .array(MfaType)
    .min(1, securityMessages.atLeastOneType)
    .max(mfaTypes.length)
    .refine((types) => new Set(types).size === types.length, { message: 'Each type once.' }),
  passwordMinLength: z.number().int().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_POLICY_LENGTH),
  checkBreachedPasswords: z.boolean(),
  sessionIdleMinutes: z.number().int().min(SESSION_IDLE_MIN_MINUTES).max(SESSION_IDLE_MAX_MINUTES),
});
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const defaultSecuritySettings: SecuritySettings = {
  mfaRequired: false,
  allowedMfaTypes: [...mfaTypes],
  passwordMinLength: PASSWORD_MIN_LENGTH,
  checkBreachedPasswords: true,
  sessionIdleMinutes: 480,
};

/** `PUT /settings/security`: only the fields to change. */
export const UpdateSecuritySettingsRequest = /* @__PURE__ */ SecuritySettings.partial().strict();
export type UpdateSecuritySettingsRequest = z.infer<typeof UpdateSecuritySettingsRequest>;
