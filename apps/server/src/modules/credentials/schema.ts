import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';

/** Organization credentials: the password only as `encryptSecret` output (AES-256-GCM, the server's key). */
export const credentials = pgTable(
  'credentials',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** WINDOWS_LOCAL_ADMIN, WINDOWS_DOMAIN_ADMIN, MAC, LINUX. */
    kind: text('kind').notNull(),
    username: text('username').notNull(),
    domain: text('domain').notNull().default(''),
    passwordEncrypted: text('password_encrypted').notNull(),
    preferred: boolean('preferred').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credentials_organization_idx').on(t.organizationId),
    // One preferred credential per organization and kind.
    uniqueIndex('credentials_one_preferred').on(t.organizationId, t.kind).where(sql`${t.preferred}`),
  ],
);
