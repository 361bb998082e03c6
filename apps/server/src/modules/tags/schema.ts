import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { devices } from '../devices/schema.ts';

/** The MSP's device tags: a name unique whatever its case (spec §5 rules, checked by the domain's `Tag`). */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Which device carries which tag. The key serves a device's tags; the tag-first index serves the search
 * criterion (`hasAnyOf`...) and the counts per tag. Both go with the device or the tag.
 */
export const deviceTags = pgTable(
  'device_tags',
  {
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceId, t.tagId] }),
    index('device_tags_tag_idx').on(t.tagId, t.deviceId),
  ],
);
