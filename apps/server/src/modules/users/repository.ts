import type { OrganizationScope, RoleType } from '@rmm/domain';
import { and, asc, count, desc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import {
  apiTokens,
  contacts,
  organizations,
  passwordLinks,
  roles,
  sessions,
  users,
} from '../../db/schema.ts';
import { inScope } from '../../lib/scope.ts';
import { escapeLike } from '../activities/repository.ts';

/** Queries of users, roles, password links, sessions, API tokens and contacts. */

// Written out: drizzle leaves a column unqualified in some selections, and "id" would then mean the user's.
const userCount = sql<number>`(select count(*) from users held where held.role_id = "roles"."id")`.mapWith(
  Number,
);

export const listRoles = async (db: DbOrTx, roleType?: RoleType) =>
  db
    .select({ role: roles, userCount })
    .from(roles)
    .where(roleType ? eq(roles.roleType, roleType) : undefined)
    .orderBy(desc(roles.isBuiltIn), asc(roles.name));

export const findRole = async (db: DbOrTx, id: number) => {
  const [row] = await db.select({ role: roles, userCount }).from(roles).where(eq(roles.id, id));
  return row;
};

export const findRoleByName = async (db: DbOrTx, name: string) => {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(sql`lower(${roles.name})`, name.toLowerCase()));
  return row;
};

export const insertRole = async (db: DbOrTx, values: typeof roles.$inferInsert) => {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
};

export const updateRole = async (db: DbOrTx, id: number, values: Partial<typeof roles.$inferInsert>) => {
  await db.update(roles).set(values).where(eq(roles.id, id));
};

export const deleteRole = async (db: DbOrTx, id: number) => {
  await db.delete(roles).where(eq(roles.id, id));
};

export const userIdsWithRole = async (db: DbOrTx, roleId: number) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.roleId, roleId))).map((r) => r.id);

const liveLink = sql`(select max(link.expires_at) from password_links link
  where link.user_id = "users"."id" and link.used_at is null)`;

const userColumns = {
  user: users,
  roleName: roles.name,
  organizationName: organizations.name,
  invitationExpiresAt: sql<Date | string | null>`${liveLink}`,
  /** INVITE or RESET: what the newest unused link is for (null when there is none). */
  liveLinkPurpose: sql<string | null>`(select link.purpose from password_links link
    where link.user_id = "users"."id" and link.used_at is null order by link.id desc limit 1)`,
};

const userQuery = (db: DbOrTx) =>
  db
    .select(userColumns)
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .leftJoin(organizations, eq(users.organizationId, organizations.id));

export type UserRow = Awaited<ReturnType<typeof findUser>> & {};

/**
 * End users are visible only within the caller's organizations; technicians to anyone who may view
 * users (they are not an organization's).
 */
const visibleTo = (scope: OrganizationScope) =>
  or(eq(users.userType, 'TECHNICIAN'), inScope(users.organizationId, scope) ?? sql`true`);

export const findUser = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await userQuery(db).where(and(eq(users.id, id), visibleTo(scope)));
  return row;
};

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row;
};

export const listUsers = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { userType: RoleType; search?: string; organizationId?: number; page: number; pageSize: number },
) => {
  const conditions: (SQL | undefined)[] = [eq(users.userType, query.userType), visibleTo(scope)];
  if (query.organizationId) conditions.push(eq(users.organizationId, query.organizationId));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(users.name, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    userQuery(db)
      .where(where)
      .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
};

export const insertUser = async (db: DbOrTx, values: typeof users.$inferInsert) => {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
};

export const updateUser = async (db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>) => {
  await db.update(users).set(values).where(eq(users.id, id));
};

export const deleteUser = async (db: DbOrTx, id: number) => {
  await db.delete(users).where(eq(users.id, id));
};

/**
 * The enabled technicians holding the Administrator role, locked for the rest of the transaction: two
 * administrators demoting each other at once cannot both pass the "last administrator" check.
 */
export const lockEnabledAdministrators = async (db: DbOrTx, administratorRoleId: number) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.roleId, administratorRoleId),
          eq(users.isEnabled, true),
          eq(users.userType, 'TECHNICIAN'),
        ),
      )
      .orderBy(users.id)
      .for('update')
  ).map((r) => r.id);

// ---------------------------------------------------------------- password links

export const insertPasswordLink = async (db: DbOrTx, values: typeof passwordLinks.$inferInsert) => {
  // A new link replaces the user's earlier ones.
  await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.userId, values.userId), isNull(passwordLinks.usedAt)));
  await db.insert(passwordLinks).values(values);
};

export const findPasswordLink = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select({ link: passwordLinks, user: users })
    .from(passwordLinks)
    .innerJoin(users, eq(passwordLinks.userId, users.id))
    .where(eq(passwordLinks.tokenHash, tokenHash));
  return row;
};

/** Marks the link used; answers false when another request used it first. */
export const usePasswordLink = async (db: DbOrTx, id: number) => {
  const rows = await db
    .update(passwordLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordLinks.id, id), isNull(passwordLinks.usedAt)))
    .returning({ id: passwordLinks.id });
  return rows.length === 1;
};

// ---------------------------------------------------------------- sessions

export const listSessions = async (db: DbOrTx, userId: number) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.kind, 'SESSION'), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.lastSeenAt));

export const deleteSession = async (db: DbOrTx, userId: number, id: string) => {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
    .returning({ id: sessions.id });
  return rows.length === 1;
};

/** Ends every session of the user (but `keep`, the caller's own when they act on themselves). */
export const deleteSessionsOf = async (db: DbOrTx, userId: number, keep?: string) => {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
};

// ---------------------------------------------------------------- API tokens

export const listApiTokens = async (db: DbOrTx, userId: number) =>
  db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));

export const insertApiToken = async (db: DbOrTx, values: typeof apiTokens.$inferInsert) => {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
};

export const revokeApiToken = async (db: DbOrTx, userId: number, id: number) => {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
    .returning();
  return row;
};

// ---------------------------------------------------------------- contacts

const contactQuery = (db: DbOrTx) =>
  db
    .select({ contact: contacts, organizationName: organizations.name })
    .from(contacts)
    .innerJoin(organizations, eq(contacts.organizationId, organizations.id));

export const findContact = async (db: DbOrTx, scope: OrganizationScope, id: number) => {
  const [row] = await contactQuery(db).where(
    and(eq(contacts.id, id), inScope(contacts.organizationId, scope)),
  );
  return row;
};

export const listContacts = async (
  db: DbOrTx,
  scope: OrganizationScope,
  query: { search?: string; organizationId?: number; page: number; pageSize: number },
) => {
  const conditions: (SQL | undefined)[] = [inScope(contacts.organizationId, scope)];
  if (query.organizationId) conditions.push(eq(contacts.organizationId, query.organizationId));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(ilike(contacts.name, pattern), ilike(contacts.email, pattern), ilike(contacts.phone, pattern)),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    contactQuery(db)
      .where(where)
      .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(contacts).where(where),
  ]);
  return { rows, count: Number(total?.value ?? 0) };
};

export const insertContact = async (db: DbOrTx, values: typeof contacts.$inferInsert) => {
  const [row] = await db.insert(contacts).values(values).returning({ id: contacts.id });
  return row!.id;
};

export const updateContact = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof contacts.$inferInsert>,
) => {
  await db.update(contacts).set(values).where(eq(contacts.id, id));
};

export const deleteContact = async (db: DbOrTx, id: number) => {
  await db.delete(contacts).where(eq(contacts.id, id));
};
