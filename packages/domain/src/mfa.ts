import * as z from 'zod';
import { MfaType, mfaTypes } from './enums.ts';
import { checkMfaCode, MfaCode } from './validators.ts';

/**
 * The second factor at sign-in (issue 14). `POST /auth/login` answers `{mfaRequired, mfaTypes}`; with a
 * factor, only the short-lived MFA-pending cookie is set, and `POST /auth/mfa/verify` makes the session.
 */

/** Recovery codes made at once; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A TOTP code of the neighbouring 30-second step is accepted (a phone's clock a little off). */
export const TOTP_TOLERANCE_SECONDS = 30;
/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'RMM Console';

/** What `POST /auth/mfa/verify` takes: a factor type, or a recovery code. */
export const mfaVerifyTypes = [...mfaTypes, 'RECOVERY_CODE'] as const;
export const MfaVerifyType = z.enum(mfaVerifyTypes);
export type MfaVerifyType = z.infer<typeof MfaVerifyType>;

/** Recovery codes look like `abcd-efgh-jk`: letters and digits that are hard to confuse, in three groups. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/;
export const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

export const mfaMessages = {
  invalidCode: 'The code is not valid or was already used.',
  noPendingSignIn: 'Sign in with your email and password first.',
  notEnrolled: 'This kind of second factor is not set up for your account.',
  setupNotStarted: 'Start the authenticator setup again: its secret has expired or was replaced.',
  alreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another.',
  invalidRecoveryCode: 'Enter a recovery code like abcd-efgh-jk.',
} as const;

export const MfaVerifyRequest = z
  .object({ type: MfaVerifyType, code: z.string().max(64) })
  .strict()
  .superRefine((value, context) => {
    if (value.type === 'TOTP' || value.type === 'SMS_OTP') {
      const result = checkMfaCode(value.code);
      if (!result.ok) context.addIssue({ code: 'custom', path: ['code'], message: result.message });
    } else if (
      value.type === 'RECOVERY_CODE' &&
      !RECOVERY_CODE_PATTERN.test(normalizeRecoveryCode(value.code))
    ) {
      context.addIssue({ code: 'custom', path: ['code'], message: mfaMessages.invalidRecoveryCode });
    }
  });
export type MfaVerifyRequest = z.input<typeof MfaVerifyRequest>;

export const MfaFactor = z.object({
  id: z.number().int(),
  type: MfaType,
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type MfaFactor = z.infer<typeof MfaFactor>;

/** `GET /auth/mfa` (one's own) and `GET /users/{id}/mfa` (an administrator's view). */
export const MfaStatus = z.object({
  factors: z.array(MfaFactor),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof MfaStatus>;

/** `POST /auth/mfa/totp/setup`: the secret to scan (the console draws `otpauthUrl` as a QR code). */
export const TotpSetupResponse = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof TotpSetupResponse>;

export const TotpConfirmRequest = z
  .object({ code: MfaCode, label: z.string().trim().max(100).default('Authenticator app') })
  .strict();
export type TotpConfirmRequest = z.input<typeof TotpConfirmRequest>;

/** Recovery codes are in this answer only: they are stored hashed. */
export const RecoveryCodesResponse = z.object({ codes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponse>;

/** The answer of a confirmed first factor: its recovery codes come with it. */
export const TotpConfirmResponse = z.object({ factor: MfaFactor, recoveryCodes: z.array(z.string()) });
export type TotpConfirmResponse = z.infer<typeof TotpConfirmResponse>;

export const FactorParam = z.object({ factorId: z.coerce.number().int().positive().max(2147483647) });
