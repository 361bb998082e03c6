import { and, eq, not, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { brandingImages, helpTooltipDismissals } from '../../db/schema.ts';

export const LOGO_KEY = 'logo';

const meta = {
  contentType: brandingImages.contentType,
  sha256: brandingImages.sha256,
  width: brandingImages.width,
  height: brandingImages.height,
  updatedAt: brandingImages.updatedAt,
};

/** The logo without its bytes (every page reads the branding; only the logo's own URL reads the bytes). */
export const findImageMeta = async (db: DbOrTx, key: string) => {
  const [row] = await db
    .select({ ...meta, size: sql<number>`octet_length(${brandingImages.bytes})`.mapWith(Number) })
    .from(brandingImages)
    .where(eq(brandingImages.key, key));
  return row;
};

export const findImage = async (db: DbOrTx, key: string) => {
  const [row] = await db
    .select({ ...meta, bytes: brandingImages.bytes })
    .from(brandingImages)
    .where(eq(brandingImages.key, key));
  return row;
};

export const putImage = async (
  db: DbOrTx,
  image: { key: string; contentType: string; bytes: Buffer; sha256: string; width: number; height: number },
) => {
  const { key, ...values } = image;
  await db
    .insert(brandingImages)
    .values(image)
    .onConflictDoUpdate({ target: brandingImages.key, set: { ...values, updatedAt: sql`now()` } });
};

export const deleteImage = async (db: DbOrTx, key: string) => {
  const rows = await db
    .delete(brandingImages)
    .where(eq(brandingImages.key, key))
    .returning({ key: brandingImages.key });
  return rows.length > 0;
};

export const dismissedTooltipIds = async (db: DbOrTx, userId: number) =>
  (
    await db
      .select({ id: helpTooltipDismissals.tooltipId })
      .from(helpTooltipDismissals)
      .where(eq(helpTooltipDismissals.userId, userId))
      .orderBy(helpTooltipDismissals.tooltipId)
  ).map((row) => row.id);

/** The user's dismissed set becomes `ids`: the others are removed, new ones added, kept ones untouched. */
export const replaceDismissedTooltips = async (db: DbOrTx, userId: number, ids: string[]) => {
  await db
    .delete(helpTooltipDismissals)
    .where(
      ids.length > 0
        ? and(
            eq(helpTooltipDismissals.userId, userId),
            not(anyOf(helpTooltipDismissals.tooltipId, ids, 'text')),
          )
        : eq(helpTooltipDismissals.userId, userId),
    );
  if (ids.length > 0)
    await db
      .insert(helpTooltipDismissals)
      .values(ids.map((tooltipId) => ({ userId, tooltipId })))
      .onConflictDoNothing();
};
