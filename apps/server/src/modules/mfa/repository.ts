import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { mfaChallenges, mfaFactors, mfaRecoveryCodes, users } from '../../db/schema.ts';

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

// ---------------------------------------------------------------- challenges (SMS codes, Duo pushes)

/**
 * Holds the user's row until the transaction ends: two server processes asked for a code at once take
 * turns, so the second sees the first one's challenge (at most one per interval).
 */
export const lockUser = async (tx: DbOrTx, userId: number) => {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

export const lastChallengeAt = async (db: DbOrTx, userId: number, type: string) => {
  const [row] = await db
    .select({ createdAt: mfaChallenges.createdAt })
    .from(mfaChallenges)
    .where(and(eq(mfaChallenges.userId, userId), eq(mfaChallenges.type, type)))
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return row?.createdAt;
};

/**
 * After a new code or push went out: the user's earlier challenges of this type and purpose go (the newest
 * replaces them), and any expired one.
 */
export const clearChallenges = async (
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
    .delete(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, userId),
        ne(mfaChallenges.id, keepId),
        or(
          and(eq(mfaChallenges.type, type), eq(mfaChallenges.purpose, purpose)),
          lt(mfaChallenges.expiresAt, now),
        ),
      ),
    );
};

export const insertChallenge = async (db: DbOrTx, values: typeof mfaChallenges.$inferInsert) => {
  const [row] = await db.insert(mfaChallenges).values(values).returning({ id: mfaChallenges.id });
  return row!.id;
};

export const deleteChallenge = async (db: DbOrTx, id: number) => {
  await db.delete(mfaChallenges).where(eq(mfaChallenges.id, id));
};

export const setChallengeTxid = async (db: DbOrTx, id: number, txid: string) => {
  await db.update(mfaChallenges).set({ txid }).where(eq(mfaChallenges.id, id));
};

type Live = { userId: number; type: string; purpose: string; sessionId: string | null; now: Date };

/** A live challenge: not used, not expired, not out of attempts, of this session (or of none: enrolment). */
const live = ({ userId, type, purpose, sessionId, now }: Live, maxAttempts: number) =>
  and(
    eq(mfaChallenges.userId, userId),
    eq(mfaChallenges.type, type),
    eq(mfaChallenges.purpose, purpose),
    sessionId === null ? isNull(mfaChallenges.sessionId) : eq(mfaChallenges.sessionId, sessionId),
    isNull(mfaChallenges.usedAt),
    gt(mfaChallenges.expiresAt, now),
    lt(mfaChallenges.attempts, maxAttempts),
  );

/** Uses a code once: one statement, so two server processes given the same code cannot both accept it. */
export const useCode = async (db: DbOrTx, where: Live, codeHash: string, maxAttempts: number) => {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: where.now })
    .where(and(live(where, maxAttempts), eq(mfaChallenges.codeHash, codeHash)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
};

/** A wrong code: one more attempt on the live code (at the limit, it is spent). */
export const countWrongCode = async (db: DbOrTx, where: Live, maxAttempts: number) => {
  await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(live(where, maxAttempts));
};

export const findLiveTxid = async (db: DbOrTx, where: Live, txid: string) => {
  const [row] = await db
    .select({ id: mfaChallenges.id })
    .from(mfaChallenges)
    .where(and(live(where, 2_147_483_647), eq(mfaChallenges.txid, txid)));
  return row;
};

/** Marks a challenge used, once (answers false when another request used it first). */
export const useChallenge = async (db: DbOrTx, id: number, now: Date) => {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
};
