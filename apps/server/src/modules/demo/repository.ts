import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { locations, organizations, roles, users } from '../../db/schema.ts';

/** The first user (the administrator created on the first start) with its role's name. */
export const findFirstUser = async (db: DbOrTx) => {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(users.roleId, roles.id))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
};

/** The organization of that name, if any. */
export const findOrganizationByName = async (db: DbOrTx, name: string) => {
  const [row] = await db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
  return row;
};

/** An organization's first location, if it has one. */
export const findFirstLocation = async (db: DbOrTx, organizationId: number) => {
  const [row] = await db
    .select()
    .from(locations)
    .where(eq(locations.organizationId, organizationId))
    .orderBy(asc(locations.id))
    .limit(1);
  return row;
};
