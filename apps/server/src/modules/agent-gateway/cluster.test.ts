import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRaw,
  createEnrollment,
  createInventory,
  deviceAuthorization,
  enrolRaw,
  fastAgentSettings,
  isNatsReachable,
  listen,
  natsTestUrl,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, ORIGIN, type TestContext } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { devices } from '../../db/schema.ts';
import { ensureRepository } from '../backup/keys-repository.ts';
import { createPlan, insertRevision } from '../backup/test-fixtures.ts';

const natsReachable = await isNatsReachable();
if (!natsReachable) console.info(`cluster tests skipped: no NATS at ${natsTestUrl}`);

/** Two server processes on one database and one NATS: an agent may be connected to either. */
describe.skipIf(!natsReachable)('two server nodes over NATS', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let serverUrl: string;

  beforeAll(async () => {
    const nats = { natsUrl: natsTestUrl, natsSubjectPrefix: `cluster${process.pid}${Date.now()}` };
    ctx = await createTestApp({ ...fastAgentSettings, ...nats });
    serverUrl = await listen(ctx);
    other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });

  it('delivers a change made on one node to the agent connected to the other', async () => {
    const { token } = await createEnrollment(ctx);
    const identity = (await enrolRaw(serverUrl, token.token)).body;
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const response = await other.inject({
      method: 'PATCH',
      url: `/devices/${identity.deviceId}`,
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
      payload: { approvalStatus: 'REJECTED' },
    });
    expect(response.statusCode).toBe(200);
    expect((await agent.next('goodbye')).reason).toBe('REJECTED');
    expect(await agent.closed).toBe(4403);
  });

  it('wakes a device through an agent connected to the other node, with its answer coming back', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const identity = (await enrolRaw(serverUrl, token.token)).body;
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const nic = createInventory().networkInterfaces[0]!;
    agent.send({
      v: 1,
      type: 'inventory',
      deviceId: identity.deviceId,
      inventory: createInventory({ networkInterfaces: [{ ...nic, ipv4: ['10.7.7.2'] }] }),
    });
    await waitFor(
      async () =>
        (await ctx.db.select().from(devices).where(eq(devices.id, identity.deviceId)))[0]?.inventory,
    );
    await ctx.db.update(devices).set({ status: 'UP' }).where(eq(devices.id, identity.deviceId));
    agent.socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'wakeOnLan')
        agent.send({
          v: 1,
          type: 'wakeOnLanResult',
          deviceId: identity.deviceId,
          requestId: message.requestId,
          ok: true,
        });
    });
    const [target] = await ctx.db
      .insert(devices)
      .values({
        organizationId: organization.id,
        displayName: 'sleeper',
        inventory: createInventory({
          networkInterfaces: [{ ...nic, mac: '02:00:00:00:00:09', ipv4: ['10.7.7.9'] }],
        }),
      })
      .returning();
    const response = await other.inject({
      method: 'GET',
      url: `/node/${target!.id}/wakeup`,
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resultCode: 'SUCCESS' });
    expect(agent.received.find((m) => m.type === 'wakeOnLan')).toMatchObject({ macs: ['02:00:00:00:00:09'] });
    agent.socket.close();
  });

  it('lists a local-only backup revision through an agent connected to the other node', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const identity = (await enrolRaw(serverUrl, token.token)).body;
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    await ctx.app.bus.flush();
    const plan = await createPlan(ctx, organization.id, {
      destination: { type: 'LOCAL', path: '/var/backups' },
      targets: { allDevices: true },
    });
    const { revisionId } = await insertRevision(ctx, {
      organizationId: organization.id,
      planId: plan.planId,
      deviceId: identity.deviceId,
      location: 'LOCAL',
      repositoryId: await ensureRepository(ctx.db, organization.id, 'LOCAL', '/var/backups'),
    });
    const entries = [{ name: 'notes.txt', type: 'file', size: 5, mtime: null }];
    agent.socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'backupTreeRequest')
        agent.send({
          v: 1,
          type: 'backupTreeResult',
          deviceId: identity.deviceId,
          requestId: message.requestId,
          entries,
          total: 1,
        });
    });
    const response = await other.inject({
      method: 'GET',
      url: `/backup/strata/nodes/${identity.deviceId}/revisions/${revisionId}/tree?path=%2Fhome`,
      headers: { cookie: ctx.adminCookie, origin: ORIGIN },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ path: '/home', entries, total: 1, readBy: 'DEVICE' });
    const request = agent.received.find((m) => m.type === 'backupTreeRequest');
    expect(request).toMatchObject({ source: { repository: { type: 'LOCAL', path: '/var/backups' } } });
    agent.socket.close();
  });
});
