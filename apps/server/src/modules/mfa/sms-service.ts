import { createHmac, randomInt } from 'node:crypto';
import {
  maskPhone,
  mfaMessages,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  type SmsConfirmRequest,
  type SmsSentResponse,
  type SmsSetupRequest,
  TOTP_ISSUER,
} from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { conflict, DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import * as repo from './repository.ts';
import {
  activity,
  assertTypeAllowed,
  confirmedFactor,
  issueRecoveryCodes,
  pendingSignIn,
  toFactor,
} from './shared.ts';
import type { SmsSender } from './sms.ts';

/**
 * Text-message codes: a phone is set up from one's account with a first code, and at sign-in a fresh
 * code is sent on request. Codes are 6 digits, work for SMS_CODE_TTL_SECONDS, once, and at most
 * SMS_CODE_MAX_ATTEMPTS wrong entries; they are kept as an HMAC with the server's key, in the database
 * (every server process checks them). A user is sent at most one per SMS_RESEND_SECONDS.
 */

type Sms = {
  db: Db;
  config: Config;
  secretKey: Buffer;
  sender: SmsSender | undefined;
  log: FastifyBaseLogger;
};

export const hashSmsCode = (secretKey: Buffer, code: string) =>
  createHmac('sha256', secretKey).update(`sms-code:${code.trim()}`).digest('hex');

const notConfigured = () => conflict(mfaMessages.smsNotConfigured);

const senderOf = (sender: SmsSender | undefined) => {
  if (!sender) throw notConfigured();
  return sender;
};

/**
 * Makes a code, records it (after checking the resend interval, with the user's row held so that two
 * processes take turns), and sends it. A failed send takes its record back and answers 502.
 */
const sendCode = async ({
  db,
  config,
  secretKey,
  sender,
  log,
  user,
  phone,
  purpose,
  sessionId,
  before,
}: Omit<Sms, 'sender'> & {
  sender: SmsSender;
  user: { id: number; email: string };
  phone: string;
  purpose: 'SIGN_IN' | 'ENROL';
  sessionId: string | null;
  /** Work to do in the same transaction, after the interval check (the pending phone of a setup). */
  before?: (tx: DbOrTx) => Promise<void>;
}): Promise<SmsSentResponse> => {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  const challengeId = await db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const last = await repo.lastSentCodeAt(tx, user.id, 'SMS_OTP');
    if (last && now.getTime() - last.getTime() < config.smsResendSeconds * 1000)
      throw new DomainError('RATE_LIMITED', mfaMessages.tooSoon, { statusCode: 429 });
    await before?.(tx);
    return repo.insertSentCode(tx, {
      userId: user.id,
      sessionId,
      type: 'SMS_OTP',
      purpose,
      codeHash: hashSmsCode(secretKey, code),
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  try {
    await sender.send(
      phone,
      `${code} is your ${TOTP_ISSUER} code. It expires in ${SMS_CODE_TTL_SECONDS / 60} minutes.`,
    );
  } catch (error) {
    await repo.deleteSentCode(db, challengeId);
    log.error({ err: error, userId: user.id, smsTo: maskPhone(phone) }, 'text message not sent');
    await insertActivity(db, {
      ...activity(user, 'auth.mfa.sms.send', `not sent to ${maskPhone(phone)}: ${(error as Error).message}`),
      outcome: 'FAILURE',
    });
    throw new DomainError('SMS_FAILED', mfaMessages.smsSendFailed, {
      statusCode: 502,
      activityWritten: true,
    });
  }
  return {
    sentTo: maskPhone(phone),
    expiresInSeconds: SMS_CODE_TTL_SECONDS,
    resendAfterSeconds: config.smsResendSeconds,
  };
};

/** Enrolment: a pending phone (encrypted) and a first code to it. */
export const setupSms = async ({
  actor,
  input,
  ...deps
}: Sms & { actor: Actor; input: z.output<typeof SmsSetupRequest> }) => {
  await assertTypeAllowed(deps.db, 'SMS_OTP');
  const sender = senderOf(deps.sender);
  if (await confirmedFactor(deps.db, actor.id, 'SMS_OTP')) throw conflict(mfaMessages.smsAlreadyEnrolled);
  const sent = await sendCode({
    ...deps,
    sender,
    user: actor,
    phone: input.phone,
    purpose: 'ENROL',
    sessionId: null,
    before: async (tx) => {
      await repo.replacePendingSms(tx, actor.id, encryptSecret(deps.secretKey, input.phone));
    },
  });
  await insertActivity(
    deps.db,
    activity(actor, 'auth.mfa.sms.setup', `text message setup started: code sent to ${sent.sentTo}`),
  );
  return sent;
};

/** Enrolment's second step: the code sent to the phone turns the factor on (recovery codes with a first factor). */
export const confirmSms = async ({
  db,
  actor,
  secretKey,
  input,
}: Pick<Sms, 'db' | 'secretKey'> & { actor: Actor; input: z.output<typeof SmsConfirmRequest> }) => {
  await assertTypeAllowed(db, 'SMS_OTP');
  const pending = await repo.findFactor(db, actor.id, 'SMS_OTP');
  if (pending?.confirmedAt) throw conflict(mfaMessages.smsAlreadyEnrolled);
  if (!pending?.secretEncrypted) throw conflict(mfaMessages.smsSetupNotStarted);
  const where = { userId: actor.id, type: 'SMS_OTP', purpose: 'ENROL', sessionId: null, now: new Date() };
  if (!(await repo.useCode(db, where, hashSmsCode(secretKey, input.code), SMS_CODE_MAX_ATTEMPTS))) {
    await repo.countWrongCode(db, where, SMS_CODE_MAX_ATTEMPTS);
    throw new DomainError('INVALID_MFA_CODE', mfaMessages.invalidCode, { statusCode: 400 });
  }
  const label =
    input.label || `Text message to ${maskPhone(decryptSecret(secretKey, pending.secretEncrypted))}`;
  return db.transaction(async (tx) => {
    const confirmed = await repo.confirmFactor(tx, pending.id, label, null);
    if (!confirmed) throw conflict(mfaMessages.smsSetupNotStarted);
    const recoveryCodes =
      (await repo.countRecoveryCodesLeft(tx, actor.id)) > 0 ? [] : await issueRecoveryCodes(tx, actor.id);
    await insertActivity(tx, activity(actor, 'auth.mfa.sms.enable', label));
    return { factor: toFactor(confirmed), recoveryCodes };
  });
};

/** Sign-in: a fresh code to the pending user's phone. */
export const sendSignInCode = async ({
  pendingToken,
  ...deps
}: Sms & { pendingToken: string | undefined }) => {
  const { user, session } = await pendingSignIn(deps.db, pendingToken);
  const factor = await confirmedFactor(deps.db, user.id, 'SMS_OTP');
  if (!factor?.secretEncrypted) throw conflict(mfaMessages.notEnrolled);
  const sender = senderOf(deps.sender);
  const phone = decryptSecret(deps.secretKey, factor.secretEncrypted);
  const sent = await sendCode({ ...deps, sender, user, phone, purpose: 'SIGN_IN', sessionId: session.id });
  await insertActivity(deps.db, activity(user, 'auth.mfa.sms.send', `sign-in code sent to ${sent.sentTo}`));
  return sent;
};

/** Sign-in's check (`POST /auth/mfa/verify` with SMS_OTP): the live code of this pending session, used once. */
export const checkSignInCode = async ({
  db,
  secretKey,
  userId,
  sessionId,
  code,
}: {
  db: Db;
  secretKey: Buffer;
  userId: number;
  sessionId: string;
  code: string;
}) => {
  const factor = await confirmedFactor(db, userId, 'SMS_OTP');
  if (!factor) return false;
  const where = { userId, type: 'SMS_OTP', purpose: 'SIGN_IN', sessionId, now: new Date() };
  if (await repo.useCode(db, where, hashSmsCode(secretKey, code), SMS_CODE_MAX_ATTEMPTS)) {
    await repo.touchFactor(db, factor.id);
    return true;
  }
  await repo.countWrongCode(db, where, SMS_CODE_MAX_ATTEMPTS);
  return false;
};
