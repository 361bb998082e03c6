import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { backupKeys, backupRepositories } from './schema.ts';

/** Queries of the organizations' backup keys and repositories. The sealed keys leave here only for keys.ts. */

export type SealedKeys = typeof backupKeys.$inferSelect;

export const findSealedKeys = async (db: DbOrTx, organizationId: number): Promise<SealedKeys | undefined> => {
  const [row] = await db.select().from(backupKeys).where(eq(backupKeys.organizationId, organizationId));
  return row;
};

/** Stores the first pair; a pair another request stored first wins (nothing happens here then). */
export const insertSealedKeys = async (db: DbOrTx, keys: Omit<SealedKeys, 'createdAt'>) => {
  await db.insert(backupKeys).values(keys).onConflictDoNothing();
};

export const hasSealedKeys = async (db: DbOrTx, organizationId: number) =>
  (await findSealedKeys(db, organizationId)) !== undefined;

export type RepositoryType = 'CLOUD' | 'LOCAL' | 'NETWORK_SHARE';

/** The repository of an organization's destination, made on first use (one for concurrent first uses). */
export const ensureRepository = async (
  db: DbOrTx,
  organizationId: number,
  type: RepositoryType,
  location = '',
): Promise<string> => {
  const where = and(
    eq(backupRepositories.organizationId, organizationId),
    eq(backupRepositories.type, type),
    eq(backupRepositories.location, location),
  );
  const [found] = await db.select({ id: backupRepositories.id }).from(backupRepositories).where(where);
  if (found) return found.id;
  await db.insert(backupRepositories).values({ organizationId, type, location }).onConflictDoNothing();
  const [made] = await db.select({ id: backupRepositories.id }).from(backupRepositories).where(where);
  return made!.id;
};

export const listRepositories = async (db: DbOrTx, organizationId: number) =>
  db
    .select({
      repositoryId: backupRepositories.id,
      type: backupRepositories.type,
      location: backupRepositories.location,
    })
    .from(backupRepositories)
    .where(eq(backupRepositories.organizationId, organizationId))
    .orderBy(asc(backupRepositories.createdAt), asc(backupRepositories.id));

export const findRepository = async (db: DbOrTx, repositoryId: string) => {
  const [row] = await db.select().from(backupRepositories).where(eq(backupRepositories.id, repositoryId));
  return row;
};
