import { and, count, eq, gt, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { roles, ssoLogins, users } from '../../db/schema.ts';

/** Queries of single sign-on: sign-ins under way, and what the callback needs of users and roles. */

export const insertLogin = async (db: DbOrTx, values: typeof ssoLogins.$inferInsert) => {
  // Sign-ins nobody finished go when the next one starts.
  await db.delete(ssoLogins).where(lte(ssoLogins.expiresAt, new Date()));
  await db.insert(ssoLogins).values(values);
};

/** The live sign-in of this cookie, spent whatever happens next: a state works once. */
export const takeLogin = async (db: DbOrTx, id: string) => {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.id, id), gt(ssoLogins.expiresAt, new Date())))
    .returning();
  return row;
};

export const findRole = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row;
};

/** Enabled holders of this role other than this user. */
export const countOtherEnabledHolders = async (db: DbOrTx, roleId: number, userId: number) => {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.isEnabled, true), ne(users.id, userId)));
  return Number(row?.value ?? 0);
};
