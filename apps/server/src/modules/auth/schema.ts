import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { organizations } from '../organizations/schema.ts';

/** Tables of the auth module (all tables: db/schema.ts). */

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** TECHNICIAN or END_USER. */
  roleType: text('role_type').notNull().default('TECHNICIAN'),
  permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
  /** 'all' or a list of organization ids: a user sees what both this and their own scope allow. */
  organizationScope: jsonb('organization_scope')
    .$type<'all' | number[]>()
    .notNull()
    .default(sql`'"all"'::jsonb`),
  isBuiltIn: boolean('is_built_in').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** TECHNICIAN (signs in to the console) or END_USER (belongs to one organization). */
    userType: text('user_type').notNull().default('TECHNICIAN'),
    /** End users: their organization. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null until an invitation is accepted. */
    passwordHash: text('password_hash'),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** 'all' or a list of organization ids. */
    organizationScope: jsonb('organization_scope')
      .$type<'all' | number[]>()
      .notNull()
      .default(sql`'"all"'::jsonb`),
    isEnabled: boolean('is_enabled').notNull().default(true),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId),
    index('users_organization_idx').on(t.organizationId),
  ],
);

/** One-time links to set a password: an invitation, or a reset made by an administrator. */
export const passwordLinks = pgTable(
  'password_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** INVITE or RESET. */
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when used, or when a newer link replaces it. */
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_links_user_idx').on(t.userId)],
);

/** People of an organization who never sign in (who to call); spec §2 /administration/users/contacts. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    jobTitle: text('job_title').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('contacts_organization_idx').on(t.organizationId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(), // sha256 of the cookie value
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SESSION, or MFA_PENDING (accepted only by /auth/mfa/*). */
    kind: text('kind').notNull().default('SESSION'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /**
     * What the token may do, within what its owner may do at the time of each request; null (tokens made
     * before issue 13) means all of the owner's permissions.
     */
    permissions: jsonb('permissions').$type<string[]>(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
