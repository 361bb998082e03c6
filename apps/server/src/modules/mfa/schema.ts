import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../auth/schema.ts';

/** Tables of the MFA module (all tables: db/schema.ts). */

/** A user's second factors. A TOTP factor is pending (no `confirmedAt`) until its first code is entered. */
export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** U2F_TOKEN, TOTP, SMS_OTP, DUO. */
    type: text('type').notNull(),
    label: text('label').notNull().default(''),
    /** The factor's secret (a TOTP key), encrypted with the server's secret key (`encryptSecret`). */
    secretEncrypted: text('secret_encrypted'),
    /** TOTP: the last time step accepted; a code of that step or an earlier one is refused (no replay). */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_factors_user_idx').on(t.userId),
    // One authenticator app per user (a pending setup is replaced by the next one).
    uniqueIndex('mfa_factors_one_totp').on(t.userId).where(sql`${t.type} = 'TOTP'`),
  ],
);

/** One-time recovery codes, stored as SHA-256 (they are random, so no slow hash is needed). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_recovery_codes_user_idx').on(t.userId),
    uniqueIndex('mfa_recovery_codes_hash').on(t.codeHash),
  ],
);
