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
/** A text-message code works for this long, once. */
export const SMS_CODE_TTL_SECONDS = 300;
/** Wrong entries of one text-message code before it is spent (a new one must be sent). */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** A Duo push answered within this long signs in (Duo itself gives up on a push after 60 s). */
export const DUO_PUSH_TTL_SECONDS = 300;

/** Security keys (WebAuthn, `U2F_TOKEN`): the name browsers show, and how long a challenge is good for. */
export const WEBAUTHN_RP_NAME = 'RMM Console';
export const WEBAUTHN_CHALLENGE_MINUTES = 5;
/** A security key's answer, sent as the `code` of `POST /auth/mfa/verify` (JSON text), is at most this long. */
export const U2F_RESPONSE_MAX_LENGTH = 16_384;
/** Other codes (TOTP, SMS, recovery) are short. */
export const MFA_CODE_MAX_LENGTH = 64;

/**
 * What `POST /auth/mfa/verify` takes: a factor type, or a recovery code. `code` is the 6-digit code for
 * TOTP and SMS_OTP, the recovery code, or for DUO the `txid` that `POST /auth/mfa/duo/push` answered.
 */
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
  securityKeyRefused: "The security key's answer could not be verified. Try again.",
  securityKeyNotStarted: 'Start adding the security key again: its request has expired or was already used.',
  securityKeyAlreadyRegistered: 'This security key is already registered.',
  noSecurityKey: 'No security key is set up for your account.',
  invalidPhone: 'Enter the phone number in international format, like +15551234567.',
  smsNotConfigured: 'SMS is not configured on this server',
  smsAlreadyEnrolled: 'A phone is already set up for text messages. Remove it first to set up another.',
  smsSetupNotStarted: 'Start the text message setup again: its code has expired or was replaced.',
  smsSendFailed: 'The text message could not be sent. Try again later, or use another factor.',
  tooSoon: 'Wait a little before asking for another one.',
  duoNotConfigured: 'Duo is not configured on this server',
  duoAlreadyEnrolled: 'Duo is already set up for your account.',
  duoUnavailable: 'Duo did not answer. Try again later, or use another factor.',
  invalidDuoTransaction: 'Start a Duo push first.',
} as const;

/** E.164: a plus, a country code and the number, at most 15 digits (spaces, dots, dashes and brackets are dropped). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const normalizePhone = (text: string) => text.replace(/[\s().-]/g, '');
export const PhoneNumber = z
  .string()
  .max(40)
  .transform(normalizePhone)
  .refine((phone) => E164_PATTERN.test(phone), { message: mfaMessages.invalidPhone });

/** A Duo transaction id (`txid`, a UUID in Duo's answers). */
export const DUO_TXID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;

export const MfaVerifyRequest = z
  .object({ type: MfaVerifyType, code: z.string().max(U2F_RESPONSE_MAX_LENGTH) })
  .strict()
  .superRefine((value, context) => {
    // Only a security key's answer (JSON of the WebAuthn assertion) is long.
    if (value.type !== 'U2F_TOKEN' && value.code.length > MFA_CODE_MAX_LENGTH) {
      context.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: MFA_CODE_MAX_LENGTH,
        inclusive: true,
        path: ['code'],
        message: `Too long: at most ${MFA_CODE_MAX_LENGTH} characters`,
      });
    } else if (value.type === 'TOTP' || value.type === 'SMS_OTP') {
      const result = checkMfaCode(value.code);
      if (!result.ok) context.addIssue({ code: 'custom', path: ['code'], message: result.message });
    } else if (value.type === 'DUO' && !DUO_TXID_PATTERN.test(value.code)) {
      context.addIssue({ code: 'custom', path: ['code'], message: mfaMessages.invalidDuoTransaction });
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

/** Base64url text, as WebAuthn's JSON forms carry binary values. */
const Base64Url = z
  .string()
  .max(U2F_RESPONSE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9_-]*$/);

/** A browser's `PublicKeyCredential.toJSON()` of `navigator.credentials.create()` (registration). */
export const WebAuthnRegistrationResponse = z.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: Base64Url,
    attestationObject: Base64Url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
});
export type WebAuthnRegistrationResponse = z.input<typeof WebAuthnRegistrationResponse>;

/** A browser's `PublicKeyCredential.toJSON()` of `navigator.credentials.get()`: the verify call's `code`, as JSON text. */
export const WebAuthnAuthenticationResponse = z.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: Base64Url,
    authenticatorData: Base64Url,
    signature: Base64Url,
    userHandle: Base64Url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
});
export type WebAuthnAuthenticationResponse = z.input<typeof WebAuthnAuthenticationResponse>;

/** `POST /auth/mfa/webauthn/register/verify`: the key's answer and a name for it. */
export const WebAuthnRegisterRequest = z
  .object({
    response: WebAuthnRegistrationResponse,
    label: z.string().trim().max(100).default('Security key'),
  })
  .strict();
export type WebAuthnRegisterRequest = z.input<typeof WebAuthnRegisterRequest>;

/**
 * The options for `navigator.credentials.create()` / `.get()` in their JSON form (WebAuthn's
 * `PublicKeyCredentialCreationOptionsJSON` / `PublicKeyCredentialRequestOptionsJSON`; the browser's
 * `PublicKeyCredential.parse*OptionsFromJSON` or @simplewebauthn/browser takes them as they are).
 */
export const WebAuthnOptionsResponse = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
});
export type WebAuthnOptionsResponse = z.infer<typeof WebAuthnOptionsResponse>;
/** `POST /auth/mfa/sms/setup`: the phone to text a first code to. */
export const SmsSetupRequest = z.object({ phone: PhoneNumber }).strict();
export type SmsSetupRequest = z.input<typeof SmsSetupRequest>;

/** Without a label, the factor is named after the phone: `Text message to +•••••••4567`. */
export const SmsConfirmRequest = z
  .object({ code: MfaCode, label: z.string().trim().max(100).optional() })
  .strict();
export type SmsConfirmRequest = z.input<typeof SmsConfirmRequest>;

/** A code was sent (setup, or `POST /auth/mfa/sms/send` at sign-in): to which phone, shown masked. */
export const SmsSentResponse = z.object({
  sentTo: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type SmsSentResponse = z.infer<typeof SmsSentResponse>;

/** `POST /auth/mfa/duo/push`: the push's transaction, to send to `POST /auth/mfa/verify` as `{type: 'DUO', code: txid}`. */
export const DuoPushResponse = z.object({ txid: z.string() });
export type DuoPushResponse = z.infer<typeof DuoPushResponse>;

/** `+•••••••4567`: the last four digits. */
export const maskPhone = (phone: string) =>
  phone.length <= 5 ? phone : `${phone.slice(0, 1)}${'•'.repeat(phone.length - 5)}${phone.slice(-4)}`;
