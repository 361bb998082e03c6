import {
  type MfaVerifyRequest,
  mfaMessages,
  normalizeRecoveryCode,
  TOTP_ISSUER,
  TOTP_TOLERANCE_SECONDS,
  type TotpConfirmRequest,
  type WebAuthnRegisterRequest,
} from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { decryptSecret, encryptSecret, sha256 } from '../../lib/crypto.ts';
import { conflict, DomainError, forbidden } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import * as authRepo from '../auth/repository.ts';
import { type LoginMeta, startSession } from '../auth/service.ts';
import { getUser } from '../users/service.ts';
import type { DuoClient } from './duo-client.ts';
import { checkPush } from './duo-service.ts';
import * as repo from './repository.ts';
import {
  activity,
  assertTypeAllowed,
  invalidCode,
  issueRecoveryCodes,
  pendingSignIn,
  statusOf,
  toFactor,
} from './shared.ts';
import { checkSignInCode } from './sms-service.ts';
import * as webauthn from './webauthn.ts';

export { statusOf };

/**
 * Second factors: enrolment from one's own account, verification at sign-in (the MFA-pending session
 * becomes a session), and an administrator's reset. Secrets are encrypted at rest; codes are refused a
 * second time (TOTP steps and recovery codes are spent in one conditional statement).
 */

type Own = { db: Db; actor: Actor; secretKey: Buffer };

export const setupTotp = async ({ db, actor, secretKey }: Own) => {
  await assertTypeAllowed(db, 'TOTP');
  const existing = await repo.findFactor(db, actor.id, 'TOTP');
  if (existing?.confirmedAt) throw conflict(mfaMessages.alreadyEnrolled);
  const secret = generateSecret();
  await db.transaction(async (tx) => {
    await repo.replacePendingTotp(tx, actor.id, encryptSecret(secretKey, secret));
    await insertActivity(tx, activity(actor, 'auth.mfa.totp.setup', 'authenticator setup started'));
  });
  return { secret, otpauthUrl: generateURI({ issuer: TOTP_ISSUER, label: actor.email, secret }) };
};

/** A TOTP code of the current step or a neighbouring one, later than the last one accepted: its step. */
const checkTotp = async (secret: string, code: string, lastUsedStep: number | null) => {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: TOTP_TOLERANCE_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
    epoch: Math.floor(Date.now() / 1000),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
};

export const confirmTotp = async ({
  db,
  actor,
  secretKey,
  input,
}: Own & { input: z.output<typeof TotpConfirmRequest> }) => {
  await assertTypeAllowed(db, 'TOTP');
  const pending = await repo.findFactor(db, actor.id, 'TOTP');
  if (!pending?.secretEncrypted) throw conflict(mfaMessages.setupNotStarted);
  if (pending.confirmedAt) throw conflict(mfaMessages.alreadyEnrolled);
  const step = await checkTotp(decryptSecret(secretKey, pending.secretEncrypted), input.code, null);
  if (step === undefined)
    throw new DomainError('INVALID_MFA_CODE', mfaMessages.invalidCode, { statusCode: 400 });
  return db.transaction(async (tx) => {
    const confirmed = await repo.confirmFactor(tx, pending.id, input.label, step);
    if (!confirmed) throw conflict(mfaMessages.setupNotStarted);
    // The first factor comes with recovery codes; a user who has some keeps them.
    const recoveryCodes =
      (await repo.countRecoveryCodesLeft(tx, actor.id)) > 0 ? [] : await issueRecoveryCodes(tx, actor.id);
    await insertActivity(tx, activity(actor, 'auth.mfa.totp.enable', input.label));
    return { factor: toFactor(confirmed), recoveryCodes };
  });
};

/** Options to add a security key (WebAuthn): the challenge is stored for 5 minutes, for this user. */
export const startSecurityKeyRegistration = async ({
  db,
  actor,
  rp,
}: Omit<Own, 'secretKey'> & { rp: webauthn.RelyingParty }) => {
  await assertTypeAllowed(db, 'U2F_TOKEN');
  const options = await webauthn.registrationOptions({
    db,
    rp,
    user: actor,
    sessionId: actor.sessionId,
  });
  await insertActivity(db, activity(actor, 'auth.mfa.webauthn.setup', 'security key setup started'));
  return options;
};

/**
 * A security key added from its registration answer: a confirmed U2F_TOKEN factor (a user may have
 * several). The first factor comes with recovery codes, as an authenticator app's does.
 */
export const registerSecurityKey = async ({
  db,
  actor,
  rp,
  input,
}: Omit<Own, 'secretKey'> & {
  rp: webauthn.RelyingParty;
  input: z.output<typeof WebAuthnRegisterRequest>;
}) => {
  await assertTypeAllowed(db, 'U2F_TOKEN');
  const key = await webauthn.verifyRegistration({ db, rp, userId: actor.id, response: input.response });
  return db.transaction(async (tx) => {
    const row = await repo.insertSecurityKey(tx, { userId: actor.id, label: input.label, ...key });
    if (!row) throw conflict(mfaMessages.securityKeyAlreadyRegistered);
    const recoveryCodes =
      (await repo.countRecoveryCodesLeft(tx, actor.id)) > 0 ? [] : await issueRecoveryCodes(tx, actor.id);
    await insertActivity(tx, activity(actor, 'auth.mfa.webauthn.enable', input.label));
    return { factor: toFactor(row), recoveryCodes };
  });
};

/** Options to sign in with a security key: for the pending user's keys, the challenge bound to that sign-in. */
export const securityKeyOptions = async ({
  db,
  rp,
  pendingToken,
}: {
  db: Db;
  rp: webauthn.RelyingParty;
  pendingToken: string | undefined;
}) => {
  const { session, user } = await pendingSignIn(db, pendingToken);
  return webauthn.authenticationOptions({ db, rp, userId: user.id, sessionId: session.id });
};

export const regenerateRecoveryCodes = async ({ db, actor }: Omit<Own, 'secretKey'>) => {
  if ((await repo.listConfirmedFactors(db, actor.id)).length === 0) throw conflict(mfaMessages.notEnrolled);
  return db.transaction(async (tx) => {
    const codes = await issueRecoveryCodes(tx, actor.id);
    await insertActivity(
      tx,
      activity(actor, 'auth.mfa.recoveryCodes.regenerate', 'earlier codes no longer work'),
    );
    return { codes };
  });
};

/** Oneself, or an administrator (users.manage) for a technician they may see. */
const assertMayManage = async (db: Db, actor: Actor, userId: number) => {
  if (userId === actor.id) return;
  if (!actor.permissions.has('users.manage')) throw forbidden();
  await getUser(db, actor, userId);
};

export const userStatus = async ({ db, actor, userId }: { db: Db; actor: Actor; userId: number }) => {
  await getUser(db, actor, userId);
  return statusOf(db, userId);
};

export const removeFactor = async ({
  db,
  actor,
  userId,
  factorId,
}: {
  db: Db;
  actor: Actor;
  userId: number;
  factorId: number;
}) => {
  await assertMayManage(db, actor, userId);
  await db.transaction(async (tx) => {
    const removed = await repo.deleteFactor(tx, userId, factorId);
    if (!removed) throw new DomainError('NOT_FOUND', 'Second factor not found.');
    // With no factor left, recovery codes have nothing to stand in for.
    if ((await repo.listConfirmedFactors(tx, userId)).length === 0) await repo.deleteAllFactors(tx, userId);
    await insertActivity(tx, activity(actor, 'auth.mfa.factor.remove', removed.type, userId));
  });
};

/** An administrator's reset: every factor and recovery code of the user goes; they sign in with a password. */
export const resetFactors = async ({ db, actor, userId }: { db: Db; actor: Actor; userId: number }) => {
  const user = await getUser(db, actor, userId);
  if (userId === actor.id) throw conflict('Remove your own factors from your account page.');
  await db.transaction(async (tx) => {
    await repo.deleteAllFactors(tx, userId);
    await insertActivity(tx, {
      ...activity(actor, 'user.mfa.reset', 'every second factor and recovery code removed', userId),
      targetName: user.email,
    });
  });
};

/**
 * The second step of sign-in: the MFA-pending session's user proves a factor, and gets a session. A
 * wrong code counts toward the account's lockout (as a wrong password does) and is an activity.
 */
export const verifySecondFactor = async ({
  db,
  config,
  secretKey,
  duo,
  log,
  pendingToken,
  input,
  meta,
  rp,
}: {
  db: Db;
  config: Config;
  secretKey: Buffer;
  duo: DuoClient | undefined;
  log: FastifyBaseLogger;
  pendingToken: string | undefined;
  input: z.output<typeof MfaVerifyRequest>;
  meta: LoginMeta;
  rp: webauthn.RelyingParty;
}) => {
  const found = await pendingSignIn(db, pendingToken);
  const { user } = found;
  if (input.type !== 'RECOVERY_CODE') await assertTypeAllowed(db, input.type);

  const accepted = await (async () => {
    if (input.type === 'TOTP') {
      const factor = await repo.findFactor(db, user.id, 'TOTP');
      if (!factor?.confirmedAt || !factor.secretEncrypted) return false;
      const step = await checkTotp(
        decryptSecret(secretKey, factor.secretEncrypted),
        input.code,
        factor.lastUsedStep,
      );
      return step !== undefined && (await repo.useTotpStep(db, factor.id, step));
    }
    if (input.type === 'RECOVERY_CODE')
      return repo.useRecoveryCode(db, user.id, sha256(normalizeRecoveryCode(input.code)));
    if (input.type === 'U2F_TOKEN')
      return webauthn.checkSecurityKey({
        db,
        rp,
        userId: user.id,
        sessionId: found.session.id,
        code: input.code,
      });
    if (input.type === 'SMS_OTP')
      return checkSignInCode({
        db,
        secretKey,
        userId: user.id,
        sessionId: found.session.id,
        code: input.code,
      });
    if (input.type === 'DUO')
      return checkPush({ db, duo, log, user, sessionId: found.session.id, txid: input.code });
    return false;
  })();

  if (!accepted) {
    await authRepo.recordFailedLogin(db, user.id, config.loginMaxFailures, config.loginLockMinutes);
    await insertActivity(db, {
      ...activity(user, 'auth.mfa.verify', `${input.type}: ${mfaMessages.invalidCode}`),
      outcome: 'FAILURE',
    });
    throw invalidCode(true);
  }
  await authRepo.deleteSession(db, found.session.id);
  return startSession({
    db,
    config,
    user,
    kind: 'SESSION',
    meta,
    activity: { action: 'auth.mfa.verify', detail: `${input.type} from ${meta.ip}` },
  });
};
