import {
  ADMINISTRATOR_ROLE,
  intersectScopes,
  isPermission,
  type OrganizationScope,
  SSO_DEFAULT_BUTTON_LABEL,
  SSO_DEFAULT_GROUPS_CLAIM,
  SSO_DEFAULT_SCOPES,
  SSO_LOGIN_TTL_MINUTES,
  type SsoGroupMapping,
  type SsoInfo,
  type SsoReason,
  type SsoSettings,
  scopeWithin,
  ssoMessages,
  type UpdateSsoSettingsRequest,
} from '@rmm/domain';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import type { Bus } from '../../bus/index.ts';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/database.ts';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../../lib/crypto.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import * as authRepo from '../auth/repository.ts';
import { announceUsersChanged } from '../auth/revocation.ts';
import { type LoginMeta, type LoginResult, startSession } from '../auth/service.ts';
import { existingOrganizationIds } from '../organizations/repository.ts';
import { getSetting, putSetting } from '../settings/repository.ts';
import { insertUser, updateUser } from '../users/repository.ts';
import * as repo from './repository.ts';

/**
 * OpenID Connect single sign-on: authorization code with PKCE (S256), state and nonce, through
 * openid-client. The identity provider vouches for the person, so no second factor of this console is
 * asked after it (configure one at the provider). The settings live in the settings table under `sso`,
 * the client secret encrypted with the server's key.
 */

export const SSO_COOKIE = 'rmm_sso';
const SETTINGS_KEY = 'sso';

type Stored = Omit<z.output<typeof UpdateSsoSettingsRequest>, 'clientSecret'> & {
  clientSecretEncrypted: string | null;
};

const defaults: Stored = {
  enabled: false,
  issuerUrl: '',
  clientId: '',
  clientSecretEncrypted: null,
  scopes: SSO_DEFAULT_SCOPES,
  groupsClaim: SSO_DEFAULT_GROUPS_CLAIM,
  buttonLabel: SSO_DEFAULT_BUTTON_LABEL,
  jitEnabled: false,
  defaultRoleId: null,
  groupMappings: [],
};

const readStored = async (db: DbOrTx): Promise<Stored> => ({
  ...defaults,
  ...((await getSetting<Partial<Stored>>(db, SETTINGS_KEY)) ?? {}),
});

/** Where the provider sends the browser back: PUBLIC_URL's, or else the request's own origin. */
export const redirectUriOf = (config: Config, requestOrigin: string) =>
  `${(config.publicUrl ?? requestOrigin).replace(/\/+$/, '')}/auth/sso/callback`;

const toSettings = (stored: Stored, redirectUri: string): SsoSettings => {
  const { clientSecretEncrypted, ...rest } = stored;
  return { ...rest, clientSecretSet: clientSecretEncrypted !== null, redirectUri };
};

export const getSsoSettings = async (db: Db, redirectUri: string) =>
  toSettings(await readStored(db), redirectUri);

export const getSsoInfo = async (db: Db): Promise<SsoInfo> => {
  const stored = await readStored(db);
  return { enabled: isUsable(stored), buttonLabel: stored.buttonLabel };
};

const isUsable = (stored: Stored) => stored.enabled && stored.issuerUrl !== '' && stored.clientId !== '';

/**
 * The roles a mapping names exist, are technician roles and grant nothing the administrator lacks; the
 * organizations a mapped user would see (the mapping's within the role's) lie within the administrator's.
 */
const assertMappingsGrantable = async (db: Db, actor: Actor, input: Stored) => {
  const checks: { roleId: number; scope: OrganizationScope; group: string }[] = [
    ...input.groupMappings.map((m) => ({ roleId: m.roleId, scope: m.organizationScope, group: m.group })),
    ...(input.defaultRoleId === null
      ? []
      : [{ roleId: input.defaultRoleId, scope: 'all' as const, group: '' }]),
  ];
  for (const check of checks) {
    const role = await repo.findRole(db, check.roleId);
    if (role?.roleType !== 'TECHNICIAN') throw badRequest(ssoMessages.unknownRole(check.roleId));
    if (role.permissions.some((p) => !isPermission(p) || !actor.permissions.has(p)))
      throw badRequest(ssoMessages.roleTooWide(role.name));
    if (!scopeWithin(intersectScopes(check.scope, role.organizationScope), actor.scope))
      throw badRequest(ssoMessages.scopeTooWide(check.group || `default (role ${role.name})`));
    if (check.scope !== 'all') {
      const existing = await existingOrganizationIds(db, check.scope);
      const missing = check.scope.find((id) => !existing.has(id));
      if (missing !== undefined) throw badRequest(ssoMessages.unknownOrganization(missing));
    }
  }
};

export const updateSsoSettings = async ({
  db,
  actor,
  config,
  secretKey,
  input,
  redirectUri,
}: {
  db: Db;
  actor: Actor;
  config: Config;
  secretKey: Buffer;
  input: z.output<typeof UpdateSsoSettingsRequest>;
  redirectUri: string;
}) => {
  const { clientSecret, ...fields } = input;
  if (fields.issuerUrl.startsWith('http://') && !config.ssoAllowHttp)
    throw badRequest(ssoMessages.issuerHttps);
  const before = await readStored(db);
  const next: Stored = {
    ...fields,
    issuerUrl: fields.issuerUrl.replace(/\/+$/, ''),
    clientSecretEncrypted:
      clientSecret === undefined
        ? before.clientSecretEncrypted
        : clientSecret === ''
          ? null
          : encryptSecret(secretKey, clientSecret),
  };
  await assertMappingsGrantable(db, actor, next);
  // Which fields changed, by name: never a value (the secret least of all).
  const changed: string[] = (Object.keys(fields) as (keyof typeof fields)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(next[key]),
  );
  if (clientSecret !== undefined) changed.push(clientSecret === '' ? 'clientSecret removed' : 'clientSecret');
  await db.transaction(async (tx) => {
    await putSetting(tx, SETTINGS_KEY, next);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.sso.update',
      targetType: 'settings',
      targetName: 'Single sign-on',
      outcome: 'SUCCESS',
      detail: changed.length > 0 ? changed.join(', ') : 'no change',
    });
  });
  discoveries.clear();
  return toSettings(next, redirectUri);
};

// ---------------------------------------------------------------- the sign-in

/** A sign-in that ends on the sign-in page: `refused` (this person, here) or `error` (the set-up, the provider). */
export class SsoRefusal extends Error {
  constructor(
    readonly kind: 'refused' | 'error',
    readonly reason: SsoReason,
    readonly detail: string,
    readonly who?: { id: number | null; email: string },
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Discovery answers, kept 5 minutes per issuer, client and secret; a failed discovery is not kept. */
const DISCOVERY_TTL_MS = 5 * 60_000;
const discoveries = new Map<string, { at: number; configuration: Promise<oidc.Configuration> }>();

const isUnavailable = (error: unknown): boolean =>
  error instanceof TypeError ||
  (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) ||
  (error instanceof Error && error.cause instanceof Error && isUnavailable(error.cause));

const describe = (error: unknown) => {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError)
    return `${error.error}${error.error_description ? `: ${error.error_description}` : ''}`;
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
};

const providerError = (error: unknown, during: string): SsoRefusal =>
  isUnavailable(error)
    ? new SsoRefusal('error', 'unavailable', `${during}: ${describe(error)}`)
    : new SsoRefusal('error', 'misconfigured', `${during}: ${describe(error)}`);

const configurationOf = async (config: Config, secretKey: Buffer, stored: Stored) => {
  const key = JSON.stringify([stored.issuerUrl, stored.clientId, stored.clientSecretEncrypted]);
  const cached = discoveries.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const secret = stored.clientSecretEncrypted ? decryptSecret(secretKey, stored.clientSecretEncrypted) : null;
  const isHttp = stored.issuerUrl.startsWith('http://');
  if (isHttp && !config.ssoAllowHttp) throw new SsoRefusal('error', 'misconfigured', ssoMessages.issuerHttps);
  const configuration = oidc.discovery(
    new URL(stored.issuerUrl),
    stored.clientId,
    undefined,
    secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
    {
      timeout: config.ssoTimeoutMs / 1000,
      ...(isHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    },
  );
  discoveries.set(key, { at: Date.now(), configuration });
  configuration.catch(() => discoveries.delete(key));
  try {
    return await configuration;
  } catch (error) {
    throw providerError(error, 'discovery');
  }
};

const liveSettings = async (db: Db) => {
  const stored = await readStored(db);
  if (!isUsable(stored)) throw new SsoRefusal('refused', 'disabled', 'single sign-on is off');
  return stored;
};

/** `GET /auth/sso/start`: the provider's address to send the browser to, and the cookie that ties the callback. */
export const startSsoLogin = async ({
  db,
  config,
  secretKey,
  redirectUri,
}: {
  db: Db;
  config: Config;
  secretKey: Buffer;
  redirectUri: string;
}) => {
  const stored = await liveSettings(db);
  const configuration = await configurationOf(config, secretKey, stored);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const cookieToken = randomToken();
  await repo.insertLogin(db, {
    id: sha256(cookieToken),
    state,
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + SSO_LOGIN_TTL_MINUTES * 60_000),
  });
  const location = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: stored.scopes,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { location: location.href, cookieToken };
};

const groupsOf = (claims: Record<string, unknown>, claim: string): string[] => {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
};

/** The first mapping (in the administrator's order) whose group the person is in. */
export const matchMapping = (mappings: readonly SsoGroupMapping[], groups: readonly string[]) =>
  mappings.find((m) => groups.includes(m.group));

/** A mapped scope without organizations deleted since the mapping was saved. */
const liveScope = async (db: DbOrTx, scope: OrganizationScope): Promise<OrganizationScope> => {
  if (scope === 'all') return scope;
  const existing = await existingOrganizationIds(db, scope);
  return scope.filter((id) => existing.has(id));
};

/**
 * `GET /auth/sso/callback`: exchanges the code (openid-client checks the state, the PKCE verifier, and
 * the ID token's issuer, audience, signature and nonce), then signs in the person whose email it names.
 */
export const finishSsoLogin = async ({
  db,
  bus,
  config,
  secretKey,
  cookieToken,
  query,
  redirectUri,
  meta,
}: {
  db: Db;
  bus: Bus;
  config: Config;
  secretKey: Buffer;
  cookieToken: string | undefined;
  query: string;
  redirectUri: string;
  meta: LoginMeta;
}): Promise<LoginResult['cookie']> => {
  const login = cookieToken ? await repo.takeLogin(db, sha256(cookieToken)) : undefined;
  if (!login) throw new SsoRefusal('refused', 'state', 'no live sign-in for this browser');
  const currentUrl = new URL(redirectUri);
  currentUrl.search = query;
  const params = currentUrl.searchParams;
  if (params.get('state') !== login.state)
    throw new SsoRefusal('refused', 'state', 'the state does not match');
  if (params.has('error'))
    throw new SsoRefusal(
      'refused',
      'provider',
      `${params.get('error')}${params.has('error_description') ? `: ${params.get('error_description')}` : ''}`.slice(
        0,
        500,
      ),
    );
  const stored = await liveSettings(db);
  const configuration = await configurationOf(config, secretKey, stored);

  let claims: Record<string, unknown>;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: login.state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    // Providers put the email or the groups in the ID token or only in UserInfo: both are read, the ID token first.
    let userInfo: Record<string, unknown> = {};
    if (configuration.serverMetadata().userinfo_endpoint)
      userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    claims = { ...userInfo, ...idClaims };
  } catch (error) {
    if (error instanceof SsoRefusal) throw error;
    const refusal = providerError(error, 'code exchange');
    // A provider that answered but whose answer does not check out refused this sign-in; it is not down.
    throw refusal.reason === 'unavailable' ? refusal : new SsoRefusal('refused', 'provider', refusal.detail);
  }

  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (email === '' || claims.email_verified === false)
    throw new SsoRefusal('refused', 'no_email', `subject ${String(claims.sub)}: no verified email`);
  const groups = groupsOf(claims, stored.groupsClaim);
  const mapping = matchMapping(stored.groupMappings, groups);
  const groupsNote = `groups: ${groups.length > 0 ? groups.join(', ').slice(0, 300) : 'none'}`;

  const found = await authRepo.findUserByEmail(db, email);
  let user: { id: number; email: string };
  let detail: string;
  if (found) {
    user = found.user;
    const who = { id: found.user.id, email: found.user.email };
    if (found.user.userType !== 'TECHNICIAN')
      throw new SsoRefusal('refused', 'not_technician', 'an end user', who);
    if (!found.user.isEnabled)
      throw new SsoRefusal('refused', 'account_disabled', 'the account is disabled', who);
    detail = `existing user; ${groupsNote}`;
    if (mapping) detail += `; ${await applyMapping(db, bus, found, mapping)}`;
  } else {
    const roleId = mapping?.roleId ?? stored.defaultRoleId;
    const who = { id: null, email };
    if (!stored.jitEnabled)
      throw new SsoRefusal(
        'refused',
        'unknown_user',
        `no such user; automatic creation is off; ${groupsNote}`,
        who,
      );
    if (roleId === null)
      throw new SsoRefusal(
        'refused',
        'no_role',
        `no mapping matches and no default role; ${groupsNote}`,
        who,
      );
    const role = await repo.findRole(db, roleId);
    if (role?.roleType !== 'TECHNICIAN')
      throw new SsoRefusal('error', 'misconfigured', ssoMessages.unknownRole(roleId), who);
    const organizationScope = await liveScope(db, mapping?.organizationScope ?? 'all');
    const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : email;
    const id = await db.transaction(async (tx) => {
      const newId = await insertUser(tx, {
        email,
        name: name.slice(0, 200),
        userType: 'TECHNICIAN',
        roleId,
        organizationScope,
        passwordHash: null,
      });
      await insertActivity(tx, {
        actorId: newId,
        actorName: email,
        action: 'user.sso.create',
        targetType: 'user',
        targetId: newId,
        targetName: email,
        outcome: 'SUCCESS',
        detail: `created at single sign-on with role ${role.name}${mapping ? ` (group ${mapping.group})` : ' (default role)'}`,
      });
      return newId;
    });
    user = { id, email };
    detail = `created just in time; ${groupsNote}`;
  }
  return startSession({
    db,
    config,
    user,
    kind: 'SESSION',
    meta,
    activity: { action: 'auth.sso.login', detail: `from ${meta.ip}; ${detail}`.slice(0, 1000) },
  });
};

/**
 * An existing user whose group matches a mapping takes its role and organizations at each sign-in (the
 * provider is the source of truth for them), except that the last enabled administrator is not demoted.
 */
const applyMapping = async (
  db: Db,
  bus: Bus,
  found: NonNullable<Awaited<ReturnType<typeof authRepo.findUserByEmail>>>,
  mapping: SsoGroupMapping,
) => {
  const role = await repo.findRole(db, mapping.roleId);
  if (role?.roleType !== 'TECHNICIAN')
    throw new SsoRefusal('error', 'misconfigured', ssoMessages.unknownRole(mapping.roleId), {
      id: found.user.id,
      email: found.user.email,
    });
  const organizationScope = await liveScope(db, mapping.organizationScope);
  const sameRole = role.id === found.user.roleId;
  const sameScope = JSON.stringify(organizationScope) === JSON.stringify(found.user.organizationScope);
  if (sameRole && sameScope) return `group ${mapping.group}: role and organizations unchanged`;
  const isAdministrator = found.role.isBuiltIn && found.role.name === ADMINISTRATOR_ROLE;
  if (
    !sameRole &&
    isAdministrator &&
    (await repo.countOtherEnabledHolders(db, found.role.id, found.user.id)) === 0
  )
    return `group ${mapping.group}: role kept (the last enabled administrator)`;
  await db.transaction(async (tx) => {
    await updateUser(tx, found.user.id, { roleId: role.id, organizationScope });
    await insertActivity(tx, {
      actorId: found.user.id,
      actorName: found.user.email,
      action: 'user.sso.update',
      targetType: 'user',
      targetId: found.user.id,
      targetName: found.user.email,
      outcome: 'SUCCESS',
      detail: `group ${mapping.group}: role ${role.name}, organizations ${JSON.stringify(organizationScope)}`,
    });
  });
  announceUsersChanged(bus, [found.user.id]);
  return `group ${mapping.group}: role ${role.name}, organizations updated`;
};

/** A refused or failed single sign-on, as an activity. */
export const recordRefusal = async (db: Db, refusal: SsoRefusal, meta: LoginMeta) => {
  await insertActivity(db, {
    actorId: refusal.who?.id ?? null,
    actorName: refusal.who?.email ?? 'anonymous',
    action: 'auth.sso.login',
    targetType: refusal.who ? 'user' : null,
    targetId: refusal.who?.id ?? null,
    targetName: refusal.who?.email ?? null,
    outcome: 'FAILURE',
    detail: `${refusal.kind} ${refusal.reason} from ${meta.ip}: ${refusal.detail}`.slice(0, 1000),
  });
};
