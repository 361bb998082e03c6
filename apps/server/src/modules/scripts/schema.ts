import type { JobRunAs, ScriptParameter } from '@rmm/domain';
import { sql } from 'drizzle-orm';
import {
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

/**
 * The script library (MSP-wide, not per organization). A script's code, parameters, language, run-as and
 * timeout live in its numbered versions; the script row holds what describes it and its newest version.
 * Deleting a script deletes its versions: jobs keep the code they ran (`ResolvedLibraryScript`).
 */
export const scripts = pgTable(
  'scripts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    /** The newest version's language (the versions keep their own). */
    language: text('language').notNull(),
    operatingSystems: text('operating_systems').array().notNull(),
    /** The newest version's number. */
    version: integer('version').notNull().default(1),
    templateId: integer('template_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // A name is unique whatever its case.
  (t) => [uniqueIndex('scripts_name_unique').on(sql`lower(${t.name})`)],
);

export const scriptVersions = pgTable(
  'script_versions',
  {
    scriptId: integer('script_id')
      .notNull()
      .references(() => scripts.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    language: text('language').notNull(),
    code: text('code').notNull(),
    parameters: jsonb('parameters').$type<ScriptParameter[]>().notNull(),
    defaultRunAs: jsonb('default_run_as').$type<JobRunAs>().notNull(),
    timeoutSeconds: integer('timeout_seconds').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.scriptId, t.version] })],
);
