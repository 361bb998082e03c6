import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mfaMessages, RECOVERY_CODE_COUNT, SMS_CODE_MAX_ATTEMPTS } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { mfaFactors, mfaSentCodes } from '../../db/schema.ts';
import { twilioSender } from './sms.ts';

/**
 * Text-message codes, through the `log` sender (the test reads the app's own log lines, from a logger
 * stream it gives the app) and through the Twilio client against a local server that checks each request
 * as Twilio's Messages API documents it and answers as Twilio does.
 */

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'twilio-auth-token-not-for-logs';
const FROM = '+15005550006';

/** A local stand-in for Twilio: records the messages it accepted; `fail` makes it answer 400 as Twilio does. */
const twilio = {
  server: undefined as http.Server | undefined,
  url: '',
  messages: [] as { To: string; From: string; Body: string }[],
  refused: [] as string[],
  fail: false,
};

const startTwilio = async () => {
  twilio.server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
      const problem =
        request.method !== 'POST'
          ? `method ${request.method}`
          : request.url !== `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`
            ? `path ${request.url}`
            : request.headers.authorization !== expectedAuth
              ? 'basic auth'
              : !request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
                ? `content-type ${request.headers['content-type']}`
                : undefined;
      if (problem) {
        twilio.refused.push(problem);
        return answer(401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      const form = new URLSearchParams(raw);
      const fields = [...form.keys()].sort();
      const message = {
        To: form.get('To') ?? '',
        From: form.get('From') ?? '',
        Body: form.get('Body') ?? '',
      };
      if (fields.join(',') !== 'Body,From,To') twilio.refused.push(`fields ${fields.join(',')}`);
      if (twilio.fail)
        return answer(400, {
          code: 21211,
          message: `The 'To' number ${message.To} is not a valid phone number.`,
          more_info: 'https://www.twilio.com/docs/errors/21211',
          status: 400,
        });
      twilio.messages.push(message);
      answer(201, {
        account_sid: ACCOUNT_SID,
        sid: `SM${'0'.repeat(32)}`,
        to: message.To,
        from: message.From,
        body: message.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/SM${'0'.repeat(32)}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => twilio.server!.listen(0, '127.0.0.1', resolve));
  twilio.url = `http://127.0.0.1:${(twilio.server!.address() as AddressInfo).port}`;
};

let ctx: TestContext;
/** Log lines of the apps built with `appWithLog`. */
const logLines: string[] = [];
const apps: Awaited<ReturnType<typeof buildApp>>[] = [];

/** A second server process on the same database, with these settings and a logger the test reads. */
const appWithLog = async (overrides: Partial<Config>) => {
  const app = await buildApp({
    config: { ...ctx.config, ...overrides },
    database: ctx.database,
    secretKey: Buffer.alloc(32, 7),
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  });
  apps.push(app);
  return app;
};

beforeAll(async () => {
  await startTwilio();
  ctx = await createTestApp({ loginRatePerMinute: 1000, loginMaxFailures: 20, smsResendSeconds: 10 });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await ctx?.close();
  await new Promise((resolve) => twilio.server?.close(resolve));
});
afterEach(() => vi.useRealTimers());

type App = Awaited<ReturnType<typeof buildApp>>;

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie ? `${name}=${cookie.value}` : undefined;
};

const post = (app: App, url: string, body: unknown, cookie?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { payload: body as object }),
  });

/** The code in the last `SMS_SENDER=log` line for this phone's last four digits. */
const loggedCode = (phone: string) => {
  const line = logLines
    .map((text) => JSON.parse(text) as { msg?: string; smsTo?: string })
    .filter((entry) => entry.msg?.startsWith('SMS_SENDER=log') && entry.smsTo?.endsWith(phone.slice(-4)))
    .at(-1);
  const code = line?.msg?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no logged code for ${phone}`);
  return code;
};

/** The clock moves past the resend interval (10 s in these tests). */
const afterResendInterval = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 11_000);
};

let phoneCounter = 0;
const newPhone = () =>
  `+1555${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;

/** A technician with a confirmed phone, enrolled through `app` (log sender). */
const enrolSms = async (app: App) => {
  const tech = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
  const phone = newPhone();
  const setup = await post(
    app,
    '/auth/mfa/sms/setup',
    { phone: ` ${phone.slice(0, 5)} ${phone.slice(5)} ` },
    tech.cookie,
  );
  expect(setup.statusCode, setup.body).toBe(200);
  expect(setup.json()).toEqual({
    sentTo: `+${'•'.repeat(phone.length - 5)}${phone.slice(-4)}`,
    expiresInSeconds: 300,
    resendAfterSeconds: 10,
  });
  const confirm = await post(app, '/auth/mfa/sms/confirm', { code: loggedCode(phone) }, tech.cookie);
  expect(confirm.statusCode, confirm.body).toBe(200);
  return {
    ...tech,
    phone,
    recoveryCodes: confirm.json().recoveryCodes as string[],
    factor: confirm.json().factor,
  };
};

describe('text-message codes (SMS_SENDER=log)', () => {
  it('sets up a phone (stored encrypted) with its first code, and then signs in with a fresh code, once', async () => {
    const app = await appWithLog({ smsSender: 'log' });
    const tech = await enrolSms(app);
    expect(tech.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(tech.factor).toMatchObject({
      type: 'SMS_OTP',
      label: `Text message to +${'•'.repeat(7)}${tech.phone.slice(-4)}`,
    });
    const [row] = await ctx.db.select().from(mfaFactors).where(eq(mfaFactors.id, tech.factor.id));
    expect(row?.secretEncrypted).toMatch(/^v1\./);
    expect(row?.secretEncrypted).not.toContain(tech.phone.slice(1));
    // Codes are kept hashed only.
    const challenges = await ctx.db.select().from(mfaSentCodes).where(eq(mfaSentCodes.type, 'SMS_OTP'));
    expect(challenges.every((c) => c.codeHash && !/^\d{6}$/.test(c.codeHash))).toBe(true);

    const first = await post(app, '/auth/login', { email: tech.email, password: tech.password });
    expect(first.json()).toEqual({ mfaRequired: true, mfaTypes: ['SMS_OTP', 'RECOVERY_CODE'] });
    const pending = cookieOf(first, 'rmm_mfa')!;
    afterResendInterval();
    const sent = await post(app, '/auth/mfa/sms/send', undefined, pending);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = loggedCode(tech.phone);
    vi.useRealTimers();

    const verified = await post(app, '/auth/mfa/verify', { type: 'SMS_OTP', code }, pending);
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieOf(verified, 'rmm_session')!;
    const me = await ctx.request('GET', '/auth/me', undefined, { cookie: session });
    expect(me.json().user.email).toBe(tech.email);

    // Used once: the same code on another sign-in (another server process, same database) is refused.
    const again = cookieOf(
      await post(ctx.app, '/auth/login', { email: tech.email, password: tech.password }),
      'rmm_mfa',
    );
    const replay = await post(ctx.app, '/auth/mfa/verify', { type: 'SMS_OTP', code }, again);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({ code: 'INVALID_MFA_CODE', message: mfaMessages.invalidCode });
  });

  it('sends at most one code per interval, refuses an expired code, and needs the pending cookie', async () => {
    const app = await appWithLog({ smsSender: 'log' });
    const tech = await enrolSms(app);
    const pending = cookieOf(
      await post(app, '/auth/login', { email: tech.email, password: tech.password }),
      'rmm_mfa',
    )!;
    // The setup's code was sent just now: too soon for another.
    const tooSoon = await post(app, '/auth/mfa/sms/send', undefined, pending);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toEqual({ code: 'RATE_LIMITED', message: mfaMessages.tooSoon });
    afterResendInterval();
    expect((await post(app, '/auth/mfa/sms/send', undefined, pending)).statusCode).toBe(200);
    const code = loggedCode(tech.phone);
    // Five minutes later, the code has expired.
    vi.setSystemTime(Date.now() + 301_000);
    expect((await post(app, '/auth/mfa/verify', { type: 'SMS_OTP', code }, pending)).statusCode).toBe(401);
    vi.useRealTimers();

    const none = await post(app, '/auth/mfa/sms/send', undefined);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toEqual({ code: 'MFA_REQUIRED', message: mfaMessages.noPendingSignIn });
  });

  it('spends a setup code after too many wrong entries, and refuses a bad phone and a second phone', async () => {
    const app = await appWithLog({ smsSender: 'log' });
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const bad = await post(app, '/auth/mfa/sms/setup', { phone: '0612345678' }, tech.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(mfaMessages.invalidPhone);
    const early = await post(app, '/auth/mfa/sms/confirm', { code: '123456' }, tech.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(mfaMessages.smsSetupNotStarted);

    const phone = newPhone();
    expect((await post(app, '/auth/mfa/sms/setup', { phone }, tech.cookie)).statusCode).toBe(200);
    const code = loggedCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i++)
      expect((await post(app, '/auth/mfa/sms/confirm', { code: wrong }, tech.cookie)).statusCode).toBe(400);
    expect((await post(app, '/auth/mfa/sms/confirm', { code }, tech.cookie)).statusCode).toBe(400);

    const enrolled = await enrolSms(app);
    const second = await post(app, '/auth/mfa/sms/setup', { phone: newPhone() }, enrolled.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(mfaMessages.smsAlreadyEnrolled);
  });

  it('is unavailable when SMS_SENDER is unset: 409 at setup', async () => {
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const setup = await ctx.request(
      'POST',
      '/auth/mfa/sms/setup',
      { phone: newPhone() },
      { cookie: tech.cookie },
    );
    expect(setup.statusCode).toBe(409);
    expect(setup.json().error.message).toBe('SMS is not configured on this server');
  });
});

describe('text-message codes through Twilio (SMS_SENDER=twilio)', () => {
  const twilioSettings = () =>
    ({
      smsSender: 'twilio',
      smsApiUrl: twilio.url,
      smsAccountSid: ACCOUNT_SID,
      smsAuthToken: AUTH_TOKEN,
      smsFrom: FROM,
    }) satisfies Partial<Config>;

  it("sends each code as Twilio's Messages API documents it, and signs in with it", async () => {
    const app = await appWithLog(twilioSettings());
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    const phone = newPhone();
    expect((await post(app, '/auth/mfa/sms/setup', { phone }, tech.cookie)).statusCode).toBe(200);
    const message = twilio.messages.at(-1)!;
    expect(message).toMatchObject({ To: phone, From: FROM });
    expect(message.Body).toMatch(/^\d{6} is your RMM Console code\. It expires in 5 minutes\.$/);
    const confirm = await post(app, '/auth/mfa/sms/confirm', { code: message.Body.slice(0, 6) }, tech.cookie);
    expect(confirm.statusCode, confirm.body).toBe(200);

    const pending = cookieOf(
      await post(app, '/auth/login', { email: tech.email, password: tech.password }),
      'rmm_mfa',
    )!;
    afterResendInterval();
    expect((await post(app, '/auth/mfa/sms/send', undefined, pending)).statusCode).toBe(200);
    vi.useRealTimers();
    const code = twilio.messages.at(-1)!.Body.slice(0, 6);
    expect((await post(app, '/auth/mfa/verify', { type: 'SMS_OTP', code }, pending)).statusCode).toBe(200);
    expect(twilio.refused).toEqual([]);
  });

  it("answers 502 when Twilio refuses or cannot be reached, logging Twilio's error but never the token or the code", async () => {
    const before = logLines.length;
    const app = await appWithLog(twilioSettings());
    const tech = await createUser(ctx, { permissions: [], scope: 'all' });
    twilio.fail = true;
    try {
      const refused = await post(app, '/auth/mfa/sms/setup', { phone: newPhone() }, tech.cookie);
      expect(refused.statusCode).toBe(502);
      expect(refused.json().error).toEqual({ code: 'SMS_FAILED', message: mfaMessages.smsSendFailed });
    } finally {
      twilio.fail = false;
    }
    const logged = logLines.slice(before).join('\n');
    expect(logged).toContain('Twilio answered 400 (error 21211');
    expect(logged).not.toContain(AUTH_TOKEN);
    expect(logged).not.toMatch(/is your RMM Console code/);
    // The failed code was taken back: asking again at once is not "too soon".
    const retry = await post(app, '/auth/mfa/sms/setup', { phone: newPhone() }, tech.cookie);
    expect(retry.statusCode, retry.body).toBe(200);

    const closed = await appWithLog({ ...twilioSettings(), smsApiUrl: 'http://127.0.0.1:9' });
    const other = await createUser(ctx, { permissions: [], scope: 'all' });
    const unreachable = await post(closed, '/auth/mfa/sms/setup', { phone: newPhone() }, other.cookie);
    expect(unreachable.statusCode).toBe(502);
    expect(logLines.slice(before).join('\n')).toContain('Twilio could not be reached');
  });

  it('the client itself: 201 resolves; an error answer and a network error reject with a clear message', async () => {
    const settings = {
      apiUrl: twilio.url,
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      from: FROM,
      timeoutMs: 2_000,
    };
    await expect(twilioSender(settings).send('+15551230000', 'hello')).resolves.toBeUndefined();
    expect(twilio.messages.at(-1)).toEqual({ To: '+15551230000', From: FROM, Body: 'hello' });
    twilio.fail = true;
    try {
      await expect(twilioSender(settings).send('+15551230000', '123456 is your code')).rejects.toThrow(
        "Twilio answered 400 (error 21211: The 'To' number +15551230000 is not a valid phone number.)",
      );
    } finally {
      twilio.fail = false;
    }
    const wrongToken = twilioSender({ ...settings, authToken: 'wrong' }).send('+15551230000', 'hello');
    await expect(wrongToken).rejects.toThrow('Twilio answered 401 (error 20003: Authenticate)');
    twilio.refused.length = 0;
    const down = twilioSender({ ...settings, apiUrl: 'http://127.0.0.1:9' }).send('+15551230000', '123456');
    await expect(down).rejects.toThrow(/^Twilio could not be reached: /);
  });
});
