import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { savedSearches } from '../../db/schema.ts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;
export type SavedSearchValues = Pick<
  typeof savedSearches.$inferInsert,
  'search' | 'criteria' | 'searchGroup' | 'customFields'
>;

export const listSavedSearches = (db: DbOrTx) =>
  db
    .select()
    .from(savedSearches)
    .orderBy(asc(sql`lower(${savedSearches.search})`), asc(savedSearches.id));

export const findSavedSearch = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row;
};

export const insertSavedSearch = async (db: DbOrTx, values: SavedSearchValues & { createdById: number }) => {
  const [row] = await db.insert(savedSearches).values(values).returning();
  return row!;
};

export const updateSavedSearch = async (db: DbOrTx, id: number, values: Partial<SavedSearchValues>) => {
  const [row] = await db
    .update(savedSearches)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedSearches.id, id))
    .returning();
  return row;
};

export const deleteSavedSearch = async (db: DbOrTx, id: number) => {
  await db.delete(savedSearches).where(eq(savedSearches.id, id));
};
