import { allPermissions } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginMaxFailures: 3, loginRatePerMinute: 1000 });
});
afterAll(() => ctx?.close());

const loginAs = (payload: unknown, headers: Record<string, string> = { origin: ORIGIN }) =>
  ctx.app.inject({ method: 'POST', url: '/auth/login', headers, payload: payload as object });

describe('sign-in', () => {
  it('signs the admin in with an httpOnly, SameSite session cookie and no MFA step', async () => {
    const response = await loginAs(ADMIN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mfaRequired: false, mfaTypes: [] });
    const cookie = response.cookies.find((c) => c.name === 'rmm_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('answers /auth/me with the user, every permission of the Administrator role, and the feature flags', async () => {
    const response = await ctx.request('GET', '/auth/me');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email: ADMIN.email,
      roleName: 'Administrator',
      organizationScope: 'all',
    });
    expect(body.permissions).toEqual([...allPermissions].sort());
    expect(body.featureFlags).toEqual({ backup_arrow_image: false, dark_mode: true, psa_connectwise: false });
  });

  it('refuses a wrong password with the error body and records a failure activity', async () => {
    const response = await loginAs({ email: ADMIN.email, password: 'wrong' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'INVALID_CREDENTIALS', message: 'The email or password is incorrect.' },
    });
    const activities = await ctx.request('GET', '/activities?action=auth.login&outcome=FAILURE');
    expect(activities.json().data[0]).toMatchObject({ actorName: ADMIN.email, outcome: 'FAILURE' });
  });

  it('gives an unknown account the same answer as a wrong password', async () => {
    const response = await loginAs({ email: 'nobody@test.local', password: 'whatever' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a sign-in without an allowed Origin (login CSRF)', async () => {
    expect((await loginAs(ADMIN, {})).statusCode).toBe(403);
    const foreign = await loginAs(ADMIN, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('ORIGIN_REFUSED');
    expect((await loginAs(ADMIN, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    for (let i = 0; i < 3; i++) {
      expect((await loginAs({ email: tech.email, password: 'bad' })).statusCode).toBe(401);
    }
    const locked = await loginAs({ email: tech.email, password: tech.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
  });

  it('revokes the session on sign-out', async () => {
    const cookie = await ctx.login();
    expect((await ctx.request('POST', '/auth/logout', undefined, { cookie })).statusCode).toBe(200);
    const after = await ctx.request('GET', '/auth/me', undefined, { cookie });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'You are not signed in.' } });
  });

  it('accepts a Bearer API token without Origin, and refuses a made-up one', async () => {
    const made = await ctx.request('POST', '/users/1/api-tokens', {
      name: 'script',
      expiresAt: null,
      permissions: ['organizations.manage', 'organizations.view'],
    });
    expect(made.statusCode).toBe(201);
    const { token } = made.json();
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/organizations',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Made by a script' },
    });
    expect(ok.statusCode).toBe(201);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { authorization: 'Bearer rmm_nope' },
    });
    expect(bad.statusCode).toBe(401);
  });
});

describe('per-address rate limit', () => {
  it('answers 429 once an address exceeds the login rate', async () => {
    const limited = await createTestApp({ loginRatePerMinute: 2 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/auth/login',
          headers: { origin: ORIGIN },
          payload: { email: 'x@y.z', password: 'p' },
        });
      // createTestApp already signed in once from this address.
      await attempt();
      const third = await attempt();
      expect(third.statusCode).toBe(429);
      expect(third.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Try again later.',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('first start', () => {
  it('creates the administrator once, from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const { ensureAdministrator } = await import('./service.ts');
    const lines: string[] = [];
    await ensureAdministrator({ db: ctx.db, config: ctx.config, print: (line) => lines.push(line) });
    expect(lines).toEqual([]); // users exist already: nothing created, nothing printed
  });
});
