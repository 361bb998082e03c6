import { randomInt } from 'node:crypto';
import {
  type MfaFactor,
  type MfaStatus,
  type MfaType,
  mfaMessages,
  mfaTypeLabels,
  RECOVERY_CODE_COUNT,
  securityMessages,
} from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import { sha256 } from '../../lib/crypto.ts';
import { conflict, DomainError } from '../../lib/errors.ts';
import * as authRepo from '../auth/repository.ts';
import { getSecuritySettings } from '../settings/service.ts';
import * as repo from './repository.ts';

/** What every kind of second factor shares: answers, activities, recovery codes, the pending sign-in. */

type Row = Awaited<ReturnType<typeof repo.listConfirmedFactors>>[number];

export const toFactor = (row: Row): MfaFactor => ({
  id: row.id,
  type: row.type as MfaFactor['type'],
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export const activity = (
  actor: { id: number; email: string },
  action: string,
  detail: string | null,
  userId = actor.id,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'user',
  targetId: userId,
  outcome: 'SUCCESS' as const,
  detail,
});

export const statusOf = async (db: DbOrTx, userId: number): Promise<MfaStatus> => ({
  factors: (await repo.listConfirmedFactors(db, userId)).map(toFactor),
  recoveryCodesLeft: await repo.countRecoveryCodesLeft(db, userId),
});

/** Ten codes like `abcd-efgh-jk`, from letters and digits that are hard to confuse. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const newRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
};

export const issueRecoveryCodes = async (tx: DbOrTx, userId: number) => {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((code) => sha256(code)),
  );
  return codes;
};

export const invalidCode = (activityWritten = false) =>
  new DomainError('INVALID_MFA_CODE', mfaMessages.invalidCode, { statusCode: 401, activityWritten });

/** The MFA-pending session of the cookie (the password step passed), its user not locked out. */
export const pendingSignIn = async (db: Db, pendingToken: string | undefined) => {
  const found = pendingToken ? await authRepo.findLiveSessionUser(db, sha256(pendingToken)) : undefined;
  if (found?.session.kind !== 'MFA_PENDING')
    throw new DomainError('MFA_REQUIRED', mfaMessages.noPendingSignIn);
  if (found.user.lockedUntil && found.user.lockedUntil > new Date()) throw new DomainError('RATE_LIMITED');
  return found;
};

/** The user's confirmed factor of this type, or undefined. */
export const confirmedFactor = async (db: DbOrTx, userId: number, type: string) => {
  const factor = await repo.findFactor(db, userId, type);
  return factor?.confirmedAt ? factor : undefined;
};

/** Setting up (or signing in with) a factor of a type the security settings do not allow: 409. */
export const assertTypeAllowed = async (db: DbOrTx, type: MfaType) => {
  const { allowedMfaTypes } = await getSecuritySettings(db);
  if (!allowedMfaTypes.includes(type)) throw conflict(securityMessages.typeNotAllowed(mfaTypeLabels[type]));
};
