import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';
import { locations, organizations } from '../organizations/schema.ts';

/** Tables of the enrollment module (all tables: db/schema.ts). */

/** Scoped enrolment tokens: an agent exchanges one for a device identity. Only the hash is kept. */
export const enrollmentTokens = pgTable(
  'enrollment_tokens',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    usedCount: integer('used_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('enrollment_tokens_org_idx').on(t.organizationId, t.createdAt.desc())],
);
