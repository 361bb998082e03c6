import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { SSO_LANDING_PATH } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  ORIGIN,
  type TestContext,
} from '../../../test/helpers.ts';
import { activities, roles, settings, users } from '../../db/schema.ts';

/**
 * Single sign-on against a real OpenID Connect provider (oidc-provider 9) started here: a client whose
 * redirect URI is the test app's callback, accounts with an email and groups, and a login step that the
 * test itself answers over HTTP (no UI): the account is whichever the test named before the sign-in.
 */

const CLIENT_ID = 'rmm-console';
const CLIENT_SECRET = 'a-client-secret-that-must-never-be-answered-back';
const REDIRECT_URI = `${ORIGIN}/auth/sso/callback`;

type Account = { email: string; name: string; groups: string[]; emailVerified?: boolean };
const accounts = new Map<string, Account>([
  ['alice', { email: 'alice@test.local', name: 'Alice Existing', groups: ['staff'] }],
  ['bob', { email: 'bob@test.local', name: 'Bob New', groups: ['rmm-helpdesk', 'rmm-admins'] }],
  ['carol', { email: 'carol@test.local', name: 'Carol Nogroup', groups: ['marketing'] }],
  ['dave', { email: 'dave@test.local', name: 'Dave Disabled', groups: ['rmm-helpdesk'] }],
]);

const idp = { server: undefined as http.Server | undefined, issuer: '', nextAccount: 'alice' };
const silent = { server: undefined as net.Server | undefined, url: '' };

const startProvider = async () => {
  idp.server = http.createServer();
  await new Promise<void>((resolve) => idp.server!.listen(0, '127.0.0.1', resolve));
  idp.issuer = `http://127.0.0.1:${(idp.server.address() as AddressInfo).port}`;
  const provider = new Provider(idp.issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    findAccount: async (_ctx: unknown, id: string) => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.name,
          groups: account.groups,
        }),
      };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // A first-party client: no consent screen, the grant is made at once.
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string } };
    }) => {
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
  });
  const callback = provider.callback();
  idp.server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      // The login step, answered without a page: the account the test chose signs in.
      provider
        .interactionFinished(
          request,
          response,
          { login: { accountId: idp.nextAccount } },
          { mergeWithLastSubmission: false },
        )
        .catch((error: unknown) => {
          response.statusCode = 500;
          response.end(String(error));
        });
      return;
    }
    callback(request, response);
  });
};

/** A server that takes connections and never answers. */
const startSilentServer = async () => {
  silent.server = net.createServer(() => {});
  await new Promise<void>((resolve) => silent.server!.listen(0, '127.0.0.1', resolve));
  silent.url = `http://127.0.0.1:${(silent.server.address() as AddressInfo).port}`;
};

let ctx: TestContext;
const roleIds = new Map<string, number>();
let orgId: number;

beforeAll(async () => {
  await startProvider();
  await startSilentServer();
  ctx = await createTestApp({ ssoAllowHttp: true, ssoTimeoutMs: 1000 });
  for (const role of await ctx.db.select().from(roles)) roleIds.set(role.name, role.id);
  orgId = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
}, 30_000);
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => idp.server?.close(resolve));
  idp.server?.closeAllConnections();
  silent.server?.close();
});

const settingsBody = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  issuerUrl: idp.issuer,
  clientId: CLIENT_ID,
  groupMappings: [
    { group: 'rmm-helpdesk', roleId: roleIds.get('Helpdesk'), organizationScope: [orgId] },
    { group: 'rmm-admins', roleId: roleIds.get('Administrator'), organizationScope: 'all' },
  ],
  ...overrides,
});
const putSettings = async (overrides: Record<string, unknown> = {}) => {
  const response = await ctx.request('PUT', '/settings/sso', settingsBody(overrides));
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

/** A browser's round trip: start, the provider's redirects (its own cookies kept), then our callback. */
const signInThroughProvider = async (
  accountId: string,
  options: { tamper?: (callback: URL) => void } = {},
) => {
  idp.nextAccount = accountId;
  const start = await ctx.app.inject({ method: 'GET', url: '/auth/sso/start' });
  expect(start.statusCode, start.body).toBe(302);
  const ssoCookie = start.cookies.find((c) => c.name === 'rmm_sso');
  expect(ssoCookie?.httpOnly).toBe(true);
  let location = String(start.headers.location);
  const authorize = new URL(location);
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10 && location.startsWith(idp.issuer); hop++) {
    const response = await fetch(location, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const next = response.headers.get('location');
    if (!next) throw new Error(`provider answered ${response.status}: ${await response.text()}`);
    location = new URL(next, location).href;
  }
  const callback = new URL(location);
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  options.tamper?.(callback);
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    cookies: ssoCookie ? { rmm_sso: ssoCookie.value } : {},
  });
  return { authorize, answer };
};
const sessionOf = (answer: { cookies: { name: string; value: string }[] }) => {
  const cookie = answer.cookies.find((c) => c.name === 'rmm_session');
  return cookie ? `rmm_session=${cookie.value}` : undefined;
};
const me = async (cookie: string) => (await ctx.request('GET', '/auth/me', undefined, { cookie })).json();
const lastActivity = async (action: string) =>
  (await ctx.db.select().from(activities).where(eq(activities.action, action))).at(-1);

describe('single sign-on settings', () => {
  it('is off until configured: the sign-in page gets no button', async () => {
    const info = await ctx.app.inject({ method: 'GET', url: '/auth/sso' });
    expect(info.json()).toEqual({ enabled: false, buttonLabel: 'Sign in with single sign-on' });
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/sso/start' });
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?sso=refused&reason=disabled');
  });

  it('keeps the client secret encrypted and never answers it back', async () => {
    const saved = await putSettings({ clientSecret: CLIENT_SECRET });
    expect(saved.body).not.toContain(CLIENT_SECRET);
    expect(saved.json()).toMatchObject({
      enabled: true,
      clientSecretSet: true,
      scopes: 'openid email profile groups',
      groupsClaim: 'groups',
      jitEnabled: false,
      defaultRoleId: null,
      redirectUri: REDIRECT_URI,
    });
    const read = await ctx.request('GET', '/settings/sso');
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(CLIENT_SECRET);
    expect(read.json().clientSecretSet).toBe(true);
    const [row] = await ctx.db.select().from(settings).where(eq(settings.key, 'sso'));
    expect(JSON.stringify(row?.value)).not.toContain(CLIENT_SECRET);
    const activity = await lastActivity('settings.sso.update');
    expect(activity?.detail).toContain('clientSecret');
    expect(activity?.detail).not.toContain(CLIENT_SECRET);
    // Absent: the secret stays.
    expect((await putSettings()).json().clientSecretSet).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/sso' })).json().enabled).toBe(true);
  });

  it('refuses a mapping to a role that does not exist or is not a technician role, naming it', async () => {
    const missing = await ctx.request('PUT', '/settings/sso', settingsBody({ defaultRoleId: 999999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Role 999999');
    const endUserRole = roleIds.get('End user')!;
    const endUser = await ctx.request(
      'PUT',
      '/settings/sso',
      settingsBody({ groupMappings: [{ group: 'x', roleId: endUserRole }] }),
    );
    expect(endUser.statusCode).toBe(400);
    expect(endUser.json().error.message).toContain(`Role ${endUserRole}`);
  });

  it('refuses a mapping that grants more than the administrator holds', async () => {
    const manager = await createUser(ctx, { permissions: ['users.view', 'users.manage'], scope: [orgId] });
    const wide = await ctx.request('PUT', '/settings/sso', settingsBody(), { cookie: manager.cookie });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().error.message).toContain('Helpdesk');
    expect((await lastActivity('settings.sso.update'))?.outcome).toBe('FAILURE');
  });

  it('refuses an enabled configuration without an issuer', async () => {
    const response = await ctx.request('PUT', '/settings/sso', settingsBody({ issuerUrl: '' }));
    expect(response.statusCode).toBe(400);
  });
});

describe('single sign-on through a real provider', () => {
  beforeAll(async () => {
    await putSettings({ clientSecret: CLIENT_SECRET });
    await ctx.db.insert(users).values([
      {
        email: 'alice@test.local',
        name: 'Alice',
        passwordHash: null,
        roleId: roleIds.get('Read-only')!,
        organizationScope: 'all',
      },
      {
        email: 'dave@test.local',
        name: 'Dave',
        passwordHash: null,
        roleId: roleIds.get('Read-only')!,
        organizationScope: 'all',
        isEnabled: false,
      },
    ]);
  });

  it('signs in an existing technician: PKCE S256, state and nonce sent; the session works on /auth/me', async () => {
    const { authorize, answer } = await signInThroughProvider('alice');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('scope')).toBe('openid email profile groups');
    expect(answer.statusCode, answer.body).toBe(302);
    expect(answer.headers.location).toBe(SSO_LANDING_PATH);
    const cookie = sessionOf(answer)!;
    const who = await me(cookie);
    expect(who.user.email).toBe('alice@test.local');
    // No group of hers is mapped: her role stays.
    expect(who.user.roleName).toBe('Read-only');
    const activity = await lastActivity('auth.sso.login');
    expect(activity).toMatchObject({ outcome: 'SUCCESS', actorName: 'alice@test.local' });
    expect(activity?.detail).toContain('groups: staff');
  });

  it('updates an existing user from the first mapping that matches', async () => {
    accounts.get('alice')!.groups = ['staff', 'rmm-helpdesk'];
    const { answer } = await signInThroughProvider('alice');
    expect(answer.statusCode).toBe(302);
    const who = await me(sessionOf(answer)!);
    expect(who.user.roleName).toBe('Helpdesk');
    expect(who.user.organizationScope).toEqual([orgId]);
    expect((await lastActivity('user.sso.update'))?.detail).toContain('group rmm-helpdesk');
  });

  it('refuses an unknown email while just-in-time creation is off', async () => {
    const { answer } = await signInThroughProvider('bob');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/login?sso=refused&reason=unknown_user');
    expect(sessionOf(answer)).toBeUndefined();
    expect(await ctx.db.select().from(users).where(eq(users.email, 'bob@test.local'))).toEqual([]);
    const activity = await lastActivity('auth.sso.login');
    expect(activity).toMatchObject({ outcome: 'FAILURE', actorName: 'bob@test.local' });
    expect(activity?.detail).toContain('unknown_user');
  });

  it('creates a user just in time with the role and organizations of the first matching group', async () => {
    await putSettings({ jitEnabled: true });
    const { answer } = await signInThroughProvider('bob');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(SSO_LANDING_PATH);
    const who = await me(sessionOf(answer)!);
    expect(who.user).toMatchObject({
      email: 'bob@test.local',
      name: 'Bob New',
      roleName: 'Helpdesk',
      organizationScope: [orgId],
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.email, 'bob@test.local'));
    expect(row).toMatchObject({ userType: 'TECHNICIAN', passwordHash: null, isEnabled: true });
    expect((await lastActivity('user.sso.create'))?.targetName).toBe('bob@test.local');
    // No password, signed in through the provider: active (not an invitation, not a reset).
    expect((await ctx.request('GET', `/users/${row!.id}`)).json().status).toBe('ACTIVE');
  });

  it('refuses a new user whom no group maps when there is no default role, and takes the default role', async () => {
    const refused = await signInThroughProvider('carol');
    expect(refused.answer.headers.location).toBe('/login?sso=refused&reason=no_role');
    await putSettings({ jitEnabled: true, defaultRoleId: roleIds.get('Read-only') });
    const { answer } = await signInThroughProvider('carol');
    expect(answer.headers.location).toBe(SSO_LANDING_PATH);
    expect((await me(sessionOf(answer)!)).user).toMatchObject({
      roleName: 'Read-only',
      organizationScope: 'all',
    });
  });

  it('refuses a disabled account', async () => {
    const { answer } = await signInThroughProvider('dave');
    expect(answer.headers.location).toBe('/login?sso=refused&reason=account_disabled');
    expect(sessionOf(answer)).toBeUndefined();
  });

  it('refuses a wrong state, a callback without its cookie, and a replayed callback', async () => {
    const wrong = await signInThroughProvider('alice', {
      tamper: (callback) => callback.searchParams.set('state', 'not-the-state'),
    });
    expect(wrong.answer.headers.location).toBe('/login?sso=refused&reason=state');
    expect(sessionOf(wrong.answer)).toBeUndefined();

    const noCookie = await ctx.app.inject({ method: 'GET', url: '/auth/sso/callback?code=abc&state=def' });
    expect(noCookie.headers.location).toBe('/login?sso=refused&reason=state');

    // The same callback twice: the sign-in is spent by the first.
    let replay = '';
    const first = await signInThroughProvider('alice', {
      tamper: (callback) => {
        replay = `${callback.pathname}${callback.search}`;
      },
    });
    expect(first.answer.headers.location).toBe(SSO_LANDING_PATH);
    const again = await ctx.app.inject({ method: 'GET', url: replay });
    expect(again.headers.location).toBe('/login?sso=refused&reason=state');
    expect((await lastActivity('auth.sso.login'))?.detail).toContain('state');
  });

  it('answers a clear error when the provider does not answer', async () => {
    await putSettings({ issuerUrl: silent.url });
    const started = Date.now();
    const start = await ctx.app.inject({ method: 'GET', url: '/auth/sso/start' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(start.statusCode).toBe(302);
    expect(start.headers.location).toBe('/login?sso=error&reason=unavailable');
    const activity = await lastActivity('auth.sso.login');
    expect(activity?.outcome).toBe('FAILURE');
    expect(activity?.detail).toContain('unavailable');
    await putSettings();
  });
});
