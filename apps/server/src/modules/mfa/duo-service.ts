import { DUO_PUSH_TTL_SECONDS, messages, mfaMessages } from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { conflict, DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { createDuoClient, type DuoClient, DuoUnavailableError } from './duo-client.ts';
import * as repo from './repository.ts';
import {
  activity,
  assertTypeAllowed,
  confirmedFactor,
  issueRecoveryCodes,
  pendingSignIn,
  toFactor,
} from './shared.ts';

/**
 * Duo (Auth API v2). A DUO factor means "this user's username, their email, is enrolled in Duo": it is
 * turned on after Duo's preauth says `auth`. At sign-in a push is started (its txid kept with the
 * MFA-pending session, in the database) and `POST /auth/mfa/verify` asks Duo for its status once.
 */

type Duo = { db: Db; duo: DuoClient | undefined; log: FastifyBaseLogger };

/** The client of the configured Duo application, or undefined (Duo is not offered). */
export const duoClientOf = (config: Config): DuoClient | undefined => {
  const { duoApiHost, duoIntegrationKey, duoSecretKey } = config;
  if (!duoApiHost && !duoIntegrationKey && !duoSecretKey) return undefined;
  if (!duoApiHost || !duoIntegrationKey || !duoSecretKey)
    throw new Error('Duo needs DUO_API_HOST, DUO_INTEGRATION_KEY and DUO_SECRET_KEY');
  return createDuoClient({
    apiHost: duoApiHost,
    integrationKey: duoIntegrationKey,
    secretKey: duoSecretKey,
    allowHttp: config.duoAllowHttp,
    timeoutMs: config.duoTimeoutMs,
  });
};

const clientOf = (duo: DuoClient | undefined) => {
  if (!duo) throw conflict(mfaMessages.duoNotConfigured);
  return duo;
};

/** Duo's failures as answers: no answer is 503 DUO_UNAVAILABLE; a refused request (keys, parameters) 502 DUO_FAILED. */
const duoFailure = (error: unknown, log: FastifyBaseLogger, activityWritten: boolean) => {
  log.error({ err: error }, 'Duo request failed');
  return error instanceof DuoUnavailableError
    ? new DomainError('DUO_UNAVAILABLE', mfaMessages.duoUnavailable, { statusCode: 503, activityWritten })
    : new DomainError('DUO_FAILED', mfaMessages.duoUnavailable, { statusCode: 502, activityWritten });
};

/** Enrolment: Duo's preauth must answer `auth` for the user's email; `enroll`, `deny` and `allow` are 409s. */
export const enableDuo = async ({ db, duo, log, actor }: Duo & { actor: Actor }) => {
  await assertTypeAllowed(db, 'DUO');
  const client = clientOf(duo);
  if (await confirmedFactor(db, actor.id, 'DUO')) throw conflict(mfaMessages.duoAlreadyEnrolled);
  const preauth = await client.preauth(actor.email).catch((error: unknown) => {
    throw duoFailure(error, log, false);
  });
  if (preauth.result !== 'auth') {
    const why = {
      enroll: 'Duo does not know this account yet',
      deny: 'Duo refuses this account',
      allow: 'Duo lets this account in without a second factor, so it cannot serve as one',
    }[preauth.result];
    throw conflict(`${why ?? `Duo answered ${preauth.result}`}: ${preauth.status_msg}`);
  }
  return db.transaction(async (tx) => {
    const factor = await repo.insertConfirmedFactor(tx, actor.id, 'DUO', 'Duo');
    const recoveryCodes =
      (await repo.countRecoveryCodesLeft(tx, actor.id)) > 0 ? [] : await issueRecoveryCodes(tx, actor.id);
    await insertActivity(tx, activity(actor, 'auth.mfa.duo.enable', `Duo: ${preauth.status_msg}`));
    return { factor: toFactor(factor), recoveryCodes };
  });
};

/** Sign-in: a push to the pending user's Duo device (at most one per DUO_PUSH_INTERVAL_SECONDS). */
export const startPush = async ({
  db,
  config,
  duo,
  log,
  pendingToken,
}: Duo & { config: Config; pendingToken: string | undefined }) => {
  const { user, session } = await pendingSignIn(db, pendingToken);
  if (!(await confirmedFactor(db, user.id, 'DUO'))) throw conflict(mfaMessages.notEnrolled);
  const client = clientOf(duo);
  const now = new Date();
  const challengeId = await db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const last = await repo.lastSentCodeAt(tx, user.id, 'DUO');
    if (last && now.getTime() - last.getTime() < config.duoPushIntervalSeconds * 1000)
      throw new DomainError('RATE_LIMITED', mfaMessages.tooSoon, { statusCode: 429 });
    return repo.insertSentCode(tx, {
      userId: user.id,
      sessionId: session.id,
      type: 'DUO',
      purpose: 'SIGN_IN',
      expiresAt: new Date(now.getTime() + DUO_PUSH_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  let txid: string;
  try {
    txid = await client.pushAsync(user.email);
  } catch (error) {
    await repo.deleteSentCode(db, challengeId);
    await insertActivity(db, {
      ...activity(user, 'auth.mfa.duo.push', `Duo push not started: ${(error as Error).message}`),
      outcome: 'FAILURE',
    });
    throw duoFailure(error, log, true);
  }
  await repo.setSentCodeTxid(db, challengeId, txid);
  await repo.clearSentCodes(db, {
    userId: user.id,
    type: 'DUO',
    purpose: 'SIGN_IN',
    now,
    keepId: challengeId,
  });
  await insertActivity(db, activity(user, 'auth.mfa.duo.push', 'Duo push sent'));
  return { txid };
};

/**
 * Sign-in's check (`POST /auth/mfa/verify` with DUO and the txid): Duo's status, asked once. `allow`
 * accepts (once); `deny` refuses; `waiting` answers 409 DUO_PENDING; no answer from Duo answers 503.
 */
export const checkPush = async ({
  db,
  duo,
  log,
  user,
  sessionId,
  txid,
}: Duo & { user: { id: number; email: string }; sessionId: string; txid: string }) => {
  const factor = await confirmedFactor(db, user.id, 'DUO');
  if (!factor) return false;
  const client = clientOf(duo);
  const now = new Date();
  const challenge = await repo.findLiveTxid(
    db,
    { userId: user.id, type: 'DUO', purpose: 'SIGN_IN', sessionId, now },
    txid,
  );
  if (!challenge) return false;
  const status = await client.authStatus(txid).catch(async (error: unknown) => {
    await insertActivity(db, {
      ...activity(user, 'auth.mfa.verify', `DUO: ${(error as Error).message}`),
      outcome: 'FAILURE',
    });
    throw duoFailure(error, log, true);
  });
  if (status.result === 'waiting')
    // Nothing failed: no lockout count and no failure activity (the console asks again).
    throw new DomainError('DUO_PENDING', messages.mfa.duoPending, { statusCode: 409, activityWritten: true });
  // A denied push is spent; an allowed one is used once (a second verify with it is refused).
  const used = await repo.useSentCode(db, challenge.id, now);
  if (status.result !== 'allow' || !used) return false;
  await repo.touchFactor(db, factor.id);
  return true;
};
