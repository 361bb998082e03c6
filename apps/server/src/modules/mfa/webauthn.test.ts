import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { mfaMessages, RECOVERY_CODE_COUNT, WEBAUTHN_RP_NAME } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { mfaChallenges, mfaFactors, users } from '../../db/schema.ts';
import { relyingPartyOf } from './webauthn.ts';

/**
 * Security keys (WebAuthn, U2F_TOKEN) through the API, with a software authenticator: a P-256 key
 * pair, attestation "none", and assertions signed as a real key signs them.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ loginRatePerMinute: 1000, loginMaxFailures: 50 });
});
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

const RP_ID = new URL(ORIGIN).hostname;

// ------------------------------------------------------------------ a tiny CBOR encoder

const head = (major: number, value: number) => {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 256) return Buffer.from([(major << 5) | 24, value]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(value, 1);
  return b;
};
type Cbor = number | string | Buffer | Map<number | string, Cbor>;
const cbor = (value: Cbor): Buffer => {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
};

// ------------------------------------------------------------------ a software authenticator

const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
const sha = (value: Buffer | string) => createHash('sha256').update(value).digest();
const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

type Authenticator = {
  credentialId: Buffer;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  counter: number;
};

const newAuthenticator = (): Authenticator => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cosePublicKey = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  return { credentialId: randomBytes(32), privateKey, cosePublicKey, counter: 0 };
};

const clientData = (type: string, challenge: string, origin = ORIGIN) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** What `navigator.credentials.create()` answers, as `toJSON()` gives it. */
const attest = (key: Authenticator, challenge: string, origin = ORIGIN) => {
  const authData = Buffer.concat([
    sha(RP_ID),
    Buffer.from([UP | UV | AT]),
    counterBytes(key.counter),
    Buffer.alloc(16), // aaguid: none
    Buffer.from([key.credentialId.length >> 8, key.credentialId.length & 0xff]),
    key.credentialId,
    key.cosePublicKey,
  ]);
  const attestationObject = cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
  return {
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['usb'],
    },
    authenticatorAttachment: 'cross-platform',
    clientExtensionResults: {},
  };
};

/** What `navigator.credentials.get()` answers: the counter grows, unless told which one to sign. */
const assert = (key: Authenticator, challenge: string, options: { counter?: number } = {}) => {
  const counter = options.counter ?? ++key.counter;
  const authData = Buffer.concat([sha(RP_ID), Buffer.from([UP | UV]), counterBytes(counter)]);
  const clientDataJSON = clientData('webauthn.get', challenge);
  const signature = sign('sha256', Buffer.concat([authData, sha(clientDataJSON)]), key.privateKey);
  return JSON.stringify({
    id: b64url(key.credentialId),
    rawId: b64url(key.credentialId),
    type: 'public-key',
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
    },
    authenticatorAttachment: 'cross-platform',
    clientExtensionResults: {},
  });
};

// ------------------------------------------------------------------ API steps

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

const post = (url: string, body: unknown, cookie?: string, app = ctx.app) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const passwordStep = (email: string, password: string) => post('/auth/login', { email, password });

/** The password step, then the key's sign-in options: the pending cookie and the challenge. */
const startSignIn = async (tech: { email: string; password: string }) => {
  const pending = cookieOf(await passwordStep(tech.email, tech.password), 'rmm_mfa')!;
  const options = await post('/auth/mfa/webauthn/options', undefined, pending);
  expect(options.statusCode, options.body).toBe(200);
  return { pending, options: options.json() };
};

const verify = (pending: string | undefined, code: string) =>
  post('/auth/mfa/verify', { type: 'U2F_TOKEN', code }, pending);

/** Adds a key to the technician's account: the factor and recovery codes answered. */
const register = async (cookie: string, key: Authenticator, label?: string) => {
  const options = await post('/auth/mfa/webauthn/register/options', undefined, cookie);
  expect(options.statusCode, options.body).toBe(200);
  const done = await post(
    '/auth/mfa/webauthn/register/verify',
    { response: attest(key, options.json().challenge), ...(label ? { label } : {}) },
    cookie,
  );
  expect(done.statusCode, done.body).toBe(200);
  return { options: options.json(), ...done.json() };
};

/** A technician with one security key. */
const withKey = async () => {
  const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
  const key = newAuthenticator();
  const registered = await register(tech.cookie, key);
  return { ...tech, key, ...registered };
};

const activitiesOf = async (action: string) =>
  (await ctx.request('GET', `/activities?action=${action}&pageSize=50`)).json().data as {
    outcome: string;
    actorName: string;
    detail: string | null;
  }[];

const failedCountOf = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email)))[0]!.failedLoginCount;

const expectRefused = async (response: Awaited<ReturnType<typeof verify>>) => {
  expect(response.statusCode, response.body).toBe(401);
  expect(response.json().error).toEqual({ code: 'INVALID_MFA_CODE', message: mfaMessages.invalidCode });
  expect(cookieOf(response, 'rmm_session')).toBeUndefined();
};

describe('adding a security key', () => {
  it('answers creation options for the technician, then stores the key as a confirmed U2F_TOKEN factor', async () => {
    const tech = await withKey();
    const { options } = tech;
    expect(options.rp).toEqual({ name: WEBAUTHN_RP_NAME, id: RP_ID });
    expect(options.user).toMatchObject({ name: tech.email });
    expect(options.attestation).toBe('none');
    expect(options.authenticatorSelection).toMatchObject({ userVerification: 'preferred' });
    expect(options.excludeCredentials).toEqual([]);
    expect(tech.factor).toMatchObject({ type: 'U2F_TOKEN', label: 'Security key' });
    expect(tech.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);

    const [row] = await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.id, tech.factor.id));
    expect(row).toMatchObject({
      type: 'U2F_TOKEN',
      credentialId: b64url(tech.key.credentialId),
      publicKey: b64url(tech.key.cosePublicKey),
      signCount: 0,
      transports: ['usb'],
      secretEncrypted: null,
    });
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    // The challenge served once.
    expect(
      await ctx.db.select().from(mfaChallenges).where(eq(mfaChallenges.challenge, options.challenge)),
    ).toEqual([]);
    expect((await activitiesOf('auth.mfa.webauthn.enable'))[0]).toMatchObject({
      outcome: 'SUCCESS',
      actorName: tech.email,
      detail: 'Security key',
    });

    // A second key: the first is excluded from its options, and no new recovery codes come.
    const second = await register(tech.cookie, newAuthenticator(), 'Backup key');
    expect(second.options.excludeCredentials).toEqual([
      { id: b64url(tech.key.credentialId), type: 'public-key', transports: ['usb'] },
    ]);
    expect(second.recoveryCodes).toEqual([]);
    const status = (await ctx.request('GET', '/auth/mfa', undefined, { cookie: tech.cookie })).json();
    expect(status.factors.map((f: { label: string }) => f.label)).toEqual(['Security key', 'Backup key']);
    expect(status.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
  });

  it('refuses an answer without a live challenge, a forged one, and the same key twice', async () => {
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const key = newAuthenticator();
    const unknown = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(key, b64url(randomBytes(32))) },
      tech.cookie,
    );
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().error.message).toBe(mfaMessages.securityKeyNotStarted);

    const { challenge } = (await post('/auth/mfa/webauthn/register/options', undefined, tech.cookie)).json();
    const foreignOrigin = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(key, challenge, 'https://evil.test') },
      tech.cookie,
    );
    expect(foreignOrigin.statusCode).toBe(400);
    expect(foreignOrigin.json().error.message).toBe(mfaMessages.securityKeyRefused);
    // That spent the challenge: the right answer to it comes too late.
    const late = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(key, challenge) },
      tech.cookie,
    );
    expect(late.statusCode).toBe(409);

    // Another user's challenge does not serve either.
    const other = await createUser(ctx, { permissions: [], scope: 'all' });
    const othersChallenge = (
      await post('/auth/mfa/webauthn/register/options', undefined, other.cookie)
    ).json().challenge;
    const crossUser = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(key, othersChallenge) },
      tech.cookie,
    );
    expect(crossUser.statusCode).toBe(409);

    await register(tech.cookie, key);
    const again = (await post('/auth/mfa/webauthn/register/options', undefined, tech.cookie)).json();
    const twice = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(key, again.challenge) },
      tech.cookie,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(mfaMessages.securityKeyAlreadyRegistered);
  });

  it('expires a challenge after 5 minutes', async () => {
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const { challenge } = (await post('/auth/mfa/webauthn/register/options', undefined, tech.cookie)).json();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    const late = await post(
      '/auth/mfa/webauthn/register/verify',
      { response: attest(newAuthenticator(), challenge) },
      tech.cookie,
    );
    expect(late.statusCode).toBe(409);
  });
});

describe('signing in with a security key', () => {
  it('is listed by the password step, and its signed challenge makes the session', async () => {
    const tech = await withKey();
    const first = await passwordStep(tech.email, tech.password);
    expect(first.json()).toEqual({ mfaRequired: true, mfaTypes: ['U2F_TOKEN', 'RECOVERY_CODE'] });
    const pending = cookieOf(first, 'rmm_mfa')!;

    const options = await post('/auth/mfa/webauthn/options', undefined, pending);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      rpId: RP_ID,
      userVerification: 'preferred',
      allowCredentials: [{ id: b64url(tech.key.credentialId), type: 'public-key', transports: ['usb'] }],
    });

    const verified = await verify(pending, assert(tech.key, options.json().challenge));
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieOf(verified, 'rmm_session')!;
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: session })).json().user.email).toBe(
      tech.email,
    );
    const [row] = await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.id, tech.factor.id));
    expect(row?.signCount).toBe(1);
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect((await activitiesOf('auth.mfa.verify'))[0]).toMatchObject({
      outcome: 'SUCCESS',
      actorName: tech.email,
    });
  });

  it('works across server processes: the challenge is in the database', async () => {
    const tech = await withKey();
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    try {
      const { pending, options } = await startSignIn(tech);
      const there = await post(
        '/auth/mfa/verify',
        { type: 'U2F_TOKEN', code: assert(tech.key, options.challenge) },
        pending,
        other,
      );
      expect(there.statusCode, there.body).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('needs the pending sign-in for its options', async () => {
    const none = await post('/auth/mfa/webauthn/options', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ code: 'MFA_REQUIRED', message: mfaMessages.noPendingSignIn });
  });

  it("refuses an answer signed for another challenge: an invented one, or another sign-in's", async () => {
    const tech = await withKey();
    const { pending } = await startSignIn(tech);
    const failuresBefore = await failedCountOf(tech.email);
    await expectRefused(await verify(pending, assert(tech.key, b64url(randomBytes(32)))));
    // A second sign-in of the same user (another browser): its challenge is not this one's.
    const elsewhere = await startSignIn(tech);
    await expectRefused(await verify(pending, assert(tech.key, elsewhere.options.challenge)));
    expect(await failedCountOf(tech.email)).toBe(failuresBefore + 2);
    const failures = (await activitiesOf('auth.mfa.verify')).filter(
      (a) => a.outcome === 'FAILURE' && a.actorName === tech.email,
    );
    expect(failures).toHaveLength(2);
    expect(failures[0]?.detail).toBe(`U2F_TOKEN: ${mfaMessages.invalidCode}`);
    // The other sign-in still completes with its own challenge.
    expect((await verify(elsewhere.pending, assert(tech.key, elsewhere.options.challenge))).statusCode).toBe(
      200,
    );
  });

  it('refuses a replayed answer: each challenge serves once', async () => {
    const tech = await withKey();
    const { pending, options } = await startSignIn(tech);
    const answer = assert(tech.key, options.challenge);
    expect((await verify(pending, answer)).statusCode).toBe(200);
    // The same answer on the next sign-in.
    const next = await startSignIn(tech);
    await expectRefused(await verify(next.pending, answer));

    // A spoiled answer spends the challenge: the good one that follows is refused too.
    const spoiled = JSON.parse(assert(tech.key, next.options.challenge));
    spoiled.response.signature = b64url(randomBytes(70));
    await expectRefused(await verify(next.pending, JSON.stringify(spoiled)));
    await expectRefused(await verify(next.pending, assert(tech.key, next.options.challenge)));
  });

  it('refuses a key that is not registered, a counter that went back, and an answer that is not JSON', async () => {
    const tech = await withKey();
    const stranger = newAuthenticator();
    const first = await startSignIn(tech);
    await expectRefused(await verify(first.pending, assert(stranger, first.options.challenge)));

    // A key signs with counter 5, then a copy of it signs with 3: a cloned key.
    const second = await startSignIn(tech);
    expect(
      (await verify(second.pending, assert(tech.key, second.options.challenge, { counter: 5 }))).statusCode,
    ).toBe(200);
    const third = await startSignIn(tech);
    await expectRefused(
      await verify(third.pending, assert(tech.key, third.options.challenge, { counter: 3 })),
    );

    const fourth = await startSignIn(tech);
    await expectRefused(await verify(fourth.pending, 'not json'));
    // Other types keep their short codes.
    const long = await post('/auth/mfa/verify', { type: 'TOTP', code: '1'.repeat(65) }, fourth.pending);
    expect(long.statusCode).toBe(400);
    const tooLong = await verify(fourth.pending, 'x'.repeat(16_385));
    expect(tooLong.statusCode).toBe(400);
  });

  it('expires the sign-in challenge after 5 minutes', async () => {
    const tech = await withKey();
    const { pending, options } = await startSignIn(tech);
    // The pending sign-in lasts 5 minutes too: only its challenge is made older here.
    await ctx.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(mfaChallenges.challenge, options.challenge));
    await expectRefused(await verify(pending, assert(tech.key, options.challenge)));
  });
});

describe('the relying party', () => {
  it("is PUBLIC_URL's host name, or the request's when unset", () => {
    const request = { protocol: 'https', host: 'rmm.local:8443', hostname: 'rmm.local' };
    expect(
      relyingPartyOf({ publicUrl: 'https://rmm.example.com/console', allowedOrigins: [] }, request),
    ).toEqual({ id: 'rmm.example.com', origins: ['https://rmm.example.com'] });
    expect(
      relyingPartyOf({ publicUrl: undefined, allowedOrigins: ['http://localhost:5173'] }, request),
    ).toEqual({ id: 'rmm.local', origins: ['https://rmm.local:8443', 'http://localhost:5173'] });
  });
});

describe('removing a security key', () => {
  it('is the factor removal: the other key still signs in; with none left, a password is enough', async () => {
    const tech = await withKey();
    const backup = newAuthenticator();
    const second = await register(tech.cookie, backup, 'Backup key');
    const removed = await ctx.request('DELETE', `/auth/mfa/factors/${tech.factor.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect((await activitiesOf('auth.mfa.factor.remove'))[0]).toMatchObject({ detail: 'U2F_TOKEN' });

    const signIn = await startSignIn(tech);
    expect(signIn.options.allowCredentials).toEqual([
      { id: b64url(backup.credentialId), type: 'public-key', transports: ['usb'] },
    ]);
    // The removed key no longer signs in.
    await expectRefused(await verify(signIn.pending, assert(tech.key, signIn.options.challenge)));

    const last = await ctx.request('DELETE', `/auth/mfa/factors/${second.factor.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(last.statusCode).toBe(200);
    expect((await ctx.request('GET', '/auth/mfa', undefined, { cookie: tech.cookie })).json()).toEqual({
      factors: [],
      recoveryCodesLeft: 0,
    });
    expect((await passwordStep(tech.email, tech.password)).json()).toEqual({
      mfaRequired: false,
      mfaTypes: [],
    });
  });
});
