import { hash, verify } from '@node-rs/argon2';
import {
  builtInRoles,
  intersectScopes,
  isPermission,
  type LoginRequest,
  type LoginResponse,
  type MeResponse,
  type SecuritySettings,
} from '@rmm/domain';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { DomainError } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { countRecoveryCodesLeft, listConfirmedFactors } from '../mfa/repository.ts';
import { getFeatureFlags, getSecuritySettings, securitySettingsOf } from '../settings/service.ts';
import * as repo from './repository.ts';

export const SESSION_COOKIE = 'rmm_session';
export const MFA_COOKIE = 'rmm_mfa';
const MFA_PENDING_MINUTES = 5;
/** Setting up an authenticator app at sign-in (MFA required, no factor yet) takes longer than a code. */
const MFA_ENROLMENT_MINUTES = 15;

/**
 * SESSION: the console's. MFA_PENDING: a password step awaiting its second factor (`/auth/mfa/verify`).
 * MFA_ENROLMENT: a password step of a user without a factor while MFA is required: it may only set up
 * an authenticator app, whose confirmation replaces it with a SESSION. Both restricted kinds live in the
 * MFA cookie, which the auth plugin reads only on routes marked `enrolment`.
 */
export type SessionKind = 'SESSION' | 'MFA_PENDING' | 'MFA_ENROLMENT';

// Compared against when the account does not exist, so both paths cost one argon2 verify.
const dummyHash = hash('not-a-real-password-0');

export const hashPassword = (password: string) => hash(password);

export type LoginMeta = { ip: string; userAgent: string | undefined };
export type LoginResult = {
  response: LoginResponse;
  cookie: { name: string; value: string; maxAgeSeconds: number };
};

/**
 * An enrolment session's first factor is confirmed: it is replaced by a console session, as a second
 * factor's verification replaces an MFA-pending one.
 */
export const finishEnrolment = async ({
  db,
  config,
  actor,
  meta,
}: {
  db: Db;
  config: Config;
  actor: Actor;
  meta: LoginMeta;
}) => {
  if (actor.sessionId) await repo.deleteSession(db, actor.sessionId);
  return startSession({
    db,
    config,
    user: actor,
    kind: 'SESSION',
    meta,
    activity: { action: 'auth.mfa.enrol', detail: `TOTP set up at sign-in from ${meta.ip}` },
  });
};

const invalidCredentials = () => new DomainError('INVALID_CREDENTIALS');

/**
 * The second factors a sign-in may use: the user's factor types that the security settings allow, and
 * recovery codes while some are left (a factor of a type no longer allowed counts as none).
 */
export const secondFactorsOf = async (db: DbOrTx, userId: number, allowed: readonly string[]) => {
  const types = [
    ...new Set(
      (await listConfirmedFactors(db, userId)).map((f) => f.type).filter((type) => allowed.includes(type)),
    ),
  ];
  if (types.length > 0 && (await countRecoveryCodesLeft(db, userId)) > 0) types.push('RECOVERY_CODE');
  return types;
};

/**
 * What a correct password leads to: a session, the second step (the factors it may use), or, while the
 * security settings require a factor the user does not have, the enrolment.
 */
export const afterPassword = async (
  db: DbOrTx,
  userId: number,
): Promise<{ kind: SessionKind; mfaTypes: string[] }> => {
  const security = await getSecuritySettings(db);
  const mfaTypes = await secondFactorsOf(db, userId, security.allowedMfaTypes);
  if (mfaTypes.length > 0) return { kind: 'MFA_PENDING', mfaTypes };
  return { kind: security.mfaRequired ? 'MFA_ENROLMENT' : 'SESSION', mfaTypes };
};

export const login = async ({
  db,
  config,
  input,
  meta,
}: {
  db: Db;
  config: Config;
  input: LoginRequest;
  meta: LoginMeta;
}): Promise<LoginResult> => {
  const found = await repo.findUserByEmail(db, input.email);
  if (!found) {
    await verify(await dummyHash, input.password).catch(() => false);
    throw invalidCredentials();
  }
  const { user } = found;
  if (user.lockedUntil && user.lockedUntil > new Date()) throw new DomainError('RATE_LIMITED');
  // An invited user without a password yet, and end users (the portal is theirs), never sign in here.
  const isValid =
    user.passwordHash !== null &&
    user.userType === 'TECHNICIAN' &&
    (await verify(user.passwordHash, input.password).catch(() => false));
  if (user.passwordHash === null) await verify(await dummyHash, input.password).catch(() => false);
  if (!isValid || !user.isEnabled) {
    await repo.recordFailedLogin(db, user.id, config.loginMaxFailures, config.loginLockMinutes);
    throw invalidCredentials();
  }
  // With a second factor, only an MFA-pending session is issued: POST /auth/mfa/verify makes the session.
  // Without one while the security settings require it, only an enrolment session (set up a factor).
  const { kind, mfaTypes } = await afterPassword(db, user.id);
  const cookie = await startSession({
    db,
    config,
    user,
    kind,
    meta,
    activity: {
      action: 'auth.login',
      detail: {
        SESSION: `from ${meta.ip}`,
        MFA_PENDING: `from ${meta.ip}; second factor pending`,
        MFA_ENROLMENT: `from ${meta.ip}; second factor required, enrolment pending`,
      }[kind],
    },
  });
  const response: LoginResponse =
    kind === 'MFA_ENROLMENT'
      ? { mfaRequired: true, mfaTypes: [], enrolmentRequired: true }
      : { mfaRequired: kind === 'MFA_PENDING', mfaTypes };
  return { response, cookie };
};

/**
 * A new server-side session (after a password, or a password set from an invitation link): stored
 * hashed, with the sign-in recorded and an activity written, all in one transaction.
 */
export const startSession = async ({
  db,
  config,
  user,
  kind,
  meta,
  activity,
}: {
  db: Db;
  config: Config;
  user: { id: number; email: string };
  kind: SessionKind;
  meta: LoginMeta;
  activity: { action: string; detail?: string };
}): Promise<LoginResult['cookie']> => {
  const token = randomToken();
  const ttlSeconds = {
    SESSION: config.sessionTtlHours * 3600,
    MFA_PENDING: MFA_PENDING_MINUTES * 60,
    MFA_ENROLMENT: MFA_ENROLMENT_MINUTES * 60,
  }[kind];
  await db.transaction(async (tx) => {
    // A sign-in counts once it is complete: after the second factor, when there is one.
    if (kind === 'SESSION') await repo.recordLogin(tx, user.id);
    await repo.insertSession(tx, {
      id: sha256(token),
      userId: user.id,
      kind,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      ipAddress: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    });
    await insertActivity(tx, {
      actorId: user.id,
      actorName: user.email,
      action: activity.action,
      targetType: 'user',
      targetId: user.id,
      targetName: user.email,
      outcome: 'SUCCESS',
      detail: activity.detail ?? null,
    });
  });
  return {
    name: kind === 'SESSION' ? SESSION_COOKIE : MFA_COOKIE,
    value: token,
    maxAgeSeconds: ttlSeconds,
  };
};

export const logout = async ({ db, actor }: { db: Db; actor: Actor }) => {
  await db.transaction(async (tx) => {
    if (actor.sessionId) await repo.deleteSession(tx, actor.sessionId);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'auth.logout',
      targetType: 'user',
      targetId: actor.id,
      targetName: actor.email,
      outcome: 'SUCCESS',
    });
  });
};

/**
 * The caller as every service sees them: a technician's role permissions (narrowed by an API token's
 * own list) and the organizations both their scope and their role's allow. End users never act here.
 */
const toActor = (
  found: NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>,
  via: Actor['via'],
  options: { sessionId?: string; tokenPermissions?: string[] | null; enrolment?: boolean } = {},
): Actor | null => {
  if (!found.user.isEnabled || found.user.userType !== 'TECHNICIAN') return null;
  const tokenPermissions = options.tokenPermissions ? new Set(options.tokenPermissions) : null;
  return {
    id: found.user.id,
    email: found.user.email,
    name: found.user.name,
    roleName: found.role.name,
    roleId: found.role.id,
    permissions: new Set(
      found.role.permissions.filter((p) => isPermission(p) && (tokenPermissions?.has(p) ?? true)),
    ) as Actor['permissions'],
    scope: intersectScopes(found.user.organizationScope, found.role.organizationScope),
    via,
    sessionId: options.sessionId,
    ...(options.enrolment ? { enrolment: true } : {}),
  };
};

/**
 * The actor behind a session cookie, or null. Sessions are server-side, so they can be revoked. A
 * session unused for the security settings' idle timeout is deleted and refused. `last_seen_at` is
 * written at most once a minute (no write per request), so the idle time counts from up to a minute
 * before the last use: a session may end up to a minute early, never late.
 */
export const actorFromSession = async ({
  db,
  token,
  kind = 'SESSION',
}: {
  db: Db;
  token: string;
  kind?: SessionKind;
}) => {
  const idHash = sha256(token);
  const found = await repo.findLiveSessionUser(db, idHash);
  if (!found || found.session.kind !== kind) return null;
  const { sessionIdleMinutes } = securitySettingsOf(found.security as Partial<SecuritySettings> | null);
  if (found.idleSeconds > sessionIdleMinutes * 60) {
    await repo.deleteSession(db, idHash);
    return null;
  }
  if (found.idleSeconds > 60) await repo.touchSession(db, idHash);
  return toActor(found, 'session', { sessionId: idHash, enrolment: kind === 'MFA_ENROLMENT' });
};

export const actorFromApiToken = async ({ db, token }: { db: Db; token: string }) => {
  const row = await repo.findLiveApiToken(db, sha256(token));
  if (!row || (row.expiresAt && row.expiresAt <= new Date())) return null;
  const found = await repo.findUserById(db, row.userId);
  if (!found) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await repo.touchApiToken(db, row.id);
  return toActor(found, 'token', { tokenPermissions: row.permissions });
};

/**
 * A user acting without a request (a scheduled task's runs act as its owner): their rights as a session
 * would have them now, or null when the user is gone, disabled or not a technician.
 */
export const actorOfUser = async ({ db, userId }: { db: DbOrTx; userId: number }): Promise<Actor | null> => {
  const found = await repo.findUserById(db, userId);
  return found ? toActor(found, 'session') : null;
};

export const me = async ({ db, actor }: { db: Db; actor: Actor }): Promise<MeResponse> => ({
  user: {
    id: actor.id,
    email: actor.email,
    name: actor.name,
    roleName: actor.roleName,
    roleId: actor.roleId ?? 0,
    organizationScope: actor.scope,
  },
  permissions: [...actor.permissions].sort(),
  featureFlags: await getFeatureFlags(db),
});

/**
 * First start: on an empty database the admin comes from ADMIN_EMAIL/ADMIN_PASSWORD, or gets a
 * generated password that is printed once. The Administrator role always holds every permission.
 */
export const ensureAdministrator = async ({
  db,
  config,
  print,
}: {
  db: Db;
  config: Config;
  print: (line: string) => void;
}) => {
  const roleIds = await repo.upsertBuiltInRoles(db, builtInRoles);
  const roleId = roleIds.get('Administrator')!;
  if ((await repo.countUsers(db)) > 0) return;
  const email = (config.adminEmail ?? 'admin@example.com').toLowerCase();
  const password = config.adminPassword ?? randomToken(12);
  await repo.insertUser(db, {
    email,
    name: 'Administrator',
    passwordHash: await hashPassword(password),
    roleId,
    organizationScope: 'all',
  });
  if (!config.adminPassword) {
    print(
      `Administrator created: ${email} with password ${password} (shown once; change it after signing in)`,
    );
  } else {
    print(`Administrator created: ${email}`);
  }
};
