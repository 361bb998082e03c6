import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { settings } from '../../db/schema.ts';

export const getSetting = async <T>(db: DbOrTx, key: string): Promise<T | undefined> => {
  const [row] = await db.select().from(settings).where(eq(settings.key, key));
  return row?.value as T | undefined;
};

export const putSetting = async (db: DbOrTx, key: string, value: unknown) => {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
};
