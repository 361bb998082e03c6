import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { messages, mfaMessages, RECOVERY_CODE_COUNT } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { canonicalRequest, canonParams, createDuoClient, signRequest } from './duo-client.ts';

/**
 * Duo, against a local server that speaks the Auth API v2 as Duo documents it and checks the signature
 * of every request it receives with its own copy of the secret key (a bad one gets Duo's 401 answer).
 */

const IKEY = 'DIWJ8X6AEYOR5OMC6TQ1';
const SKEY = 'Zh5eGmUq9zpfQnyUIu5OL9iWoMMv5ZNmk3zLJ4Ep';

// ------------------------------------------------------------------ the test's own Duo

/** Python's quote(value, '~'), written again here so that the server does not trust the client's code. */
const quote = (value: string) =>
  Array.from(Buffer.from(value, 'utf8'))
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9_.~-]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');

const expectedAuthorization = (
  date: string,
  method: string,
  host: string,
  path: string,
  params: URLSearchParams,
) => {
  const canon = [...params.entries()]
    .map(([k, v]) => [quote(k), quote(v)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [date, method.toUpperCase(), host.toLowerCase(), path, canon].join('\n');
  const signature = createHmac('sha1', SKEY).update(canonical).digest('hex');
  return `Basic ${Buffer.from(`${IKEY}:${signature}`).toString('base64')}`;
};

type Push = { username: string; result: 'waiting' | 'allow' | 'deny' };
const duo = {
  server: undefined as http.Server | undefined,
  host: '',
  /** Users Duo knows and may authenticate; others get `enroll`. */
  enrolled: new Set<string>(),
  denied: new Set<string>(),
  pushes: new Map<string, Push>(),
  requests: [] as { method: string; path: string; params: Record<string, string>; signed: boolean }[],
};

const startDuo = async () => {
  duo.server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const url = new URL(request.url ?? '/', 'http://duo.test');
      const method = request.method ?? 'GET';
      const params = method === 'GET' ? url.searchParams : new URLSearchParams(raw);
      const date = request.headers.date ?? '';
      const given = request.headers.authorization ?? '';
      const wanted = expectedAuthorization(date, method, request.headers.host ?? '', url.pathname, params);
      const signed =
        date !== '' &&
        Math.abs(Date.parse(date) - Date.now()) < 300_000 &&
        given.length === wanted.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(wanted));
      duo.requests.push({ method, path: url.pathname, params: Object.fromEntries(params), signed });
      if (!signed)
        return answer(401, {
          code: 40103,
          message: 'Invalid signature in request credentials',
          stat: 'FAIL',
        });

      const username = params.get('username') ?? '';
      if (method === 'POST' && url.pathname === '/auth/v2/preauth') {
        if (duo.denied.has(username))
          return answer(200, {
            stat: 'OK',
            response: { result: 'deny', status_msg: 'Account is locked out' },
          });
        if (!duo.enrolled.has(username))
          return answer(200, {
            stat: 'OK',
            response: {
              result: 'enroll',
              status_msg: 'Enroll an authentication device to proceed',
              enroll_portal_url: 'https://api-xxxxxxxx.duosecurity.com/portal?12345678',
            },
          });
        return answer(200, {
          stat: 'OK',
          response: {
            result: 'auth',
            status_msg: 'Account is active',
            devices: [{ device: 'DPFZRS9FB0D46QFTM891', type: 'phone', capabilities: ['auto', 'push'] }],
          },
        });
      }
      if (method === 'POST' && url.pathname === '/auth/v2/auth') {
        const ok =
          duo.enrolled.has(username) &&
          params.get('factor') === 'push' &&
          params.get('device') === 'auto' &&
          params.get('async') === '1';
        if (!ok) return answer(400, { code: 40002, message: 'Invalid request parameters', stat: 'FAIL' });
        const txid = randomUUID();
        duo.pushes.set(txid, { username, result: 'waiting' });
        return answer(200, { stat: 'OK', response: { txid } });
      }
      if (method === 'GET' && url.pathname === '/auth/v2/auth_status') {
        const push = duo.pushes.get(params.get('txid') ?? '');
        if (!push) return answer(400, { code: 40002, message: 'Invalid request parameters', stat: 'FAIL' });
        const status = {
          waiting: {
            result: 'waiting',
            status: 'pushed',
            status_msg: 'Pushed a login request to your device...',
          },
          allow: { result: 'allow', status: 'allow', status_msg: 'Success. Logging you in...' },
          deny: { result: 'deny', status: 'deny', status_msg: 'Login request denied.' },
        }[push.result];
        return answer(200, { stat: 'OK', response: status });
      }
      answer(404, { code: 40401, message: 'Resource not found', stat: 'FAIL' });
    });
  });
  await new Promise<void>((resolve) => duo.server!.listen(0, '127.0.0.1', resolve));
  duo.host = `http://127.0.0.1:${(duo.server!.address() as AddressInfo).port}`;
};

/** A host that accepts connections and never answers. */
let silent: net.Server | undefined;
const sockets = new Set<net.Socket>();
let silentHost = '';

let ctx: TestContext;
beforeAll(async () => {
  await startDuo();
  silent = net.createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  silentHost = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  ctx = await createTestApp({
    loginRatePerMinute: 1000,
    loginMaxFailures: 20,
    duoApiHost: duo.host,
    duoAllowHttp: true,
    duoIntegrationKey: IKEY,
    duoSecretKey: SKEY,
    duoTimeoutMs: 300,
    duoPushIntervalSeconds: 0,
  });
});
afterAll(async () => {
  await ctx?.close();
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent?.close(resolve));
  await new Promise((resolve) => duo.server?.close(resolve));
});

type App = Awaited<ReturnType<typeof buildApp>>;

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

const post = (url: string, body: unknown, cookie?: string, app: App = ctx.app) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** A technician enrolled in Duo (the test's Duo knows their email) with the factor turned on. */
const enrolDuo = async () => {
  const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
  duo.enrolled.add(tech.email);
  const enabled = await post('/auth/mfa/duo/enable', undefined, tech.cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...tech, ...(enabled.json() as { factor: { type: string }; recoveryCodes: string[] }) };
};

const pendingOf = async (tech: { email: string; password: string }) => {
  const first = await post('/auth/login', { email: tech.email, password: tech.password });
  expect(first.json()).toEqual({ mfaRequired: true, mfaTypes: ['DUO', 'RECOVERY_CODE'] });
  return cookieOf(first, 'rmm_mfa')!;
};

const activitiesOf = async (action: string) =>
  (await ctx.request('GET', `/activities?action=${action}&pageSize=20`)).json().data as {
    outcome: string;
    actorName: string;
    detail: string | null;
  }[];

describe('the Duo client', () => {
  it("canonicalizes and signs as Duo's own client does (its published test vectors)", () => {
    expect(canonParams({ realname: 'First Last', username: 'root' })).toBe(
      'realname=First%20Last&username=root',
    );
    expect(
      canonParams({
        digits: '0123456789',
        punctuation: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
        whitespace: '\t\n\x0b\x0c\r ',
      }),
    ).toBe(
      'digits=0123456789&punctuation=%21%22%23%24%25%26%27%28%29%2A%2B%2C-.%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E_%60%7B%7C%7D~&whitespace=%09%0A%0B%0C%0D%20',
    );
    const params = {
      '\u469a\u287b\u35d0\u8ef3\u6727\u502a\u0810\ud091\xc8\uc170':
        '\u0f45\u1a76\u341a\u654c\uc23f\u9b09\uabe2\u8343\u1b27\u60d0',
      '\u7449\u7e4b\uccfb\u59ff\ufe5f\u83b7\uadcc\u900c\ucfd1\u7813':
        '\u8db7\u5022\u92d3\u42ef\u207d\u8730\uacfe\u5617\u0946\u4e30',
      '\u7470\u9314\u901c\u9eae\u40d8\u4201\u82d8\u8c70\u1d31\ua042':
        '\u17d9\u0ba8\u9358\uaadf\ua42a\u48be\ufb96\u6fe9\ub7ff\u32f3',
      '\uc2c5\u2c1d\u2620\u3617\u96b3F\u8605\u20e8\uac21\u5934':
        '\ufba9\u41aa\ubd83\u840b\u2615\u3e6e\u652d\ua8b5\ud56bU',
    };
    const canonical = canonicalRequest(
      'Fri, 07 Dec 2012 17:18:00 -0000',
      'PoSt',
      'foO.BAr52.cOm',
      '/Foo/BaR2/qux',
      params,
    );
    expect(canonical.split('\n').slice(0, 4)).toEqual([
      'Fri, 07 Dec 2012 17:18:00 -0000',
      'POST',
      'foo.bar52.com',
      '/Foo/BaR2/qux',
    ]);
    expect(
      signRequest(
        { integrationKey: 'test_ikey', secretKey: 'gtdfxv9YgVBYcF6dl2Eq17KUQJN2PLM2ODVTkvoT' },
        canonical,
      ),
    ).toBe(`Basic ${Buffer.from('test_ikey:f01811cbbf9561623ab45b893096267fd46a5178').toString('base64')}`);
  });

  it('refuses an http:// host unless allowed, and is refused by Duo with a wrong secret key', async () => {
    expect(() =>
      createDuoClient({ apiHost: duo.host, integrationKey: IKEY, secretKey: SKEY, timeoutMs: 100 }),
    ).toThrow(/DUO_ALLOW_HTTP/);
    const wrong = createDuoClient({
      apiHost: duo.host,
      integrationKey: IKEY,
      secretKey: 'not-the-key',
      allowHttp: true,
      timeoutMs: 1_000,
    });
    await expect(wrong.preauth('someone@test.local')).rejects.toThrow(
      'Duo answered 401 (/auth/v2/preauth): 40103 Invalid signature in request credentials',
    );
    expect(duo.requests.at(-1)).toMatchObject({ path: '/auth/v2/preauth', signed: false });
    duo.requests.length = 0;
  });
});

describe('Duo as a second factor', () => {
  it("is turned on when preauth answers auth, and refused with Duo's message for enroll and deny", async () => {
    const tech = await enrolDuo();
    expect(tech.factor).toMatchObject({ type: 'DUO', label: 'Duo' });
    expect(tech.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(duo.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/auth/v2/preauth',
      params: { username: tech.email },
      signed: true,
    });
    const again = await post('/auth/mfa/duo/enable', undefined, tech.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(mfaMessages.duoAlreadyEnrolled);

    const newcomer = await createUser(ctx, { permissions: [], scope: 'all' });
    const enroll = await post('/auth/mfa/duo/enable', undefined, newcomer.cookie);
    expect(enroll.statusCode).toBe(409);
    expect(enroll.json().error.message).toBe(
      'Duo does not know this account yet: Enroll an authentication device to proceed',
    );
    duo.denied.add(newcomer.email);
    const deny = await post('/auth/mfa/duo/enable', undefined, newcomer.cookie);
    expect(deny.statusCode).toBe(409);
    expect(deny.json().error.message).toBe('Duo refuses this account: Account is locked out');
    expect(
      (await ctx.request('GET', '/auth/mfa', undefined, { cookie: newcomer.cookie })).json().factors,
    ).toEqual([]);
  });

  it('signs in after a push: waiting answers 409 DUO_PENDING without a session, allow makes the session once', async () => {
    const tech = await enrolDuo();
    const pending = await pendingOf(tech);
    const push = await post('/auth/mfa/duo/push', undefined, pending);
    expect(push.statusCode, push.body).toBe(200);
    const { txid } = push.json();
    expect(duo.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/auth/v2/auth',
      params: { username: tech.email, factor: 'push', device: 'auto', async: '1' },
      signed: true,
    });

    const waiting = await post('/auth/mfa/verify', { type: 'DUO', code: txid }, pending);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().error).toEqual({ code: 'DUO_PENDING', message: messages.mfa.duoPending });
    expect(cookieOf(waiting, 'rmm_session')).toBeUndefined();
    expect(duo.requests.at(-1)).toEqual({
      method: 'GET',
      path: '/auth/v2/auth_status',
      params: { txid },
      signed: true,
    });

    duo.pushes.get(txid)!.result = 'allow';
    const allowed = await post('/auth/mfa/verify', { type: 'DUO', code: txid }, pending);
    expect(allowed.statusCode, allowed.body).toBe(200);
    const session = cookieOf(allowed, 'rmm_session')!;
    expect((await ctx.request('GET', '/auth/me', undefined, { cookie: session })).json().user.email).toBe(
      tech.email,
    );
    expect((await activitiesOf('auth.mfa.verify'))[0]).toMatchObject({
      outcome: 'SUCCESS',
      actorName: tech.email,
    });

    // The allowed push signs in once: on another sign-in its txid is refused.
    const later = await pendingOf(tech);
    expect((await post('/auth/mfa/verify', { type: 'DUO', code: txid }, later)).statusCode).toBe(401);
    expect(duo.requests.every((r) => r.signed)).toBe(true);
  });

  it('refuses a denied push (a failure that counts), a txid of no push, and a push without the pending cookie', async () => {
    const tech = await enrolDuo();
    const pending = await pendingOf(tech);
    const { txid } = (await post('/auth/mfa/duo/push', undefined, pending)).json();
    duo.pushes.get(txid)!.result = 'deny';
    const denied = await post('/auth/mfa/verify', { type: 'DUO', code: txid }, pending);
    expect(denied.statusCode).toBe(401);
    expect(denied.json().error).toEqual({ code: 'INVALID_MFA_CODE', message: mfaMessages.invalidCode });
    expect(cookieOf(denied, 'rmm_session')).toBeUndefined();
    const failures = (await activitiesOf('auth.mfa.verify')).filter((a) => a.actorName === tech.email);
    expect(failures[0]).toMatchObject({ outcome: 'FAILURE', detail: `DUO: ${mfaMessages.invalidCode}` });

    expect((await post('/auth/mfa/verify', { type: 'DUO', code: randomUUID() }, pending)).statusCode).toBe(
      401,
    );
    expect((await post('/auth/mfa/verify', { type: 'DUO', code: 'not a txid!' }, pending)).statusCode).toBe(
      400,
    );
    const none = await post('/auth/mfa/duo/push', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ code: 'MFA_REQUIRED', message: mfaMessages.noPendingSignIn });
    expect(duo.requests.every((r) => r.signed)).toBe(true);
  });

  it('answers 503 DUO_UNAVAILABLE, with no session and an activity, when the Duo host does not answer', async () => {
    const tech = await enrolDuo();
    const pending = await pendingOf(tech);
    const { txid } = (await post('/auth/mfa/duo/push', undefined, pending)).json();
    duo.pushes.get(txid)!.result = 'allow';
    // Another server process, whose Duo host accepts connections and never answers (timeout 300 ms).
    const stuck = await buildApp({
      config: { ...ctx.config, duoApiHost: silentHost },
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    try {
      const started = Date.now();
      const verify = await post('/auth/mfa/verify', { type: 'DUO', code: txid }, pending, stuck);
      expect(verify.statusCode).toBe(503);
      expect(verify.json().error).toEqual({ code: 'DUO_UNAVAILABLE', message: mfaMessages.duoUnavailable });
      expect(cookieOf(verify, 'rmm_session')).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(5_000);
      const [latest] = (await activitiesOf('auth.mfa.verify')).filter((a) => a.actorName === tech.email);
      expect(latest).toMatchObject({ outcome: 'FAILURE' });
      expect(latest?.detail).toMatch(
        /^DUO: Duo could not be reached \(\/auth\/v2\/auth_status\): no answer within 300 ms$/,
      );

      const push = await post('/auth/mfa/duo/push', undefined, pending, stuck);
      expect(push.statusCode).toBe(503);
      expect((await activitiesOf('auth.mfa.duo.push'))[0]).toMatchObject({
        outcome: 'FAILURE',
        actorName: tech.email,
      });
    } finally {
      await stuck.close();
    }
    // Duo answers again: the push is still good (nothing was spent by the outage).
    const allowed = await post('/auth/mfa/verify', { type: 'DUO', code: txid }, pending);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('is unavailable when Duo is not configured: 409 at enable', async () => {
    const plain = await buildApp({
      config: { ...ctx.config, duoApiHost: undefined, duoIntegrationKey: undefined, duoSecretKey: undefined },
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    try {
      const tech = await createUser(ctx, { permissions: [], scope: 'all' });
      const enable = await post('/auth/mfa/duo/enable', undefined, tech.cookie, plain);
      expect(enable.statusCode).toBe(409);
      expect(enable.json().error.message).toBe(mfaMessages.duoNotConfigured);
    } finally {
      await plain.close();
    }
  });
});
