import { randomUUID } from 'node:crypto';
import { DEMO_REQUEST_NAME_MAX, type DemoRequestRecord, demoRequestMessages, messages } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, createUser, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { closedPort, type LocalSmtpServer, parseMail, startSmtpServer } from '../../../test/smtp.ts';
import { activities, demoRequests } from '../../db/schema.ts';

const SUBMIT = '/division/promotion/BackupDemoRequest';
const LIST = '/division/promotion/demo-requests';
const unique = () => randomUUID().slice(0, 8);

const submit = (ctx: TestContext, body: unknown, cookie?: string) =>
  ctx.request('POST', SUBMIT, body, { cookie });
const list = async (ctx: TestContext, query = '') => {
  const response = await ctx.request('GET', `${LIST}${query}`);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: DemoRequestRecord[]; count: number; page: number; pageSize: number };
};
const storedFor = (ctx: TestContext, userEmail: string) =>
  ctx.db.select().from(demoRequests).where(eq(demoRequests.userEmail, userEmail));

describe('demo requests without a mail destination', () => {
  let ctx: TestContext;
  /** A technician with no permission at all: may still ask for a demo. */
  let technician: { email: string; cookie: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    technician = await createUser(ctx, { permissions: [], scope: [] });
  });
  afterAll(() => ctx?.close());

  it('stores a valid request, trimmed, with who asked and when, and records it', async () => {
    const email = `ann-${unique()}@example.com`;
    const before = Date.now();
    const response = await submit(
      ctx,
      { userName: '  Ann Smith ', userEmail: `  ${email} ` },
      technician.cookie,
    );
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toEqual({
      resultCode: 'SUCCESS',
      id: expect.any(Number),
      requestedAt: expect.any(String),
    });
    expect(new Date(answer.requestedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [row] = await storedFor(ctx, email);
    expect(row).toMatchObject({
      id: answer.id,
      userName: 'Ann Smith',
      userEmail: email,
      deliveryStatus: null,
    });
    expect(row!.requestedByEmail).toBe(technician.email);
    const [activity] = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'demoRequest.create'), eq(activities.targetId, String(answer.id))));
    expect(activity).toMatchObject({
      outcome: 'SUCCESS',
      actorName: technician.email,
      targetName: 'Ann Smith',
    });

    const listed = (await list(ctx)).data.find((request) => request.id === answer.id);
    expect(listed).toEqual({
      id: answer.id,
      userName: 'Ann Smith',
      userEmail: email,
      requestedAt: answer.requestedAt,
      requestedBy: { id: row!.requestedBy, name: row!.requestedByName, email: technician.email },
      deliveryStatus: null,
      deliveryAttempts: 0,
      deliveryError: null,
      deliveredAt: null,
    });
  });

  it('refuses an invalid email with the domain message and stores nothing', async () => {
    const email = `ann-${unique()}@`;
    const response = await submit(ctx, { userName: 'Ann', userEmail: email });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: `body.userEmail: ${messages.validation.invalidEmail}`,
    });
    expect(await storedFor(ctx, email)).toEqual([]);
    const tooLongLocal = `${'a'.repeat(65)}@example.com`;
    expect((await submit(ctx, { userName: 'Ann', userEmail: tooLongLocal })).statusCode).toBe(400);
    expect(await storedFor(ctx, tooLongLocal)).toEqual([]);
  });

  it('refuses a missing, blank or over-long name with its message and stores nothing', async () => {
    const email = `bob-${unique()}@example.com`;
    for (const body of [{ userEmail: email }, { userName: '   ', userEmail: email }]) {
      const response = await submit(ctx, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(`body.userName: ${messages.validation.mandatory}`);
    }
    const long = await submit(ctx, { userName: 'x'.repeat(DEMO_REQUEST_NAME_MAX + 1), userEmail: email });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(`body.userName: ${demoRequestMessages.nameTooLong}`);
    const missingEmail = await submit(ctx, { userName: 'Bob' });
    expect(missingEmail.json().error.message).toBe(`body.userEmail: ${messages.validation.mandatory}`);
    expect(await storedFor(ctx, email)).toEqual([]);
  });

  it('needs a session (and an allowed Origin) to ask, and settings.view to list', async () => {
    const body = { userName: 'Eve', userEmail: `eve-${unique()}@example.com` };
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: SUBMIT,
      payload: body,
      headers: { origin: ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await submit(ctx, body)).statusCode).toBe(201);
    const crossSite = await ctx.request('POST', SUBMIT, body, { origin: 'https://evil.test' });
    expect(crossSite.statusCode).toBe(403);
    expect((await ctx.request('GET', LIST, undefined, { cookie: technician.cookie })).statusCode).toBe(403);
    const viewer = await createUser(ctx, { permissions: ['settings.view'], scope: [] });
    expect((await ctx.request('GET', LIST, undefined, { cookie: viewer.cookie })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });

  it('limits each technician to DEMO_REQUESTS_PER_HOUR requests an hour, and others are not held back', async () => {
    const busy = await createUser(ctx, { permissions: [], scope: [] });
    const email = `busy-${unique()}@example.com`;
    for (let n = 0; n < ctx.config.demoRequestsPerHour; n++)
      expect((await submit(ctx, { userName: `Busy ${n}`, userEmail: email }, busy.cookie)).statusCode).toBe(
        201,
      );
    const refused = await submit(ctx, { userName: 'Busy again', userEmail: email }, busy.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'DEMO_REQUEST_RATE_LIMITED',
      message: demoRequestMessages.DEMO_REQUEST_RATE_LIMITED,
    });
    expect(await storedFor(ctx, email)).toHaveLength(ctx.config.demoRequestsPerHour);
    // An hour later the technician may ask again.
    await ctx.db
      .update(demoRequests)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(demoRequests.userEmail, email));
    expect((await submit(ctx, { userName: 'Busy later', userEmail: email }, busy.cookie)).statusCode).toBe(
      201,
    );
    const other = { userName: 'Other', userEmail: `other-${unique()}@example.com` };
    expect((await submit(ctx, other, technician.cookie)).statusCode).toBe(201);
  });

  it('lists the requests newest first, paged', async () => {
    const marker = unique();
    for (const n of [1, 2, 3])
      await submit(ctx, { userName: `Paged ${n}`, userEmail: `paged${n}-${marker}@example.com` });
    const all = await list(ctx);
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.data.slice(0, 3).map((request) => request.userName)).toEqual([
      'Paged 3',
      'Paged 2',
      'Paged 1',
    ]);
    const second = await list(ctx, '?page=2&pageSize=1');
    expect(second).toMatchObject({ count: all.count, page: 2, pageSize: 1 });
    expect(second.data.map((request) => request.userName)).toEqual(['Paged 2']);
    expect((await ctx.request('GET', `${LIST}?pageSize=0`)).statusCode).toBe(400);
  });
});

describe('demo requests mailed over SMTP', () => {
  let ctx: TestContext;
  let smtp: LocalSmtpServer;
  const login = { user: 'console', pass: 'smtp secret' };

  beforeAll(async () => {
    smtp = await startSmtpServer({ auth: login });
    ctx = await createTestApp({
      smtpUrl: `smtp://${login.user}:${encodeURIComponent(login.pass)}@127.0.0.1:${smtp.port}`,
      mailFrom: 'RMM Console <console@msp.test>',
      demoRequestEmail: 'sales@vendor.test',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('mails the request to the destination, the name and email escaped, and marks it SENT', async () => {
    const email = `o.hara-${unique()}@example.com`;
    const userName = `Ann <b>O'Hara</b> & "Co"`;
    const response = await submit(ctx, { userName, userEmail: email });
    expect(response.statusCode).toBe(201);
    await ctx.app.demoRequestDelivery.idle();

    expect(smtp.logins).toEqual([login]);
    const received = smtp.received.find((mail) => mail.raw.includes(email));
    expect(received).toBeDefined();
    expect(received!.from).toBe('console@msp.test');
    expect(received!.to).toEqual(['sales@vendor.test']);
    const mail = parseMail(received!.raw);
    expect(mail.headers.get('from')).toBe('RMM Console <console@msp.test>');
    expect(mail.headers.get('to')).toBe('sales@vendor.test');
    expect(mail.headers.get('reply-to')).toBe(email);
    expect(mail.headers.get('subject')).toBe(`Backup demo request from ${userName}`);
    expect(mail.text).toContain(`Name: ${userName}`);
    expect(mail.text).toContain(`Email: ${email}`);
    expect(mail.text).toMatch(new RegExp(`Sent by: .+ <${ADMIN.email.replace('.', '\\.')}>`));
    expect(mail.html).toContain('Ann &lt;b&gt;O&#39;Hara&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain(email);

    const [row] = await storedFor(ctx, email);
    expect(row).toMatchObject({
      deliveryStatus: 'SENT',
      deliveryAttempts: 1,
      deliveryError: null,
      nextAttemptAt: null,
    });
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect((await list(ctx)).data.find((request) => request.userEmail === email)?.deliveryStatus).toBe(
      'SENT',
    );
  });

  it('keeps a subject on one line whatever the name holds', async () => {
    const email = `line-${unique()}@example.com`;
    expect(
      (await submit(ctx, { userName: 'Ann\r\nBcc: victim@example.com', userEmail: email })).statusCode,
    ).toBe(201);
    await ctx.app.demoRequestDelivery.idle();
    const received = smtp.received.find((mail) => mail.raw.includes(email))!;
    expect(received.to).toEqual(['sales@vendor.test']);
    const mail = parseMail(received.raw);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.get('subject')).toBe('Backup demo request from Ann Bcc: victim@example.com');
  });
});

describe('demo requests while the SMTP server is down', () => {
  let ctx: TestContext;
  let port: number;
  let smtp: LocalSmtpServer | undefined;
  const retryMs = 60_000;

  beforeAll(async () => {
    port = await closedPort();
    ctx = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      mailFrom: 'console@msp.test',
      demoRequestEmail: 'sales@vendor.test',
      demoRequestMailSweepIntervalMs: retryMs,
      demoRequestMailMaxAttempts: 2,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('stores the request, records the failure, and sends it on the sweep once the server is back', async () => {
    const email = `down-${unique()}@example.com`;
    const response = await submit(ctx, { userName: 'Dana', userEmail: email });
    expect(response.statusCode).toBe(201);
    await ctx.app.demoRequestDelivery.idle();
    const [failed] = await storedFor(ctx, email);
    expect(failed).toMatchObject({ deliveryStatus: 'FAILED', deliveryAttempts: 1 });
    expect(failed!.deliveryError).toMatch(/ECONNREFUSED/);
    expect(failed!.nextAttemptAt!.getTime()).toBe(failed!.createdAt.getTime() + retryMs);
    const listed = (await list(ctx)).data.find((request) => request.id === failed!.id);
    expect(listed).toMatchObject({
      deliveryStatus: 'FAILED',
      deliveryError: expect.stringMatching(/ECONNREFUSED/),
    });

    // Not due before its retry time.
    expect(
      await ctx.app.demoRequestDelivery.sweep(new Date(failed!.createdAt.getTime() + retryMs - 1000)),
    ).toBe(0);
    smtp = await startSmtpServer({ port });
    expect(await ctx.app.demoRequestDelivery.sweep(new Date(failed!.nextAttemptAt!.getTime() + 1))).toBe(1);
    const [sent] = await storedFor(ctx, email);
    expect(sent).toMatchObject({ deliveryStatus: 'SENT', deliveryAttempts: 2, deliveryError: null });
    expect(smtp.received.filter((mail) => mail.raw.includes(email))).toHaveLength(1);
    // Sent once: a later sweep finds nothing of it.
    expect(await ctx.app.demoRequestDelivery.sweep(new Date(Date.now() + 10 * retryMs))).toBe(0);
  });

  it('gives up after DEMO_REQUEST_MAIL_MAX_ATTEMPTS, keeping the request and the last error', async () => {
    await smtp?.close();
    smtp = undefined;
    const email = `never-${unique()}@example.com`;
    expect((await submit(ctx, { userName: 'Nick', userEmail: email })).statusCode).toBe(201);
    await ctx.app.demoRequestDelivery.idle();
    const [first] = await storedFor(ctx, email);
    expect(await ctx.app.demoRequestDelivery.sweep(first!.nextAttemptAt!)).toBe(1);
    const [last] = await storedFor(ctx, email);
    expect(last).toMatchObject({ deliveryStatus: 'FAILED', deliveryAttempts: 2, nextAttemptAt: null });
    expect(last!.deliveryError).toMatch(/ECONNREFUSED/);
    expect(await ctx.app.demoRequestDelivery.sweep(new Date(Date.now() + 100 * retryMs))).toBe(0);
  });
});
