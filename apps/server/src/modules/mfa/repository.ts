import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mfaChallenges, mfaFactors, mfaRecoveryCodes, mfaSentCodes, users } from '../../db/schema.ts';

/** Queries of second factors and recovery codes. */

export const listConfirmedFactors = async (db: DbOrTx, userId: number) =>
  db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), isNotNull(mfaFactors.confirmedAt)))
    .orderBy(asc(mfaFactors.id));

export const findFactor = async (db: DbOrTx, userId: number, type: string) => {
  const [row] = await db
    .select()
    .from(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, type)));
  return row;
};

/** A new pending TOTP setup replaces an earlier pending one; a confirmed one stays (the caller refuses). */
export const replacePendingTotp = async (db: DbOrTx, userId: number, secretEncrypted: string) => {
  await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, 'TOTP'), isNull(mfaFactors.confirmedAt)));
  await db.insert(mfaFactors).values({ userId, type: 'TOTP', secretEncrypted });
};

/** A new pending phone replaces an earlier pending one; a confirmed one stays (the caller refuses). */
export const replacePendingSms = async (db: DbOrTx, userId: number, phoneEncrypted: string) => {
  await db
    .delete(mfaFactors)
    .where(
      and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, 'SMS_OTP'), isNull(mfaFactors.confirmedAt)),
    );
  const [row] = await db
    .insert(mfaFactors)
    .values({ userId, type: 'SMS_OTP', secretEncrypted: phoneEncrypted })
    .returning();
  return row!;
};

/** A factor confirmed at once (Duo: Duo itself checked the enrolment). */
export const insertConfirmedFactor = async (db: DbOrTx, userId: number, type: string, label: string) => {
  await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.type, type), isNull(mfaFactors.confirmedAt)));
  const [row] = await db
    .insert(mfaFactors)
    .values({ userId, type, label, confirmedAt: sql`now()` })
    .returning();
  return row!;
};

export const touchFactor = async (db: DbOrTx, id: number) => {
  await db.update(mfaFactors).set({ lastUsedAt: sql`now()` }).where(eq(mfaFactors.id, id));
};

export const confirmFactor = async (db: DbOrTx, id: number, label: string, step: number | null) => {
  const [row] = await db
    .update(mfaFactors)
    .set({ confirmedAt: sql`now()`, label, lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(and(eq(mfaFactors.id, id), isNull(mfaFactors.confirmedAt)))
    .returning();
  return row;
};

/**
 * Records a TOTP step as used, only if it is later than the last one: one statement, so two server
 * processes given the same code cannot both accept it. Answers false for a replay.
 */
export const useTotpStep = async (db: DbOrTx, id: number, step: number) => {
  const rows = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step, lastUsedAt: sql`now()` })
    .where(and(eq(mfaFactors.id, id), or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step))))
    .returning({ id: mfaFactors.id });
  return rows.length === 1;
};

export const deleteFactor = async (db: DbOrTx, userId: number, id: number) => {
  const rows = await db
    .delete(mfaFactors)
    .where(and(eq(mfaFactors.userId, userId), eq(mfaFactors.id, id)))
    .returning({ type: mfaFactors.type });
  return rows[0];
};

export const deleteAllFactors = async (db: DbOrTx, userId: number) => {
  await db.delete(mfaFactors).where(eq(mfaFactors.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
};

export const replaceRecoveryCodes = async (db: DbOrTx, userId: number, hashes: string[]) => {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

export const countRecoveryCodesLeft = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.value ?? 0);
};

/** Uses a recovery code once (one statement: a second use, anywhere, finds it used). */
export const useRecoveryCode = async (db: DbOrTx, userId: number, codeHash: string) => {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
};

// ------------------------------------------------------------------ security keys (WebAuthn)

export type ChallengePurpose = 'REGISTER' | 'AUTHENTICATE';

/**
 * Stores a new challenge. Expired ones of everyone go, and so does an earlier one of the same user,
 * purpose and session: a new request replaces it (each browser tab or sign-in keeps one).
 */
export const insertChallenge = async (
  db: DbOrTx,
  values: {
    userId: number;
    purpose: ChallengePurpose;
    challenge: string;
    sessionId: string | null;
    expiresAt: Date;
  },
) => {
  await db.delete(mfaChallenges).where(lt(mfaChallenges.expiresAt, new Date()));
  await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, values.userId),
        eq(mfaChallenges.purpose, values.purpose),
        values.sessionId === null
          ? isNull(mfaChallenges.sessionId)
          : eq(mfaChallenges.sessionId, values.sessionId),
      ),
    );
  await db.insert(mfaChallenges).values(values);
};

/**
 * Spends a challenge: one DELETE ... RETURNING, so it works once across every server process. Only a
 * live challenge of this user and purpose (and, when given, this session) is found.
 */
export const takeChallenge = async (
  db: DbOrTx,
  where: { userId: number; purpose: ChallengePurpose; challenge: string; sessionId?: string },
) => {
  const rows = await db
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.challenge, where.challenge),
        eq(mfaChallenges.userId, where.userId),
        eq(mfaChallenges.purpose, where.purpose),
        ...(where.sessionId === undefined ? [] : [eq(mfaChallenges.sessionId, where.sessionId)]),
      ),
    )
    .returning({ challenge: mfaChallenges.challenge, expiresAt: mfaChallenges.expiresAt });
  const row = rows[0];
  return row && row.expiresAt > new Date() ? row.challenge : undefined;
};

export const listSecurityKeys = async (db: DbOrTx, userId: number) =>
  db
    .select()
    .from(mfaFactors)
    .where(
      and(
        eq(mfaFactors.userId, userId),
        eq(mfaFactors.type, 'U2F_TOKEN'),
        isNotNull(mfaFactors.confirmedAt),
        isNotNull(mfaFactors.credentialId),
      ),
    )
    .orderBy(asc(mfaFactors.id));

export const insertSecurityKey = async (
  db: DbOrTx,
  values: {
    userId: number;
    label: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[] | null;
  },
) => {
  const [row] = await db
    .insert(mfaFactors)
    .values({ ...values, type: 'U2F_TOKEN', confirmedAt: sql`now()` })
    .onConflictDoNothing({ target: mfaFactors.credentialId })
    .returning();
  return row;
};

/**
 * Records a key's use with its new signature counter, only if the counter grew (or the key keeps none:
 * 0 and 0). One statement, so of two answers with the same counter only one is accepted.
 */
export const useSecurityKey = async (db: DbOrTx, id: number, signCount: number) => {
  const rows = await db
    .update(mfaFactors)
    .set({ signCount, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(mfaFactors.id, id),
        signCount === 0
          ? or(isNull(mfaFactors.signCount), eq(mfaFactors.signCount, 0))
          : or(isNull(mfaFactors.signCount), lt(mfaFactors.signCount, signCount)),
      ),
    )
    .returning({ id: mfaFactors.id });
  return rows.length === 1;
};

// ---------------------------------------------------------------- sent codes (SMS codes, Duo pushes)

/**
 * Holds the user's row until the transaction ends: two server processes asked for a code at once take
 * turns, so the second sees the first one's challenge (at most one per interval).
 */
export const lockUser = async (tx: DbOrTx, userId: number) => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

export const lastSentCodeAt = async (db: DbOrTx, userId: number, type: string) => {
  const [row] = await db
    .select({ createdAt: mfaSentCodes.createdAt })
    .from(mfaSentCodes)
    .where(and(eq(mfaSentCodes.userId, userId), eq(mfaSentCodes.type, type)))
    .orderBy(desc(mfaSentCodes.createdAt))
    .limit(1);
  return row?.createdAt;
};

/**
 * After a new code or push went out: the user's earlier challenges of this type and purpose go (the newest
 * replaces them), and any expired one.
 */
export const clearSentCodes = async (
  db: DbOrTx,
  {
    userId,
    type,
    purpose,
    now,
    keepId,
  }: { userId: number; type: string; purpose: string; now: Date; keepId: number },
) => {
  await db
    .delete(mfaSentCodes)
    .where(
      and(
        eq(mfaSentCodes.userId, userId),
        ne(mfaSentCodes.id, keepId),
        or(
          and(eq(mfaSentCodes.type, type), eq(mfaSentCodes.purpose, purpose)),
          lt(mfaSentCodes.expiresAt, now),
        ),
      ),
    );
};

export const insertSentCode = async (db: DbOrTx, values: typeof mfaSentCodes.$inferInsert) => {
  const [row] = await db.insert(mfaSentCodes).values(values).returning({ id: mfaSentCodes.id });
  return row!.id;
};

export const deleteSentCode = async (db: DbOrTx, id: number) => {
  await db.delete(mfaSentCodes).where(eq(mfaSentCodes.id, id));
};

export const setSentCodeTxid = async (db: DbOrTx, id: number, txid: string) => {
  await db.update(mfaSentCodes).set({ txid }).where(eq(mfaSentCodes.id, id));
};

type Live = { userId: number; type: string; purpose: string; sessionId: string | null; now: Date };

/** A live challenge: not used, not expired, not out of attempts, of this session (or of none: enrolment). */
const live = ({ userId, type, purpose, sessionId, now }: Live, maxAttempts: number) =>
  and(
    eq(mfaSentCodes.userId, userId),
    eq(mfaSentCodes.type, type),
    eq(mfaSentCodes.purpose, purpose),
    sessionId === null ? isNull(mfaSentCodes.sessionId) : eq(mfaSentCodes.sessionId, sessionId),
    isNull(mfaSentCodes.usedAt),
    gt(mfaSentCodes.expiresAt, now),
    lt(mfaSentCodes.attempts, maxAttempts),
  );

/** Uses a code once: one statement, so two server processes given the same code cannot both accept it. */
export const useCode = async (db: DbOrTx, where: Live, codeHash: string, maxAttempts: number) => {
  const rows = await db
    .update(mfaSentCodes)
    .set({ usedAt: where.now })
    .where(and(live(where, maxAttempts), eq(mfaSentCodes.codeHash, codeHash)))
    .returning({ id: mfaSentCodes.id });
  return rows.length === 1;
};

/** A wrong code: one more attempt on the live code (at the limit, it is spent). */
export const countWrongCode = async (db: DbOrTx, where: Live, maxAttempts: number) => {
  await db
    .update(mfaSentCodes)
    .set({ attempts: sql`${mfaSentCodes.attempts} + 1` })
    .where(live(where, maxAttempts));
};

export const findLiveTxid = async (db: DbOrTx, where: Live, txid: string) => {
  const [row] = await db
    .select({ id: mfaSentCodes.id })
    .from(mfaSentCodes)
    .where(and(live(where, 2_147_483_647), eq(mfaSentCodes.txid, txid)));
  return row;
};

/** Marks a challenge used, once (answers false when another request used it first). */
export const useSentCode = async (db: DbOrTx, id: number, now: Date) => {
  const rows = await db
    .update(mfaSentCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaSentCodes.id, id), isNull(mfaSentCodes.usedAt)))
    .returning({ id: mfaSentCodes.id });
  return rows.length === 1;
};
