import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.ts';
import { preparedPer } from '../../db/prepared.ts';
import { apiTokens, roles, sessions, settings, users } from '../../db/schema.ts';

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
};

export const findUserById = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ user: users, role: roles })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .where(eq(users.id, id));
  return row;
};

export const recordFailedLogin = async (
  db: DbOrTx,
  userId: number,
  maxFailures: number,
  lockMinutes: number,
) => {
  await db
    .update(users)
    .set({
      failedLoginCount: sql`${users.failedLoginCount} + 1`,
      lockedUntil: sql`CASE WHEN ${users.failedLoginCount} + 1 >= ${maxFailures}
        THEN now() + make_interval(mins => ${lockMinutes}) ELSE ${users.lockedUntil} END`,
    })
    .where(eq(users.id, userId));
};

/** A successful sign-in: the failure count starts over. */
export const recordLogin = async (db: DbOrTx, userId: number) => {
  await db
    .update(users)
    .set({ failedLoginCount: 0, lockedUntil: null, lastLoginAt: sql`now()` })
    .where(eq(users.id, userId));
};

export const insertSession = async (db: DbOrTx, values: typeof sessions.$inferInsert) => {
  await db.insert(sessions).values(values);
};

const sessionUserStatement = preparedPer((db: Db) =>
  db
    .select({
      session: sessions,
      user: users,
      role: roles,
      security: settings.value,
      // On the database's clock, as `last_seen_at` is written: the idle time never mixes two clocks.
      idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})`.mapWith(Number),
    })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .innerJoin(roles, eq(users.roleId, roles.id))
    // The security settings (the idle timeout) come along: no second query per request.
    .leftJoin(settings, eq(settings.key, sql`'security'`))
    .where(and(eq(sessions.id, sql.placeholder('idHash')), gt(sessions.expiresAt, sql`now()`)))
    .prepare('live_session_user'),
);

/**
 * A live session with its user and role (and the stored security settings), in one query (every signed-in request asks for it): a
 * prepared statement, so neither drizzle nor PostgreSQL builds or plans it again.
 */
export const findLiveSessionUser = async (db: Db, idHash: string) => {
  const [row] = await sessionUserStatement(db).execute({ idHash });
  return row;
};

export const touchSession = async (db: DbOrTx, idHash: string) => {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, idHash));
};

export const deleteSession = async (db: DbOrTx, idHash: string) => {
  await db.delete(sessions).where(eq(sessions.id, idHash));
};

export const findLiveApiToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
  return row;
};

export const touchApiToken = async (db: DbOrTx, id: number) => {
  await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, id));
};

export const insertApiToken = async (db: DbOrTx, values: typeof apiTokens.$inferInsert) => {
  const [row] = await db.insert(apiTokens).values(values).returning({ id: apiTokens.id });
  return row!.id;
};

export const countUsers = async (db: DbOrTx) => {
  const [row] = await db.select({ value: sql<number>`count(*)` }).from(users);
  return Number(row?.value ?? 0);
};

/** The built-in roles, created or brought up to date (a new permission reaches them on the next start). */
export const upsertBuiltInRoles = async (
  db: DbOrTx,
  list: readonly { name: string; roleType: string; description: string; permissions: readonly string[] }[],
) => {
  const rows = await db
    .insert(roles)
    .values(list.map((r) => ({ ...r, permissions: [...r.permissions], isBuiltIn: true })))
    .onConflictDoUpdate({
      target: roles.name,
      set: {
        permissions: sql`excluded.permissions`,
        description: sql`excluded.description`,
        roleType: sql`excluded.role_type`,
        organizationScope: sql`'"all"'::jsonb`,
        isBuiltIn: true,
      },
    })
    .returning({ id: roles.id, name: roles.name });
  return new Map(rows.map((r) => [r.name, r.id]));
};

export const insertUser = async (db: DbOrTx, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
};
