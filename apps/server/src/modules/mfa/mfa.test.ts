import { mfaMessages, RECOVERY_CODE_COUNT } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { mfaFactors } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginRatePerMinute: 1000, loginMaxFailures: 4 });
});
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

const passwordStep = (email: string, password: string, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });

const verify = (pending: string | undefined, body: unknown, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url: '/auth/mfa/verify',
    headers: { origin: ORIGIN, ...(pending ? { cookie: pending } : {}) },
    payload: body as object,
  });

/** A technician with an authenticator app: answers its secret and the recovery codes it came with. */
const enrolTotp = async () => {
  const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
  const setup = await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: tech.cookie });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUrl } = setup.json();
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauthUrl).toContain(encodeURIComponent(tech.email));
  const confirm = await ctx.request(
    'POST',
    '/auth/mfa/totp/confirm',
    { code: await generate({ secret }) },
    { cookie: tech.cookie },
  );
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recoveryCodes, factor } = confirm.json();
  expect(factor).toMatchObject({ type: 'TOTP', label: 'Authenticator app' });
  return { ...tech, secret, recoveryCodes: recoveryCodes as string[] };
};

const activitiesOf = async (action: string) =>
  (await ctx.request('GET', `/activities?action=${action}&pageSize=20`)).json().data as {
    outcome: string;
    actorName: string;
    detail: string | null;
  }[];

describe('an authenticator app (TOTP)', () => {
  it('is set up with a code, stored encrypted, and then asked for at sign-in', async () => {
    const tech = await enrolTotp();
    expect(tech.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const [row] = await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.type, 'TOTP')).limit(1);
    expect(row?.secretEncrypted).toMatch(/^v1\./);
    expect(row?.secretEncrypted).not.toContain(tech.secret);

    const first = await passwordStep(tech.email, tech.password);
    expect(first.json()).toEqual({ mfaRequired: true, mfaTypes: ['TOTP', 'RECOVERY_CODE'] });
    expect(cookieOf(first, 'rmm_session')).toBeUndefined();
    const pending = cookieOf(first, 'rmm_mfa')!;
    // The pending cookie is good for nothing but the second step.
    const asSession = await ctx.request('GET', '/auth/me', undefined, {
      cookie: pending.replace('rmm_mfa', 'rmm_session'),
    });
    expect(asSession.statusCode).toBe(401);

    // Let the step of the confirmation pass, so the sign-in's code is a new one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    const code = await generate({ secret: tech.secret });
    const verified = await verify(pending, { type: 'TOTP', code });
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieOf(verified, 'rmm_session')!;
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: session })).json().user.email).toBe(
      tech.email,
    );
    vi.useRealTimers();
    expect((await activitiesOf('auth.mfa.verify'))[0]).toMatchObject({
      outcome: 'SUCCESS',
      actorName: tech.email,
    });
  });

  it('refuses a code used once already (replay), a wrong code, and a verify without the pending cookie', async () => {
    const tech = await enrolTotp();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    const code = await generate({ secret: tech.secret });
    const pending = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    expect((await verify(pending, { type: 'TOTP', code })).statusCode).toBe(200);
    const again = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    const replay = await verify(again, { type: 'TOTP', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: 'INVALID_MFA_CODE', message: mfaMessages.invalidCode });
    expect(cookieOf(replay, 'rmm_session')).toBeUndefined();
    const wrong = await verify(again, { type: 'TOTP', code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const none = await verify(undefined, { type: 'TOTP', code });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.message).toBe(mfaMessages.noPendingSignIn);
    const malformed = await verify(again, { type: 'TOTP', code: '12ab' });
    expect(malformed.statusCode).toBe(400);
    vi.useRealTimers();
    const failures = (await activitiesOf('auth.mfa.verify')).filter((a) => a.outcome === 'FAILURE');
    expect(failures.filter((a) => a.actorName === tech.email)).toHaveLength(2); // the replay and the wrong code
    expect(failures.some((a) => a.actorName === 'anonymous')).toBe(true);
  });

  it('accepts a code of the neighbouring step, not one two steps away', async () => {
    const tech = await enrolTotp();
    const now = Date.now();
    const pending = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    const farCode = await generate({ secret: tech.secret, epoch: Math.floor(now / 1000) + 150 });
    expect((await verify(pending, { type: 'TOTP', code: farCode })).statusCode).toBe(401);
    const nextCode = await generate({ secret: tech.secret, epoch: Math.floor(now / 1000) + 60 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now + 30_000); // one step after the confirmation's; the code is one step ahead
    expect((await verify(pending, { type: 'TOTP', code: nextCode })).statusCode).toBe(200);
  });

  it('refuses the same code on a second server process (replay across processes)', async () => {
    const tech = await enrolTotp();
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 30_000);
      const code = await generate({ secret: tech.secret });
      const pendingHere = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
      const pendingThere = cookieOf(await passwordStep(tech.email, tech.password, other), 'rmm_mfa');
      const [here, there] = await Promise.all([
        verify(pendingHere, { type: 'TOTP', code }),
        verify(pendingThere, { type: 'TOTP', code }, other),
      ]);
      expect([here.statusCode, there.statusCode].sort()).toEqual([200, 401]);
    } finally {
      await other.close();
    }
  });

  it('locks the account after repeated wrong codes, even for a right one', async () => {
    const tech = await enrolTotp();
    const pending = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    for (let i = 0; i < 4; i++)
      expect((await verify(pending, { type: 'TOTP', code: '000001' })).statusCode).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 30_000);
    const locked = await verify(pending, { type: 'TOTP', code: await generate({ secret: tech.secret }) });
    expect(locked.statusCode).toBe(429);
  });
});

describe('recovery codes', () => {
  it('each signs in once, and new ones replace the old', async () => {
    const tech = await enrolTotp();
    const [first, second] = tech.recoveryCodes;
    const pending = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    const used = await verify(pending, { type: 'RECOVERY_CODE', code: ` ${first!.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    const session = cookieOf(used, 'rmm_session')!;
    expect(
      (await ctx.request('GET', '/auth/mfa', undefined, { cookie: session })).json().recoveryCodesLeft,
    ).toBe(RECOVERY_CODE_COUNT - 1);
    const again = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa');
    expect((await verify(again, { type: 'RECOVERY_CODE', code: first })).statusCode).toBe(401);
    const fresh = await ctx.request('POST', '/auth/mfa/recovery-codes', undefined, { cookie: session });
    expect(fresh.json().codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await verify(again, { type: 'RECOVERY_CODE', code: second })).statusCode).toBe(401);
    expect((await verify(again, { type: 'RECOVERY_CODE', code: fresh.json().codes[0] })).statusCode).toBe(
      200,
    );
  });
});

describe('managing factors', () => {
  it('lets the user remove their factor, and an administrator reset a user: then a password is enough', async () => {
    const tech = await enrolTotp();
    const { factors } = (await ctx.request('GET', '/auth/mfa', undefined, { cookie: tech.cookie })).json();
    expect(factors).toHaveLength(1);
    const { id } = (await ctx.request('GET', `/users?search=${tech.email}`)).json().data[0];
    expect((await ctx.request('GET', `/users/${id}/mfa`)).json().factors).toHaveLength(1);
    const other = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    expect(
      (await ctx.request('DELETE', `/users/${id}/mfa`, undefined, { cookie: other.cookie })).statusCode,
    ).toBe(403);
    expect((await ctx.request('DELETE', `/users/${id}/mfa`)).statusCode).toBe(200);
    expect((await passwordStep(tech.email, tech.password)).json()).toEqual({
      mfaRequired: false,
      mfaTypes: [],
    });
    expect((await activitiesOf('user.mfa.reset'))[0]).toMatchObject({ outcome: 'SUCCESS' });

    const second = await enrolTotp();
    const mine = (await ctx.request('GET', '/auth/mfa', undefined, { cookie: second.cookie })).json()
      .factors[0];
    const removed = await ctx.request('DELETE', `/auth/mfa/factors/${mine.id}`, undefined, {
      cookie: second.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect((await ctx.request('GET', '/auth/mfa', undefined, { cookie: second.cookie })).json()).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
  });

  it('refuses a confirmation without a setup, a wrong first code, and a second app', async () => {
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const early = await ctx.request(
      'POST',
      '/auth/mfa/totp/confirm',
      { code: '123456' },
      { cookie: tech.cookie },
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(mfaMessages.setupNotStarted);
    await ctx.request('POST', '/auth/mfa/totp/setup', undefined, { cookie: tech.cookie });
    const wrong = await ctx.request(
      'POST',
      '/auth/mfa/totp/confirm',
      { code: '000000' },
      { cookie: tech.cookie },
    );
    expect(wrong.statusCode).toBe(400);
    const enrolled = await enrolTotp();
    const secondApp = await ctx.request('POST', '/auth/mfa/totp/setup', undefined, {
      cookie: enrolled.cookie,
    });
    expect(secondApp.statusCode).toBe(409);
    expect(secondApp.json().error.message).toBe(mfaMessages.alreadyEnrolled);
  });
});
