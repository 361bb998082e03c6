import { defaultSecuritySettings, mfaTypeLabels, securityMessages } from '@rmm/domain';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { sessions, users } from '../../db/schema.ts';
import { breachedPasswords } from './password-policy.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginRatePerMinute: 1000 });
});
afterAll(() => ctx?.close());
afterEach(async () => {
  vi.useRealTimers();
  // Each test starts from the defaults.
  await ctx.request('PUT', '/settings/security', defaultSecuritySettings);
});

const put = (body: unknown, cookie?: string) =>
  ctx.request('PUT', '/settings/security', body, cookie ? { cookie } : {});

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

const passwordStep = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });

describe('GET/PUT /settings/security', () => {
  it('answers the defaults, changes only the fields sent, and writes an activity', async () => {
    expect((await ctx.request('GET', '/settings/security')).json()).toEqual(defaultSecuritySettings);
    const changed = await put({ passwordMinLength: 16, sessionIdleMinutes: 30 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      ...defaultSecuritySettings,
      passwordMinLength: 16,
      sessionIdleMinutes: 30,
    });
    expect((await ctx.request('GET', '/settings/security')).json()).toMatchObject({ passwordMinLength: 16 });
    const activities = (await ctx.request('GET', '/activities?action=settings.security.update')).json().data;
    expect(activities[0]).toMatchObject({ outcome: 'SUCCESS', targetName: 'Security settings' });
  });

  it('refuses unknown fields, values out of range, no factor type, and MFA required without TOTP', async () => {
    for (const body of [
      { unknown: true },
      { passwordMinLength: 11 },
      { passwordMinLength: 129 },
      { sessionIdleMinutes: 4 },
      { sessionIdleMinutes: 1441 },
      { allowedMfaTypes: [] },
      { allowedMfaTypes: ['TOTP', 'TOTP'] },
      { allowedMfaTypes: ['PASSWORD'] },
    ]) {
      expect((await put(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const noTotp = await put({ mfaRequired: true, allowedMfaTypes: ['U2F_TOKEN'] });
    expect(noTotp.statusCode).toBe(400);
    expect(noTotp.json().error.message).toBe(securityMessages.requiredNeedsTotp);
  });

  it('is read with settings.view and changed only with settings.manage', async () => {
    const viewer = await createUser(ctx, { permissions: ['settings.view'], scope: 'all' });
    expect(
      (await ctx.request('GET', '/settings/security', undefined, { cookie: viewer.cookie })).statusCode,
    ).toBe(200);
    expect((await put({ mfaRequired: true }, viewer.cookie)).statusCode).toBe(403);
  });
});

describe('password policy', () => {
  const inviteLink = async () => {
    const roles = (await ctx.request('GET', '/user-roles')).json() as { id: number; name: string }[];
    const response = await ctx.request('POST', '/users', {
      email: `invited-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@test.local`,
      name: 'Invited',
      roleId: roles.find((r) => r.name === 'Helpdesk')!.id,
      organizationScope: 'all',
    });
    expect(response.statusCode).toBe(201);
    return `/auth/invitation/${response.json().link.url.split('/invitation/')[1]}`;
  };
  const accept = (url: string, password: string) =>
    ctx.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload: { password } });

  it('ships a list of a few thousand common leaked passwords', () => {
    const list = breachedPasswords();
    expect(list.size).toBeGreaterThan(5000);
    expect(list.has('password1234')).toBe(true);
  });

  it("refuses a password shorter than the policy's length, naming it", async () => {
    await put({ passwordMinLength: 20 });
    const url = await inviteLink();
    const short = await accept(url, 'nineteen characters');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(securityMessages.passwordTooShort(20));
    expect((await accept(url, 'twenty characters ok')).statusCode).toBe(200);
  });

  it('refuses a common leaked password (any case) while the check is on', async () => {
    const url = await inviteLink();
    for (const password of ['password1234', 'PassWord1234', 'qwertyuiop123']) {
      const refused = await accept(url, password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().error.message).toBe(securityMessages.passwordBreached);
    }
    await put({ checkBreachedPasswords: false });
    expect((await accept(url, 'password1234')).statusCode).toBe(200);
  });
});

describe('allowed factor types', () => {
  it('refuses to set up a type that is not allowed (409), and leaves it out at sign-in', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const setup = await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: tech.cookie });
    const { secret } = setup.json();
    const confirm = await ctx.request(
      'POST',
      '/auth/mfa/totp/confirm',
      { code: await generate({ secret }) },
      { cookie: tech.cookie },
    );
    expect(confirm.statusCode).toBe(200);
    expect((await passwordStep(tech.email, tech.password)).json()).toEqual({
      mfaRequired: true,
      mfaTypes: ['TOTP', 'RECOVERY_CODE'],
    });

    await put({ allowedMfaTypes: ['U2F_TOKEN', 'DUO'] });
    const refused = await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: tech.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(securityMessages.typeNotAllowed(mfaTypeLabels.TOTP));
    const sms = await ctx.request(
      'POST',
      '/auth/mfa/sms/setup',
      { phone: '+15551234567' },
      { cookie: tech.cookie },
    );
    expect(sms.statusCode).toBe(409);
    expect(sms.json().error.message).toContain('not allow');
    // A factor of a type no longer allowed counts as none (MFA is not required here).
    expect((await passwordStep(tech.email, tech.password)).json()).toEqual({
      mfaRequired: false,
      mfaTypes: [],
    });
  });
});

describe('MFA required', () => {
  it('sends a technician without a factor to a restricted enrolment, which becomes a session', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    await put({ mfaRequired: true });
    const first = await passwordStep(tech.email, tech.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ mfaRequired: true, mfaTypes: [], enrolmentRequired: true });
    expect(cookieOf(first, 'rmm_session')).toBeUndefined();
    const enrolment = cookieOf(first, 'rmm_mfa')!;
    expect(enrolment).toBeDefined();

    // Good for nothing but setting up an authenticator app.
    const asSession = enrolment.replace('rmm_mfa', 'rmm_session');
    for (const [method, url, body] of [
      ['GET', '/auth/me'],
      ['GET', '/devices'],
      ['GET', '/auth/mfa'],
      ['POST', '/auth/mfa/webauthn/register/options'],
      ['POST', '/auth/mfa/recovery-codes'],
      ['POST', '/auth/mfa/sms/setup', { phone: '+15551234567' }],
    ] as const) {
      for (const cookie of [enrolment, asSession]) {
        const response = await ctx.request(method, url, body, { cookie });
        expect(response.statusCode, `${method} ${url} ${cookie.slice(0, 8)}`).toBe(401);
      }
    }
    // Nor is it the second step of a sign-in.
    const verify = await ctx.request(
      'POST',
      '/auth/mfa/verify',
      { type: 'TOTP', code: '123456' },
      { cookie: enrolment },
    );
    expect(verify.statusCode).toBe(401);

    const setup = await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: enrolment });
    expect(setup.statusCode).toBe(200);
    const confirm = await ctx.request(
      'POST',
      '/auth/mfa/totp/confirm',
      { code: await generate({ secret: setup.json().secret }) },
      { cookie: enrolment },
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    const session = cookieOf(confirm, 'rmm_session')!;
    const me = await ctx.request('GET', '/auth/me', undefined, { cookie: session });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(tech.email);
    // The enrolment session is spent.
    expect(
      (await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: enrolment })).statusCode,
    ).toBe(401);
    // The next sign-in asks for the new factor.
    expect((await passwordStep(tech.email, tech.password)).json()).toEqual({
      mfaRequired: true,
      mfaTypes: ['TOTP', 'RECOVERY_CODE'],
    });
  });

  it('gives no session after an invitation while MFA is required: the sign-in enrols', async () => {
    await put({ mfaRequired: true });
    const roles = (await ctx.request('GET', '/user-roles')).json() as { id: number; name: string }[];
    const response = await ctx.request('POST', '/users', {
      email: `invited-mfa-${Date.now()}@test.local`,
      name: 'Invited',
      roleId: roles.find((r) => r.name === 'Helpdesk')!.id,
      organizationScope: 'all',
    });
    const url = `/auth/invitation/${response.json().link.url.split('/invitation/')[1]}`;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { origin: ORIGIN },
      payload: { password: 'a rather unusual passphrase' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(cookieOf(accepted, 'rmm_session')).toBeUndefined();
    const login = await passwordStep(response.json().user.email, 'a rather unusual passphrase');
    expect(login.json()).toMatchObject({ enrolmentRequired: true });
  });
});

describe('session idle timeout', () => {
  // The idle time is on the database's clock (as `last_seen_at` is written): the test moves the last use back.
  const sessionOf = async (email: string) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    return ctx.db.select().from(sessions).where(eq(sessions.userId, user!.id));
  };
  const lastUsedAgo = async (email: string, seconds: number) => {
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(eq(sessions.userId, user!.id));
  };

  it('refuses and deletes a session unused for longer than the idle time (to the minute)', async () => {
    await put({ sessionIdleMinutes: 5 });
    try {
      const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
      const me = () => ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie });
      await lastUsedAgo(tech.email, 4 * 60);
      expect((await me()).statusCode).toBe(200); // used (and touched) 4 minutes after the last use
      await lastUsedAgo(tech.email, 4 * 60);
      expect((await me()).statusCode).toBe(200);
      expect(await sessionOf(tech.email)).toHaveLength(1);
      await lastUsedAgo(tech.email, 5 * 60 + 1);
      const idle = await me();
      expect(idle.statusCode).toBe(401);
      expect(await sessionOf(tech.email)).toHaveLength(0);
    } finally {
      await put({ sessionIdleMinutes: 480 });
    }
  });

  it('keeps the write economy: last_seen_at is written at most once a minute', async () => {
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const lastSeen = async () => (await sessionOf(tech.email))[0]!.lastSeenAt.getTime();
    await lastUsedAgo(tech.email, 30);
    const before = await lastSeen();
    await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie });
    expect(await lastSeen()).toBe(before); // used 30 s after the last write: not written
    await lastUsedAgo(tech.email, 70);
    const stale = await lastSeen();
    await ctx.request('GET', '/auth/me', undefined, { cookie: tech.cookie });
    expect(await lastSeen()).toBeGreaterThan(stale + 60_000); // 70 s: written again, to now
  });
});
