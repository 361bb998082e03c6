import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { sessions, users } from '../auth/schema.ts';

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
    /** U2F_TOKEN: the WebAuthn credential's id (base64url), unique across every user. */
    credentialId: text('credential_id'),
    /** U2F_TOKEN: the credential's COSE public key (base64url). Public, so stored as it is. */
    publicKey: text('public_key'),
    /** U2F_TOKEN: the authenticator's signature counter (0 for keys that keep none); it only grows. */
    signCount: bigint('sign_count', { mode: 'number' }),
    /** U2F_TOKEN: how the browser reaches the key (usb, nfc, ble, internal, hybrid), given back in options. */
    transports: jsonb('transports').$type<string[]>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_factors_user_idx').on(t.userId),
    // One authenticator app per user (a pending setup is replaced by the next one).
    uniqueIndex('mfa_factors_one_totp').on(t.userId).where(sql`${t.type} = 'TOTP'`),
    uniqueIndex('mfa_factors_credential_id').on(t.credentialId),
    // One phone and one Duo enrolment per user (a pending phone is replaced by the next setup).
    uniqueIndex('mfa_factors_one_sms').on(t.userId).where(sql`${t.type} = 'SMS_OTP'`),
    uniqueIndex('mfa_factors_one_duo').on(t.userId).where(sql`${t.type} = 'DUO'`),
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

/**
 * WebAuthn challenges, kept in the database so that any server process can check the answer. Each is
 * good for 5 minutes and once (spent by one DELETE ... RETURNING). A sign-in's challenge belongs to its
 * MFA-pending session and goes with it.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** REGISTER (adding a key) or AUTHENTICATE (signing in with one). */
    purpose: text('purpose').notNull(),
    /** The base64url challenge, as the browser echoes it in clientDataJSON. */
    challenge: text('challenge').notNull(),
    /** The session that asked (the MFA-pending one at sign-in); null for an API token. */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mfa_challenges_challenge').on(t.challenge),
    index('mfa_challenges_user_idx').on(t.userId),
    index('mfa_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * What a second factor sent out and waits for: a text-message code (stored as an HMAC, never in clear)
 * or a Duo push's transaction id. In the database, so that any server process can check it, and each is
 * used once (one conditional update). A sign-in's challenge belongs to its MFA-pending session and goes
 * with it; an enrolment's (`purpose` ENROL) belongs to the signed-in user.
 */
export const mfaSentCodes = pgTable(
  'mfa_sent_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** SMS_OTP or DUO. */
    type: text('type').notNull(),
    /** SIGN_IN or ENROL. */
    purpose: text('purpose').notNull(),
    /** SMS_OTP: HMAC-SHA256 of the code with the server's secret key. */
    codeHash: text('code_hash'),
    /** DUO: the push's transaction id. */
    txid: text('txid'),
    /** Wrong entries so far; at SMS_CODE_MAX_ATTEMPTS the code is spent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_sent_codes_user_idx').on(t.userId, t.type),
    index('mfa_sent_codes_session_idx').on(t.sessionId),
  ],
);
