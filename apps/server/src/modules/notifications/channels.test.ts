import { messages, type NotificationChannel, notificationChannelMessages } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { activities, notificationChannels } from '../../db/schema.ts';
import { decryptSecret } from '../../lib/crypto.ts';
import { cpuCondition, createPolicy, unique, updatePolicy } from '../policies/test-fixtures.ts';

const CHANNELS = '/notification-channels';
const SECRET = 'a webhook secret of forty characters....';
/** The key createTestApp gives the server. */
const KEY = Buffer.alloc(32, 7);

describe('notification channels', () => {
  let ctx: TestContext;

  const create = async (body: unknown) => {
    const response = await ctx.request('POST', CHANNELS, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as NotificationChannel;
  };
  const storedRow = async (id: number) => {
    const [row] = await ctx.db.select().from(notificationChannels).where(eq(notificationChannels.id, id));
    return row;
  };
  const storedCount = async () => (await ctx.db.select().from(notificationChannels)).length;

  beforeAll(async () => {
    ctx = await createTestApp({ notificationIntervalMs: 3_600_000 });
  });
  afterAll(() => ctx?.close());

  it('creates, lists, reads, changes and deletes channels of each type', async () => {
    const email = await create({
      type: 'EMAIL',
      name: ' On-call team ',
      config: { recipients: ['oncall@msp.test', ' noc@msp.test', 'ONCALL@msp.test'] },
    });
    expect(email).toMatchObject({
      type: 'EMAIL',
      name: 'On-call team',
      enabled: true,
      config: { recipients: ['oncall@msp.test', 'noc@msp.test'] },
      lastDeliveryStatus: null,
      lastDeliveryTime: null,
    });
    const webhook = await create({
      type: 'WEBHOOK',
      name: 'PSA bridge',
      enabled: false,
      config: { url: 'https://psa.msp.test/hooks/rmm', secret: SECRET },
    });
    expect(webhook).toMatchObject({
      enabled: false,
      config: { url: 'https://psa.msp.test/hooks/rmm', hasSecret: true },
    });
    const chat = await create({
      type: 'CHAT',
      name: 'Teams channel',
      config: { url: 'https://example.webhook.office.com/webhookb2/abc', format: 'TEAMS' },
    });
    expect(chat.config).toEqual({ url: 'https://example.webhook.office.com/webhookb2/abc', format: 'TEAMS' });

    const list = (await ctx.request('GET', CHANNELS)).json();
    expect(list.data.map((c: NotificationChannel) => c.name)).toEqual([
      'On-call team',
      'PSA bridge',
      'Teams channel',
    ]);
    expect(list.count).toBe(3);
    expect((await ctx.request('GET', `${CHANNELS}/${chat.id}`)).json()).toEqual(chat);

    const changed = await ctx.request('PUT', `${CHANNELS}/${chat.id}`, {
      type: 'CHAT',
      name: 'Slack #alerts',
      config: { url: 'https://hooks.slack.test/services/T1/B2/C3', format: 'SLACK' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Slack #alerts',
      config: { url: 'https://hooks.slack.test/services/T1/B2/C3', format: 'SLACK' },
    });

    expect((await ctx.request('DELETE', `${CHANNELS}/${chat.id}`)).json()).toEqual({ ok: true });
    const gone = await ctx.request('GET', `${CHANNELS}/${chat.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(notificationChannelMessages.CHANNEL_NOT_FOUND);
    expect((await ctx.request('DELETE', `${CHANNELS}/${chat.id}`)).statusCode).toBe(404);

    const recorded = await ctx.db
      .select()
      .from(activities)
      .where(eq(activities.targetType, 'notificationChannel'));
    expect(recorded.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'notificationChannel.create',
        'notificationChannel.update',
        'notificationChannel.delete',
      ]),
    );
    expect(JSON.stringify(recorded)).not.toContain(SECRET);
    expect(JSON.stringify(recorded)).not.toContain('hooks.slack.test');
  });

  it('stores the webhook secret encrypted, never answers it, and keeps it when a change leaves it out', async () => {
    const created = await ctx.request('POST', CHANNELS, {
      type: 'WEBHOOK',
      name: 'Signed hook',
      config: { url: 'http://127.0.0.1:9/hook', secret: SECRET },
    });
    expect(created.body).not.toContain(SECRET);
    const { id } = created.json() as NotificationChannel;
    const row = await storedRow(id);
    expect(row!.secretEncrypted).toMatch(/^v1\./);
    expect(row!.secretEncrypted).not.toContain(SECRET);
    expect(JSON.stringify(row!.config)).not.toContain(SECRET);
    expect(decryptSecret(KEY, row!.secretEncrypted!)).toBe(SECRET);

    for (const url of [CHANNELS, `${CHANNELS}/${id}`]) {
      const read = await ctx.request('GET', url);
      expect(read.body).not.toContain(SECRET);
      expect(read.body).not.toContain(row!.secretEncrypted!);
    }

    // A change without a secret keeps the stored one (the very same ciphertext).
    const renamed = await ctx.request('PUT', `${CHANNELS}/${id}`, {
      type: 'WEBHOOK',
      name: 'Signed hook, renamed',
      config: { url: 'http://127.0.0.1:9/other' },
    });
    expect(renamed.json()).toMatchObject({ name: 'Signed hook, renamed', config: { hasSecret: true } });
    expect((await storedRow(id))!.secretEncrypted).toBe(row!.secretEncrypted);

    // A new secret replaces it.
    const replaced = await ctx.request('PUT', `${CHANNELS}/${id}`, {
      type: 'WEBHOOK',
      name: 'Signed hook',
      config: { url: 'http://127.0.0.1:9/other', secret: 'another secret, long enough' },
    });
    expect(replaced.body).not.toContain('another secret');
    expect(decryptSecret(KEY, (await storedRow(id))!.secretEncrypted!)).toBe('another secret, long enough');

    // Without a secret at all, the response says so.
    const unsigned = await create({ type: 'WEBHOOK', name: 'Unsigned', config: { url: 'https://x.test/h' } });
    expect(unsigned.config).toEqual({ url: 'https://x.test/h', hasSecret: false });
  });

  it('refuses bad input with the domain message and stores nothing', async () => {
    const before = await storedCount();
    const cases: [unknown, string][] = [
      [
        { type: 'WEBHOOK', name: 'Bad URL', config: { url: 'ftp://files.test/x' } },
        notificationChannelMessages.URL,
      ],
      [
        { type: 'CHAT', name: 'Bad URL', config: { url: 'not an address', format: 'SLACK' } },
        notificationChannelMessages.URL,
      ],
      [
        { type: 'WEBHOOK', name: 'Credentials in URL', config: { url: 'https://user:pw@x.test/h' } },
        notificationChannelMessages.URL,
      ],
      [
        { type: 'EMAIL', name: 'Bad email', config: { recipients: ['ops@msp.test', 'not-an-email'] } },
        messages.validation.invalidEmail,
      ],
      [
        { type: 'EMAIL', name: 'No one', config: { recipients: [] } },
        notificationChannelMessages.NO_RECIPIENTS,
      ],
      [
        { type: 'WEBHOOK', name: 'Short secret', config: { url: 'https://x.test/h', secret: 'short' } },
        notificationChannelMessages.SECRET_TOO_SHORT,
      ],
      [{ type: 'PAGER', name: 'Unknown type', config: {} }, 'type'],
      [{ type: 'CHAT', name: 'No format', config: { url: 'https://x.test/h' } }, 'body.config.format'],
      [
        { type: 'EMAIL', name: ' ', config: { recipients: ['a@msp.test'] } },
        `body.name: ${notificationChannelMessages.NAME_REQUIRED}`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await ctx.request('POST', CHANNELS, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message, JSON.stringify(body)).toContain(message);
    }
    expect(await storedCount()).toBe(before);

    // A change is held to the same rules, and cannot change the type; nothing is changed.
    const channel = await create({ type: 'EMAIL', name: 'Keep me', config: { recipients: ['a@msp.test'] } });
    const badChange = await ctx.request('PUT', `${CHANNELS}/${channel.id}`, {
      type: 'EMAIL',
      name: 'Keep me',
      config: { recipients: ['nope'] },
    });
    expect(badChange.statusCode).toBe(400);
    expect(badChange.json().error.message).toContain(messages.validation.invalidEmail);
    const typeChange = await ctx.request('PUT', `${CHANNELS}/${channel.id}`, {
      type: 'WEBHOOK',
      name: 'Keep me',
      config: { url: 'https://x.test/h' },
    });
    expect(typeChange.statusCode).toBe(400);
    expect(typeChange.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message: notificationChannelMessages.TYPE_CHANGE,
    });
    expect((await storedRow(channel.id))!.config).toEqual({ recipients: ['a@msp.test'] });
  });

  it('lets settings.view read and only settings.manage change; others get 403', async () => {
    const channel = await create({ type: 'EMAIL', name: 'Guarded', config: { recipients: ['a@msp.test'] } });
    const viewer = await createUser(ctx, { permissions: ['settings.view'], scope: 'all' });
    const stranger = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const asViewer = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      ctx.request(method, url, body, { cookie: viewer.cookie });

    expect((await asViewer('GET', CHANNELS)).statusCode).toBe(200);
    expect((await asViewer('GET', `${CHANNELS}/${channel.id}`)).statusCode).toBe(200);
    expect((await asViewer('GET', `${CHANNELS}/${channel.id}/deliveries`)).statusCode).toBe(200);
    const body = { type: 'EMAIL', name: 'Changed', config: { recipients: ['b@msp.test'] } };
    for (const [method, url] of [
      ['POST', CHANNELS],
      ['PUT', `${CHANNELS}/${channel.id}`],
      ['DELETE', `${CHANNELS}/${channel.id}`],
      ['POST', `${CHANNELS}/${channel.id}/test`],
    ] as const) {
      const response = await asViewer(method, url, method === 'DELETE' ? undefined : body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    for (const url of [CHANNELS, `${CHANNELS}/${channel.id}`, `${CHANNELS}/${channel.id}/deliveries`]) {
      expect((await ctx.request('GET', url, undefined, { cookie: stranger.cookie })).statusCode).toBe(403);
    }
    expect((await storedRow(channel.id))!.name).toBe('Guarded');
  });

  it('refuses deleting a channel a policy condition or override names (409, naming the policies) until none does', async () => {
    const channel = await create({
      type: 'EMAIL',
      name: 'Night shift',
      config: { recipients: ['n@msp.test'] },
    });
    const other = await create({ type: 'EMAIL', name: 'Day shift', config: { recipients: ['d@msp.test'] } });
    const suffix = unique();
    const sends = cpuCondition({ notifications: [{ channelId: channel.id, option: 'SEND' }] });
    const servers = await createPolicy(ctx, { name: `Servers ${suffix}`, conditions: [sends] });
    // Option NONE still names the channel: the condition would be refused on its next save without it.
    const quiet = cpuCondition({ notifications: [{ channelId: channel.id, option: 'NONE' }] });
    const alpha = await createPolicy(ctx, { name: `Alpha ${suffix}`, conditions: [quiet] });
    const child = await createPolicy(ctx, {
      name: `Child ${suffix}`,
      parentPolicyId: servers.id,
      conditions: [],
      overrides: [{ kind: 'OVERRIDE', condition: { ...sends, severity: 'CRITICAL' } }],
    });

    const refused = await ctx.request('DELETE', `${CHANNELS}/${channel.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CHANNEL_IN_USE',
      message: `Conditions of the policies “Alpha ${suffix}”, “Child ${suffix}” and “Servers ${suffix}” notify through this channel; remove it from them first.`,
    });
    expect(await storedRow(channel.id)).toBeDefined();
    // A channel no condition names goes at once.
    expect((await ctx.request('DELETE', `${CHANNELS}/${other.id}`)).statusCode).toBe(200);

    expect((await updatePolicy(ctx, alpha, { conditions: [cpuCondition()] })).statusCode).toBe(200);
    const childWithout = { ...sends, notifications: [] };
    expect(
      (await updatePolicy(ctx, child, { overrides: [{ kind: 'OVERRIDE', condition: childWithout }] }))
        .statusCode,
    ).toBe(200);
    const onlyServers = await ctx.request('DELETE', `${CHANNELS}/${channel.id}`);
    expect(onlyServers.json().error.message).toBe(
      `Conditions of the policy “Servers ${suffix}” notify through this channel; remove it from them first.`,
    );
    const serversNow = (await ctx.request('GET', `/policies/${servers.id}`)).json().policy;
    expect((await updatePolicy(ctx, serversNow, { conditions: [childWithout] })).statusCode).toBe(200);
    expect((await ctx.request('DELETE', `${CHANNELS}/${channel.id}`)).statusCode).toBe(200);
    expect(await storedRow(channel.id)).toBeUndefined();
  });
});
