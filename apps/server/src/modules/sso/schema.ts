import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Tables of the single sign-on module (all tables: db/schema.ts). */

/**
 * Sign-ins started at `/auth/sso/start` and not back yet: the state, nonce and PKCE verifier the callback
 * checks. In the database, so that any server process can take the callback; keyed by the SHA-256 of the
 * short-lived `rmm_sso` cookie's value, good for 10 minutes and once (spent by one DELETE … RETURNING).
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    id: text('id').primaryKey(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);
