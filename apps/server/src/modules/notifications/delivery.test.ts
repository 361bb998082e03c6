import {
  AlertWebhookBody,
  type NotificationChannel,
  type NotificationDelivery,
  notificationBackoffSeconds,
} from '@rmm/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/postgres-global-setup.ts';
import { type LocalSmtpServer, parseMail, startSmtpServer } from '../../../test/smtp.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { alertEvents, eventFeedCursors } from '../../db/schema.ts';
import * as repo from './repository.ts';
import { type AlertTarget, alertChanged, createAlertTarget, raiseAlert } from './test-fixtures.ts';
import { createNotificationWorker } from './worker.ts';

const CHANNELS = '/notification-channels';
const SECRET = 'the receiver and the server share this';
const MAX_ATTEMPTS = 4;

/**
 * The worker end to end: alerts and feed events written as the engine writes them, the worker's tick driven
 * with the times each test needs, a real SMTP server and real HTTP receivers on 127.0.0.1. A second server
 * process on the same database (its own connection pool on PostgreSQL) shares the work.
 */
describe('notification delivery', () => {
  let ctx: TestContext;
  let smtp: LocalSmtpServer;
  let target: AlertTarget;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDatabase: Database | undefined;
  const receivers: WebhookReceiver[] = [];

  const receiver = async (secret?: string) => {
    const started = await startWebhookReceiver({ secret });
    receivers.push(started);
    return started;
  };
  const createChannel = async (body: unknown) => {
    const response = await ctx.request('POST', CHANNELS, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as NotificationChannel;
  };
  const webhookChannel = async (url: string, secret?: string) =>
    createChannel({ type: 'WEBHOOK', name: `Hook ${url}`, config: { url, ...(secret ? { secret } : {}) } });
  const deliveriesOf = async (channelId: number, query = '') => {
    const response = await ctx.request('GET', `${CHANNELS}/${channelId}/deliveries${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: NotificationDelivery[]; count: number };
  };
  const send = (channelId: number) => [{ channelId, option: 'SEND' as const }];
  const startProcess = async () => {
    const app = await buildApp({
      config: ctx.config,
      database: otherDatabase ?? ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    await app.ready();
    await app.notifications.idle();
    return app;
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({
      // No tick on a timer: each test ticks the worker at the time it needs.
      notificationIntervalMs: 3_600_000,
      notificationMaxAttempts: MAX_ATTEMPTS,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      mailFrom: 'RMM <rmm@msp.test>',
    });
    await ctx.app.notifications.idle();
    if (ctx.database.driver === 'postgres') {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = withDatabase(process.env.DATABASE_URL!, result.rows[0]!.name);
      otherDatabase = await openDatabase({ driver: 'postgres', url, poolSize: 3 });
    }
    other = await startProcess();
    target = await createAlertTarget(ctx);
  });
  afterEach(async () => {
    await ctx.app.notifications.idle();
    await other?.notifications.idle();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await ctx?.close();
    await Promise.all(receivers.map((r) => r.close()));
    await smtp?.close();
  });

  it('mails an alert through the SMTP server, its fields escaped in the HTML part', async () => {
    const channel = await createChannel({
      type: 'EMAIL',
      name: 'On call',
      config: { recipients: ['oncall@msp.test', 'noc@msp.test'] },
    });
    const alert = await raiseAlert(ctx, target, {
      notifications: send(channel.id),
      conditionName: 'Disk <free> & "space"',
      message: '<script>alert(1)</script> below 5%',
      instance: 'C:',
    });
    const before = smtp.received.length;
    await ctx.app.notifications.tick();

    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['oncall@msp.test', 'noc@msp.test']);
    expect(mail.from).toBe('rmm@msp.test');
    const { headers, text, html } = parseMail(mail.raw);
    expect(headers.get('subject')).toBe(
      `[CRITICAL] Alert: Disk <free> & "space" (C:) on ${target.deviceName}`,
    );
    expect(text).toContain(`Organization: ${target.organizationName}`);
    expect(text).toContain('Message: <script>alert(1)</script> below 5%');
    expect(text).toContain(`Open the device: ${ORIGIN}/deviceDashboard/${target.deviceId}/overview`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; below 5%');
    expect(html).toContain('Disk &lt;free&gt; &amp; &quot;space&quot;');
    expect(html).not.toContain('<script>');

    const { data } = await deliveriesOf(channel.id);
    expect(data).toMatchObject([
      {
        channelId: channel.id,
        alertId: alert.alertId,
        event: 'TRIGGERED',
        status: 'DELIVERED',
        attempts: 1,
        lastError: null,
        nextAttemptTime: null,
        deliveredTime: expect.any(String),
      },
    ]);
    const listed = (await ctx.request('GET', `${CHANNELS}/${channel.id}`)).json() as NotificationChannel;
    expect(listed.lastDeliveryStatus).toBe('DELIVERED');
    expect(listed.lastDeliveryTime).toBe(data[0]!.deliveredTime);
  });

  it('posts the signed AlertWebhookBody to a webhook, which verifies the signature', async () => {
    const hook = await receiver(SECRET);
    const channel = await webhookChannel(hook.url, SECRET);
    const alert = await raiseAlert(ctx, target, { notifications: send(channel.id) });
    await ctx.app.notifications.tick();

    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request!.method).toBe('POST');
    expect(request!.isSignatureValid).toBe(true);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['x-rmm-event']).toBe('TRIGGERED');
    expect(request!.headers['x-rmm-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['x-rmm-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const body = AlertWebhookBody.parse(JSON.parse(request!.body));
    expect(body).toEqual({
      event: 'TRIGGERED',
      alert: {
        id: alert.alertId,
        deviceId: target.deviceId,
        deviceName: target.deviceName,
        organizationName: target.organizationName,
        conditionName: 'CPU above 90%',
        severity: 'CRITICAL',
        priority: 'HIGH',
        instance: '',
        message: 'CPU at 97% for 5 minutes',
        triggerTime: '2026-03-01T10:00:00.000Z',
        resetTime: null,
      },
      sentAt: expect.any(String),
    });
    const [delivery] = (await deliveriesOf(channel.id)).data;
    expect(request!.headers['x-rmm-delivery']).toBe(String(delivery!.id));
    expect(delivery).toMatchObject({
      status: 'DELIVERED',
      attemptLog: [{ time: expect.any(String), error: null }],
    });

    // A receiver holding another secret refuses the signature.
    const wrong = await receiver('not the secret the server holds');
    const wrongChannel = await webhookChannel(wrong.url, SECRET);
    await raiseAlert(ctx, target, { notifications: send(wrongChannel.id) });
    await ctx.app.notifications.tick();
    expect(wrong.received.map((r) => r.isSignatureValid)).toEqual([false]);
  });

  it('posts a Slack {text} and a Teams MessageCard to chat webhooks', async () => {
    const slack = await receiver();
    const teams = await receiver();
    const slackChannel = await createChannel({
      type: 'CHAT',
      name: 'Slack',
      config: { url: slack.url, format: 'SLACK' },
    });
    const teamsChannel = await createChannel({
      type: 'CHAT',
      name: 'Teams',
      config: { url: teams.url, format: 'TEAMS' },
    });
    await raiseAlert(ctx, target, {
      notifications: [...send(slackChannel.id), ...send(teamsChannel.id)],
      message: 'load <high> & rising',
    });
    await ctx.app.notifications.tick();

    const slackBody = JSON.parse(slack.received[0]!.body);
    expect(Object.keys(slackBody)).toEqual(['text']);
    expect(slackBody.text).toContain(`*[CRITICAL] Alert: CPU above 90% on ${target.deviceName}*`);
    expect(slackBody.text).toContain('Message: load &lt;high&gt; &amp; rising');
    expect(slackBody.text).toContain(
      `<${ORIGIN}/deviceDashboard/${target.deviceId}/overview|Open the device>`,
    );
    expect(slack.received[0]!.headers['x-rmm-signature']).toBeUndefined();

    const card = JSON.parse(teams.received[0]!.body);
    expect(card).toMatchObject({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      themeColor: 'C92A2A',
      title: `[CRITICAL] Alert: CPU above 90% on ${target.deviceName}`,
      sections: [
        {
          facts: expect.arrayContaining([
            { name: 'Device', value: target.deviceName },
            { name: 'Message', value: 'load &lt;high&gt; &amp; rising' },
          ]),
        },
      ],
      potentialAction: [
        {
          '@type': 'OpenUri',
          targets: [{ os: 'default', uri: `${ORIGIN}/deviceDashboard/${target.deviceId}/overview` }],
        },
      ],
    });
  });

  it('retries after 500s with the backoff, recording every error, then delivers', async () => {
    const hook = await receiver(SECRET);
    hook.answerWith({ status: 500, body: 'database\nis down' }, { status: 503, body: 'x'.repeat(5000) });
    const channel = await webhookChannel(hook.url, SECRET);
    await raiseAlert(ctx, target, { notifications: send(channel.id) });
    const start = new Date(Date.now() + 1000);
    const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    await ctx.app.notifications.tick(start);
    let [delivery] = (await deliveriesOf(channel.id)).data;
    expect(delivery).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: 'HTTP 500: database is down',
      nextAttemptTime: later(notificationBackoffSeconds(1)).toISOString(),
    });

    // Not due before the backoff.
    await ctx.app.notifications.tick(later(notificationBackoffSeconds(1) - 1));
    expect(hook.received).toHaveLength(1);

    await ctx.app.notifications.tick(later(notificationBackoffSeconds(1)));
    [delivery] = (await deliveriesOf(channel.id)).data;
    expect(delivery!.attempts).toBe(2);
    expect(delivery!.lastError).toMatch(/^HTTP 503: x{100,300}$/);
    const second = new Date(delivery!.attemptLog[1]!.time).getTime();
    expect(delivery!.nextAttemptTime).toBe(
      new Date(second + notificationBackoffSeconds(2) * 1000).toISOString(),
    );

    await ctx.app.notifications.tick(new Date(delivery!.nextAttemptTime!));
    [delivery] = (await deliveriesOf(channel.id)).data;
    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 3, lastError: null });
    expect(delivery!.attemptLog.map((a) => a.error?.slice(0, 8) ?? null)).toEqual([
      'HTTP 500',
      'HTTP 503',
      null,
    ]);
    expect(hook.received.map((r) => r.isSignatureValid)).toEqual([true, true, true]);
  });

  it('gives up after the last attempt: FAILED with the error of each', async () => {
    const down = await receiver();
    const channel = await webhookChannel(down.url);
    for (let n = 0; n < MAX_ATTEMPTS; n++) down.answerWith({ status: 502, body: `gateway ${n + 1}` });
    await raiseAlert(ctx, target, { notifications: send(channel.id) });
    let now = new Date(Date.now() + 1000);
    for (let n = 0; n < MAX_ATTEMPTS + 2; n++) {
      await ctx.app.notifications.tick(now);
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(down.received).toHaveLength(MAX_ATTEMPTS);
    const [delivery] = (await deliveriesOf(channel.id)).data;
    expect(delivery).toMatchObject({
      status: 'FAILED',
      attempts: MAX_ATTEMPTS,
      lastError: `HTTP 502: gateway ${MAX_ATTEMPTS}`,
      nextAttemptTime: null,
      deliveredTime: null,
    });
    expect(delivery!.attemptLog.map((a) => a.error)).toEqual(
      Array.from({ length: MAX_ATTEMPTS }, (_, n) => `HTTP 502: gateway ${n + 1}`),
    );
    expect((await deliveriesOf(channel.id, '?status=FAILED')).count).toBe(1);
    expect((await deliveriesOf(channel.id, '?status=DELIVERED')).count).toBe(0);
    const listed = (await ctx.request('GET', `${CHANNELS}/${channel.id}`)).json() as NotificationChannel;
    expect(listed.lastDeliveryStatus).toBe('FAILED');
  });

  it('notifies a reset only with notify-on-reset, and never for NONE, acknowledgements or disabled channels', async () => {
    const hook = await receiver();
    const channel = await webhookChannel(hook.url);
    const quiet = await receiver();
    const disabled = await createChannel({
      type: 'WEBHOOK',
      name: 'Disabled',
      enabled: false,
      config: { url: quiet.url },
    });
    const withoutReset = await raiseAlert(ctx, target, {
      notifications: [...send(channel.id), ...send(disabled.id)],
      conditionName: 'Without reset',
    });
    const withReset = await raiseAlert(ctx, target, {
      notifications: send(channel.id),
      notifyOnReset: true,
      conditionName: 'With reset',
    });
    await raiseAlert(ctx, target, {
      notifications: [{ channelId: channel.id, option: 'NONE' }],
      conditionName: 'Not notified',
    });
    for (const alert of [withoutReset, withReset]) {
      await alertChanged(ctx, alert, 'ACKNOWLEDGED');
      await alertChanged(ctx, alert, 'UPDATED');
      await alertChanged(ctx, alert, 'RESET');
    }
    await ctx.app.notifications.tick();

    const seen = hook.received.map((r) => {
      const body = JSON.parse(r.body) as AlertWebhookBody;
      return `${body.alert!.conditionName} ${body.event}`;
    });
    expect(seen.sort()).toEqual(
      [
        'Without reset TRIGGERED',
        'Without reset UPDATED',
        'With reset TRIGGERED',
        'With reset UPDATED',
        'With reset RESET',
      ].sort(),
    );
    const reset = hook.received.find((r) => r.headers['x-rmm-event'] === 'RESET')!;
    expect((JSON.parse(reset.body) as AlertWebhookBody).alert!.resetTime).toBe('2026-03-01T10:30:00.000Z');
    expect(quiet.received).toHaveLength(0);
    expect((await deliveriesOf(disabled.id)).count).toBe(0);
  });

  it('sends each event once with two server processes ticking together', async () => {
    const hook = await receiver();
    const channel = await webhookChannel(hook.url);
    const second = await receiver();
    const secondChannel = await webhookChannel(second.url);
    for (let n = 0; n < 6; n++)
      await raiseAlert(ctx, target, {
        notifications: [...send(channel.id), ...send(secondChannel.id)],
        conditionName: `Condition ${n}`,
      });
    const now = new Date();
    await Promise.all([
      ctx.app.notifications.tick(now),
      other.notifications.tick(now),
      ctx.app.notifications.tick(now),
      other.notifications.tick(now),
    ]);
    // Whatever one process left (the other held the feed), the next ticks take.
    await Promise.all([ctx.app.notifications.tick(now), other.notifications.tick(now)]);
    for (const got of [hook, second]) {
      const names = got.received.map((r) => (JSON.parse(r.body) as AlertWebhookBody).alert!.conditionName);
      expect(names.sort()).toEqual(Array.from({ length: 6 }, (_, n) => `Condition ${n}`));
    }
    expect((await deliveriesOf(channel.id)).data.map((d) => d.status)).toEqual(Array(6).fill('DELIVERED'));
  });

  it('survives a restart: a delivery queued, or claimed by a process that died, is sent by the next one', async () => {
    const hook = await receiver();
    const channel = await webhookChannel(hook.url);
    await raiseAlert(ctx, target, { notifications: send(channel.id), conditionName: 'Queued' });
    await raiseAlert(ctx, target, { notifications: send(channel.id), conditionName: 'Claimed' });
    const now = new Date(Date.now() + 1000);
    // The old process read the feed, then claimed one delivery and died before sending it.
    expect(await other.notifications.readFeed(now)).toBe(2);
    const claimed = await repo.claimDueDeliveries(ctx.db, {
      now,
      leaseUntil: new Date(now.getTime() + other.notifications.leaseMs),
      limit: 1,
    });
    expect(claimed).toHaveLength(1);
    await other.close();
    other = await startProcess();

    await other.notifications.tick(now);
    expect(hook.received).toHaveLength(1);
    await other.notifications.tick(new Date(now.getTime() + other.notifications.leaseMs));
    expect(hook.received).toHaveLength(2);
    expect((await deliveriesOf(channel.id)).data.map((d) => [d.status, d.attempts])).toEqual([
      ['DELIVERED', 1],
      ['DELIVERED', 1],
    ]);
  });

  it('waits at a gap in the feed for a late commit, and passes a gap that will never fill', async () => {
    const hook = await receiver();
    const channel = await webhookChannel(hook.url);
    const nextEventId = async () => {
      const result = (await ctx.db.execute(
        sql`select nextval(pg_get_serial_sequence('alert_events', 'id'))::int as id`,
      )) as unknown as { rows: { id: number }[] };
      return Number(result.rows[0]!.id);
    };
    const cursor = async () => {
      const [row] = await ctx.db
        .select()
        .from(eventFeedCursors)
        .where(eq(eventFeedCursors.name, repo.FEED_CURSOR));
      return row!.lastEventId;
    };
    const names = () =>
      hook.received.map((r) => (JSON.parse(r.body) as AlertWebhookBody).alert!.conditionName).sort();
    const now = new Date();
    await ctx.app.notifications.tick(now);

    // A transaction took an id and has not committed when a later one has.
    const late = await raiseAlert(ctx, target, { notifications: send(channel.id), conditionName: 'Late' });
    await ctx.db.delete(alertEvents).where(eq(alertEvents.id, late.eventId));
    const first = await raiseAlert(ctx, target, { notifications: send(channel.id), conditionName: 'After' });
    await ctx.app.notifications.tick(now);
    expect(names()).toEqual(['After']);
    expect(await cursor()).toBe(late.eventId - 1);
    // It commits: its event is sent, and the cursor moves over both.
    await ctx.db.insert(alertEvents).values({
      id: late.eventId,
      alertId: late.alertId,
      organizationId: late.organizationId,
      change: 'RAISED',
    });
    await ctx.app.notifications.tick(now);
    expect(names()).toEqual(['After', 'Late']);
    expect(await cursor()).toBe(first.eventId);

    // An id taken by a transaction that rolled back: passed once no transaction from then is running (or,
    // at the latest, NOTIFICATION_FEED_GAP_SECONDS later), and nothing is sent twice meanwhile.
    const lost = await nextEventId();
    const next = await raiseAlert(ctx, target, { notifications: send(channel.id), conditionName: 'Next' });
    await ctx.app.notifications.tick(now);
    expect(await cursor()).toBe(lost - 1);
    await ctx.app.notifications.tick(new Date(now.getTime() + ctx.config.notificationFeedGapSeconds * 1000));
    expect(await cursor()).toBe(next.eventId);
    expect(names()).toEqual(['After', 'Late', 'Next']);
  });

  it('sends a test message at once and logs the outcome; a test is not retried', async () => {
    const hook = await receiver(SECRET);
    const channel = await webhookChannel(hook.url, SECRET);
    const queued = await ctx.request('POST', `${CHANNELS}/${channel.id}/test`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json()).toMatchObject({
      channelId: channel.id,
      event: 'TEST',
      status: 'PENDING',
      alertId: null,
    });
    await ctx.app.notifications.idle();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.isSignatureValid).toBe(true);
    expect(JSON.parse(hook.received[0]!.body)).toEqual({
      event: 'TEST',
      alert: null,
      sentAt: expect.any(String),
    });

    hook.answerWith({ status: 404, body: 'no such hook' });
    await ctx.request('POST', `${CHANNELS}/${channel.id}/test`);
    await ctx.app.notifications.idle();
    const { data } = await deliveriesOf(channel.id);
    expect(data.map((d) => [d.event, d.status, d.attempts, d.lastError])).toEqual([
      ['TEST', 'FAILED', 1, 'HTTP 404: no such hook'],
      ['TEST', 'DELIVERED', 1, null],
    ]);
    expect((await ctx.request('POST', `${CHANNELS}/999999/test`)).statusCode).toBe(404);
  });

  it('follows a redirect on the same host only, and gives up on a receiver that does not answer in time', async () => {
    const hook = await receiver();
    const channel = await webhookChannel(hook.url);
    hook.answerWith({ status: 307, headers: { location: '/moved' } });
    await ctx.request('POST', `${CHANNELS}/${channel.id}/test`);
    await ctx.app.notifications.idle();
    expect(hook.received.map((r) => r.path)).toEqual(['/hook', '/moved']);

    const elsewhere = await receiver();
    hook.answerWith({ status: 302, headers: { location: `http://localhost:${elsewhere.port}/steal` } });
    await ctx.request('POST', `${CHANNELS}/${channel.id}/test`);
    await ctx.app.notifications.idle();
    expect(elsewhere.received).toHaveLength(0);
    expect((await deliveriesOf(channel.id)).data[0]!.lastError).toBe(
      `HTTP 302: a redirect to another host (localhost:${elsewhere.port}) is not followed`,
    );

    // A worker with a short timeout (NOTIFICATION_TIMEOUT_MS): the receiver never answers.
    const silent = await receiver();
    silent.answerWith({ hang: true });
    const silentChannel = await webhookChannel(silent.url);
    await repo.insertDeliveries(ctx.db, [
      {
        channelId: silentChannel.id,
        alertId: null,
        alertEventId: null,
        event: 'TEST',
        alert: null,
        nextAttemptAt: new Date(),
      },
    ]);
    const worker = createNotificationWorker({
      db: ctx.db,
      log: { warn: () => {}, error: () => {} },
      secretKey: Buffer.alloc(32, 7),
      mailer: undefined,
      consoleUrl: undefined,
      timeoutMs: 200,
      smtpTimeoutMs: 1000,
      maxAttempts: MAX_ATTEMPTS,
      backoffFactor: 1,
      feedGapSeconds: 60,
    });
    await worker.sendDue();
    expect(silent.received).toHaveLength(1);
    expect((await deliveriesOf(silentChannel.id)).data).toMatchObject([
      { status: 'FAILED', attempts: 1, lastError: 'No answer within 0.2 s' },
    ]);
  });
});
