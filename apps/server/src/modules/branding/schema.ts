import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images of the branding (today the logo, `key = 'logo'`). A logo is at most LOGO_MAX_BYTES (512 KB), so
 * it is a row: every server process on the one database serves it, with no file store to share
 * (docs/decisions.md "Branding"). Written only after the built-in image check passed.
 */
export const brandingImages = pgTable(
  'branding_images',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** SHA-256 of the bytes, hex: the logo's URL carries its first characters, so a new logo is a new URL. */
    sha256: text('sha256').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('branding_images_content_type', sql`${t.contentType} IN ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

/** The help tooltips a user has dismissed ("Got it"): shown again to nobody who dismissed them. */
export const helpTooltipDismissals = pgTable(
  'help_tooltip_dismissals',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tooltipId: text('tooltip_id').notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tooltipId] })],
);
