import { type DeviceNode, defaultSearchPresets, restartCloseReason } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRaw,
  createEnrollment,
  createInventory,
  deviceAuthorization,
  enrolRaw,
  fastAgentSettings,
  listen,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { MAX_RESTART_SPREAD_MS, MIN_RESTART_SPREAD_MS, restartSpreadMs } from './restart.ts';

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp(fastAgentSettings);
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const getDevice = async (id: number): Promise<DeviceNode> =>
  (await ctx.request('GET', `/devices/${id}`)).json();

const enrolled = async (organization?: Record<string, unknown>) => {
  const { token } = await createEnrollment(ctx, { organization });
  const { body } = await enrolRaw(serverUrl, token.token);
  return body;
};

const heartbeat = (deviceId: number, cpuPercent = 5) => ({
  v: 1,
  type: 'heartbeat',
  deviceId,
  sentAt: new Date().toISOString(),
  metrics: { cpuPercent, memoryPercent: 40, diskPercent: 50 },
});

describe('the agent gateway', () => {
  it('refuses a handshake with a wrong secret or none, before the upgrade', async () => {
    const identity = await enrolled();
    await expect(
      connectRaw(serverUrl, deviceAuthorization({ ...identity, deviceSecret: 'x'.repeat(43) })),
    ).rejects.toThrow('HTTP 401');
    await expect(connectRaw(serverUrl, '')).rejects.toThrow('HTTP 401');
  });

  it('welcomes a device with its settings and accepts its heartbeats', async () => {
    const identity = await enrolled();
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    const welcome = await agent.next('welcome');
    expect(welcome).toMatchObject({
      v: 1,
      deviceId: identity.deviceId,
      approvalStatus: 'APPROVED',
      heartbeatIntervalSeconds: 1,
    });
    agent.send(heartbeat(identity.deviceId, 12.5));
    const device = await waitFor(async () => {
      const node = await getDevice(identity.deviceId);
      return node.metrics?.cpuPercent === 12.5 ? node : undefined;
    });
    expect(device.status).toBe('UP');
    agent.socket.close();
  });

  it('refuses a message that names another device, and the other device is untouched', async () => {
    const mine = await enrolled();
    const theirs = await enrolled();
    const before = await getDevice(theirs.deviceId);
    const agent = await connectRaw(serverUrl, deviceAuthorization(mine));
    await agent.next('welcome');
    agent.send(heartbeat(theirs.deviceId, 99));
    agent.send({
      v: 1,
      type: 'inventory',
      deviceId: theirs.deviceId,
      inventory: createInventory({ hostname: 'hijacked' }),
    });
    const error = await agent.next('error');
    expect(error).toMatchObject({
      code: 'WRONG_DEVICE',
      message: 'A connection speaks only for its own device.',
    });
    expect(await agent.closed).toBe(4400);
    const after = await getDevice(theirs.deviceId);
    expect(after).toMatchObject({
      lastSeen: before.lastSeen,
      metrics: null,
      inventory: null,
      hostname: 'raw-agent',
    });
  });

  it('answers a malformed or unknown message with an error and keeps the connection', async () => {
    const identity = await enrolled();
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    agent.socket.send('not json');
    agent.send({ v: 1, type: 'selfDestruct', deviceId: identity.deviceId });
    await waitFor(() => agent.received.filter((m) => m.type === 'error').length === 2);
    expect(agent.received.filter((m) => m.type === 'error').map((m) => m.type === 'error' && m.code)).toEqual(
      ['INVALID_MESSAGE', 'INVALID_MESSAGE'],
    );
    agent.send(heartbeat(identity.deviceId, 7));
    await waitFor(async () => (await getDevice(identity.deviceId)).metrics?.cpuPercent === 7);
    agent.socket.close();
  });

  it('accepts fields a newer agent adds', async () => {
    const identity = await enrolled();
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    agent.send({ ...heartbeat(identity.deviceId, 33), batteryPercent: 80 });
    await waitFor(async () => (await getDevice(identity.deviceId)).metrics?.cpuPercent === 33);
    expect(agent.received.some((m) => m.type === 'error')).toBe(false);
    agent.socket.close();
  });

  it('stores and returns every agent string verbatim, markup included', async () => {
    const identity = await enrolled();
    const markup = '<img src=x onerror=alert(1)>';
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const inventory = createInventory({
      hostname: markup,
      loggedOnUsers: [`"><script>alert(2)</script>`],
      software: [{ name: markup, version: '1 & 2', publisher: "O'Brien <ob@example>", installDate: null }],
    });
    agent.send({ v: 1, type: 'inventory', deviceId: identity.deviceId, inventory });
    const device = await waitFor(async () => {
      const node = await getDevice(identity.deviceId);
      return node.inventory ? node : undefined;
    });
    expect(device.hostname).toBe(markup);
    expect(device.loggedOnUser).toBe(`"><script>alert(2)</script>`);
    expect(device.inventory?.software[0]).toEqual(inventory.software[0]);
    const list = (await ctx.request('GET', `/devices?search=${encodeURIComponent('<img')}`)).json();
    expect(list.data.map((d: { hostname: string }) => d.hostname)).toContain(markup);
    agent.socket.close();
  });

  it('derives the remote-support tools from the software and counts install issues: the presets find the device', async () => {
    const identity = await enrolled();
    const device = await getDevice(identity.deviceId);
    const presetIds = Object.fromEntries(defaultSearchPresets.map((p) => [p.key, p.id]));
    const found = async (key: string) =>
      (
        await ctx.request(
          'GET',
          `/searches/${presetIds[key]}/devices?organizationId=${device.organizationId}&pageSize=10`,
        )
      )
        .json()
        .data.map((d: { id: number }) => d.id);
    expect(await found('REMOTE_SUPPORT_TOOL')).toEqual([]);
    expect(await found('INSTALL_ISSUES')).toEqual([]);

    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const program = (name: string) => ({ name, version: '1', publisher: '', installDate: null });
    const inventory = createInventory({
      software: [
        program('TeamViewer Meeting Add-In'),
        program('AnyDesk'),
        program('Mesh Agent'),
        program('7-Zip'),
      ],
      installIssues: ['SOFTWARE_INVENTORY_FAILED', 'STATE_DIR_NOT_WRITABLE'],
    });
    agent.send({ v: 1, type: 'inventory', deviceId: identity.deviceId, inventory });
    await waitFor(async () => (await found('REMOTE_SUPPORT_TOOL')).includes(identity.deviceId));
    const [row] = await ctx.db.select().from(devices).where(eq(devices.id, identity.deviceId));
    expect(row).toMatchObject({ remoteSupportTools: ['AnyDesk', 'MeshCentral'], installIssues: 2 });
    expect(await found('INSTALL_ISSUES')).toEqual([identity.deviceId]);

    // An inventory without them (an older agent, or the tools removed) clears both.
    agent.send({
      v: 1,
      type: 'inventory',
      deviceId: identity.deviceId,
      inventory: createInventory({ software: [program('7-Zip')] }),
    });
    await waitFor(async () => (await found('REMOTE_SUPPORT_TOOL')).length === 0);
    expect(await found('INSTALL_ISSUES')).toEqual([]);
    agent.socket.close();
  });

  it('stores the version an agent says hello with, on a reconnect too', async () => {
    const identity = await enrolled();
    const hello = (agentVersion: string) => ({
      v: 1,
      type: 'hello',
      deviceId: identity.deviceId,
      agentVersion,
      platform: 'linux',
    });
    const first = await connectRaw(serverUrl, deviceAuthorization(identity));
    await first.next('welcome');
    first.send(hello('1.0.0'));
    await waitFor(async () => (await getDevice(identity.deviceId)).agentVersion === '1.0.0' || undefined);
    first.socket.close();
    // The same hello again (a reconnect) keeps it; an updated agent's hello replaces it.
    for (const version of ['1.0.0', '1.1.0']) {
      const again = await connectRaw(serverUrl, deviceAuthorization(identity));
      await again.next('welcome');
      again.send(hello(version));
      again.send(heartbeat(identity.deviceId));
      const device = await waitFor(async () => {
        const node = await getDevice(identity.deviceId);
        return node.agentVersion === version ? node : undefined;
      });
      expect(device).toMatchObject({ agentVersion: version, platform: 'linux' });
      again.socket.close();
    }
  });

  it('names the key of the inventory it stored in the next welcome, so a reconnect can skip it', async () => {
    const identity = await enrolled();
    const first = await connectRaw(serverUrl, deviceAuthorization(identity));
    expect((await first.next('welcome')).inventoryKey).toBeNull();
    first.send({
      v: 1,
      type: 'inventory',
      deviceId: identity.deviceId,
      inventory: createInventory({ hostname: 'keyed' }),
      inventoryKey: 'k1',
    });
    await waitFor(async () => (await getDevice(identity.deviceId)).hostname === 'keyed' || undefined);
    first.socket.close();
    const again = await connectRaw(serverUrl, deviceAuthorization(identity));
    expect((await again.next('welcome')).inventoryKey).toBe('k1');
    again.socket.close();
  });
});

describe('device approval by organization mode', () => {
  it('holds a device of a MANUAL organization as PENDING, and tells the agent once approved', async () => {
    const identity = await enrolled({ nodeApprovalMode: 'MANUAL' });
    expect(identity.approvalStatus).toBe('PENDING');
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    expect((await agent.next('welcome')).approvalStatus).toBe('PENDING');
    const manager = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: 'all' });
    const refused = await ctx.request(
      'PATCH',
      `/devices/${identity.deviceId}`,
      { approvalStatus: 'APPROVED' },
      {
        cookie: manager.cookie,
      },
    );
    expect(refused.statusCode).toBe(403);
    const approved = await ctx.request('PATCH', `/devices/${identity.deviceId}`, {
      approvalStatus: 'APPROVED',
    });
    expect(approved.json().approvalStatus).toBe('APPROVED');
    expect((await agent.next('approval')).approvalStatus).toBe('APPROVED');
    agent.socket.close();
  });

  it('refuses enrolment in a REJECT organization', async () => {
    const { organization, token } = await createEnrollment(ctx, {
      organization: { nodeApprovalMode: 'REJECT' },
    });
    const { status, body } = await enrolRaw(serverUrl, token.token);
    expect(status).toBe(403);
    expect(body.error?.message).toBe('This organization does not accept new devices.');
    expect((await ctx.request('GET', `/devices?organizationId=${organization.id}`)).json().count).toBe(0);
  });

  it('disconnects a rejected device and refuses its next handshake', async () => {
    const identity = await enrolled();
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    await ctx.request('PATCH', `/devices/${identity.deviceId}`, { approvalStatus: 'REJECTED' });
    expect((await agent.next('goodbye')).reason).toBe('REJECTED');
    expect(await agent.closed).toBe(4403);
    await expect(connectRaw(serverUrl, deviceAuthorization(identity))).rejects.toThrow('HTTP 403');
  });

  it('disconnects a deleted device and refuses its identity afterwards', async () => {
    const identity = await enrolled();
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    expect((await ctx.request('DELETE', `/devices/${identity.deviceId}`)).statusCode).toBe(200);
    expect((await agent.next('goodbye')).reason).toBe('DELETED');
    expect(await agent.closed).toBe(4410);
    await expect(connectRaw(serverUrl, deviceAuthorization(identity))).rejects.toThrow('HTTP 401');
  });
});

describe('a planned stop of the server', () => {
  it('tells every connected agent it restarts: close code 1012 (service restart)', async () => {
    const own = await createTestApp(fastAgentSettings);
    const url = await listen(own);
    const { token } = await createEnrollment(own);
    const { body: identity } = await enrolRaw(url, token.token);
    const agent = await connectRaw(url, deviceAuthorization(identity));
    await agent.next('welcome');
    await own.close();
    expect(await agent.closed).toBe(1012);
    // One agent: the shortest spread. The reason names it, so the agents need not guess.
    expect(agent.closeReason()).toBe(restartCloseReason(MIN_RESTART_SPREAD_MS));
  });

  it('asks a large fleet to spread its return at the rate the server expects to take it back', () => {
    expect(restartSpreadMs(1, 250)).toBe(MIN_RESTART_SPREAD_MS);
    expect(restartSpreadMs(10_000, 250)).toBe(40_000);
    expect(restartSpreadMs(10_000, 1000)).toBe(10_000);
    expect(restartSpreadMs(1_000_000, 250)).toBe(MAX_RESTART_SPREAD_MS);
  });
});

describe('a flooding agent', () => {
  it('reads an agent that floods it more slowly, and loses none of its messages', async () => {
    const own = await createTestApp({
      ...fastAgentSettings,
      agentMessagesPerSecond: 200,
      agentMessageBurst: 5,
    });
    const url = await listen(own);
    const { token } = await createEnrollment(own);
    const { body: identity } = await enrolRaw(url, token.token);
    const agent = await connectRaw(url, deviceAuthorization(identity));
    await agent.next('welcome');
    // Forty messages at once, each answered with an error: all forty answers arrive.
    for (let n = 0; n < 40; n++) agent.send({ v: 1, type: `flood${n}`, deviceId: identity.deviceId });
    const errors = () => agent.received.filter((m) => m.type === 'error');
    await waitFor(() => errors().length === 40, { what: '40 answers' });
    const metrics = (await own.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^agent_connections 1$/m);
    expect(Number(/^agent_message_throttle_pauses_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(0);
    agent.socket.close();
    await own.close();
  });
});
