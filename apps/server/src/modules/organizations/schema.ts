import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';

/** Tables of the organizations module (all tables: db/schema.ts). */

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    nodeApprovalMode: text('node_approval_mode').notNull().default('AUTOMATIC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('organizations_name_idx').on(sql`lower(${t.name})`)],
);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('locations_org_idx').on(t.organizationId)],
);
