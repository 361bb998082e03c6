import type { SearchCriteria } from '@rmm/domain';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

/** Tables of the searches module (all tables: db/schema.ts). */

/** Saved device searches (spec §3); the presets live in code with negative ids. */
export const savedSearches = pgTable('saved_searches', {
  id: serial('id').primaryKey(),
  search: text('search').notNull(),
  criteria: jsonb('criteria').$type<SearchCriteria>().notNull(),
  searchGroup: text('search_group').notNull().default('CUSTOM'),
  customFields: text('custom_fields'),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
