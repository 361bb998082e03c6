import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { type InventoryNetworkInterface, messages } from '@rmm/domain';
import { magicPacketOf } from '@rmm/domain/wake-on-lan';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRaw,
  createEnrollment,
  createInventory,
  deviceAuthorization,
  enrolRaw,
  listen,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { activities, devices } from '../../db/schema.ts';
import { parseMask, sharesSubnet, subnetsOf, usableMacs } from './subnet.ts';

const nic = (overrides: Partial<InventoryNetworkInterface>): InventoryNetworkInterface => ({
  name: 'eth0',
  mac: '52:54:00:00:00:01',
  ipv4: [],
  ipv6: [],
  isVirtual: false,
  isInternal: false,
  isDefault: true,
  ...overrides,
});

describe('subnets', () => {
  it('uses the reported netmask, a CIDR suffix, or /24', () => {
    expect(parseMask('255.255.0.0')).toBe(0xffff0000);
    expect(parseMask('20')).toBe(0xfffff000);
    expect(parseMask(undefined)).toBe(0xffffff00);
    expect(parseMask('255.0.255.0')).toBe(0xffffff00); // not contiguous
    const agent = subnetsOf([nic({ ipv4: ['10.1.0.5'], ipv4Netmasks: ['255.255.0.0'] })]);
    expect(sharesSubnet(agent, [nic({ ipv4: ['10.1.200.9'] })])).toBe(true);
    expect(sharesSubnet(agent, [nic({ ipv4: ['10.2.0.9'] })])).toBe(false);
    const by24 = subnetsOf([nic({ ipv4: ['192.168.5.5'] })]);
    expect(sharesSubnet(by24, [nic({ ipv4: ['192.168.5.77'] })])).toBe(true);
    expect(sharesSubnet(by24, [nic({ ipv4: ['192.168.6.77'] })])).toBe(false);
    expect(sharesSubnet(subnetsOf([nic({ ipv4: ['10.0.0.1/8'] })]), [nic({ ipv4: ['10.9.9.9'] })])).toBe(
      true,
    );
    expect(subnetsOf([nic({ ipv4: ['127.0.0.1'], isInternal: true })])).toEqual([]);
  });

  it('keeps only usable MACs', () => {
    expect(
      usableMacs([
        nic({ mac: 'AA-BB-CC-DD-EE-FF' }),
        nic({ mac: 'aa:bb:cc:dd:ee:ff' }),
        nic({ mac: '00:00:00:00:00:00' }),
        nic({ mac: '' }),
        nic({ mac: '11:22:33:44:55:66', isInternal: true }),
      ]),
    ).toEqual(['aa:bb:cc:dd:ee:ff']);
  });
});

describe('GET /node/{id}/wakeup', () => {
  let ctx: TestContext;
  let serverUrl: string;
  let listener: dgram.Socket;
  let udpPort: number;
  const packets: Buffer[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ wakeOnLanAckTimeoutMs: 1500 });
    serverUrl = await listen(ctx);
    listener = dgram.createSocket('udp4');
    listener.on('message', (message) => packets.push(message));
    await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', () => resolve()));
    udpPort = listener.address().port;
  });
  afterAll(async () => {
    listener?.close();
    await ctx?.close();
  });

  const insertTarget = async (organizationId: number, interfaces: InventoryNetworkInterface[]) => {
    const [row] = await ctx.db
      .insert(devices)
      .values({
        organizationId,
        displayName: `sleeper-${randomUUID().slice(0, 6)}`,
        status: 'DOWN',
        inventory: createInventory({ networkInterfaces: interfaces }),
      })
      .returning();
    return row!;
  };

  /** A hand-driven agent on 10.20.30.5/24 that sends the packets to the test's UDP listener on 127.0.0.1. */
  const connectWaker = async (token: string) => {
    const { body: identity } = await enrolRaw(serverUrl, token, { hostname: 'waker' });
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    const inventory = createInventory({
      networkInterfaces: [nic({ ipv4: ['10.20.30.5'], ipv4Netmasks: ['255.255.255.0'] })],
    });
    agent.send({ v: 1, type: 'inventory', deviceId: identity.deviceId, inventory });
    await waitFor(
      async () =>
        (await ctx.db.select().from(devices).where(eq(devices.id, identity.deviceId)))[0]?.inventory,
      { what: 'the waker inventory' },
    );
    await ctx.db.update(devices).set({ status: 'UP' }).where(eq(devices.id, identity.deviceId));
    agent.socket.on('message', async (data) => {
      const message = JSON.parse(data.toString());
      if (message.type !== 'wakeOnLan') return;
      // What the agent sends (its sender is tested in apps/agent): one magic packet per MAC.
      const socket = dgram.createSocket('udp4');
      for (const mac of message.macs as string[])
        await new Promise<void>((resolve, reject) =>
          socket.send(magicPacketOf(mac), udpPort, '127.0.0.1', (error) =>
            error ? reject(error) : resolve(),
          ),
        );
      socket.close();
      agent.send({
        v: 1,
        type: 'wakeOnLanResult',
        deviceId: identity.deviceId,
        requestId: message.requestId,
        ok: true,
      });
    });
    return { agent, identity };
  };

  it('has an online agent on the same subnet send the 102-byte magic packet, and answers SUCCESS', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const { agent, identity } = await connectWaker(token.token);
    const target = await insertTarget(organization.id, [
      nic({ mac: 'AA:BB:CC:00:11:22', ipv4: ['10.20.30.77'], ipv4Netmasks: ['255.255.255.0'] }),
    ]);
    packets.length = 0;
    const response = await ctx.request('GET', `/node/${target.id}/wakeup`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ resultCode: 'SUCCESS' });
    await waitFor(() => packets.length === 1, { what: 'the magic packet' });
    const packet = packets[0]!;
    expect(packet).toHaveLength(102);
    expect(packet.subarray(0, 6)).toEqual(Buffer.alloc(6, 0xff));
    for (let i = 0; i < 16; i++) {
      expect(packet.subarray(6 + i * 6, 12 + i * 6)).toEqual(Buffer.from('aabbcc001122', 'hex'));
    }
    const wake = agent.received.find((m) => m.type === 'wakeOnLan');
    expect(wake).toMatchObject({ v: 1, type: 'wakeOnLan', macs: ['aa:bb:cc:00:11:22'] });
    const written = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'device.wakeup'), eq(activities.targetId, String(target.id))));
    expect(written).toHaveLength(1);
    expect(written[0]?.detail).toContain(`device ${identity.deviceId}`);
    agent.socket.close();
  });

  it('answers 500 NO_USABLE_MAC_ADRESSES with the §8 text when no online agent shares a subnet', async () => {
    const { organization, token } = await createEnrollment(ctx);
    const { agent } = await connectWaker(token.token);
    const elsewhere = await insertTarget(organization.id, [
      nic({ mac: 'aa:bb:cc:00:11:33', ipv4: ['192.168.77.5'] }),
    ]);
    const expected = {
      resultCode: 'NO_USABLE_MAC_ADRESSES',
      error: { code: 'NO_USABLE_MAC_ADRESSES', message: messages.wakeOnLan.noUsableMac },
    };
    const response = await ctx.request('GET', `/node/${elsewhere.id}/wakeup`);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(expected);

    const noMac = await insertTarget(organization.id, [
      nic({ mac: '00:00:00:00:00:00', ipv4: ['10.20.30.9'] }),
    ]);
    const noMacResponse = await ctx.request('GET', `/node/${noMac.id}/wakeup`);
    expect(noMacResponse.statusCode).toBe(500);
    expect(noMacResponse.json()).toEqual(expected);
    expect(agent.received.some((m) => m.type === 'wakeOnLan')).toBe(false);
    agent.socket.close();
  });

  it('takes an agent marked UP that does not answer for offline', async () => {
    const { organization } = await createEnrollment(ctx);
    await ctx.db.insert(devices).values({
      organizationId: organization.id,
      displayName: 'stale',
      status: 'UP',
      secretHash: 'x',
      inventory: createInventory({ networkInterfaces: [nic({ ipv4: ['10.20.30.6'] })] }),
    });
    const target = await insertTarget(organization.id, [
      nic({ mac: 'aa:bb:cc:00:11:44', ipv4: ['10.20.30.8'] }),
    ]);
    const response = await ctx.request('GET', `/node/${target.id}/wakeup`);
    expect(response.statusCode).toBe(500);
    expect(response.json().resultCode).toBe('NO_USABLE_MAC_ADRESSES');
  });

  it('is Origin-checked like a POST and 404s outside the scope', async () => {
    const { organization } = await createEnrollment(ctx);
    const target = await insertTarget(organization.id, [nic({ ipv4: ['10.20.30.8'] })]);
    const noOrigin = await ctx.request('GET', `/node/${target.id}/wakeup`, undefined, { origin: null });
    expect(noOrigin.statusCode).toBe(403);
    expect((await ctx.request('GET', '/node/2147483000/wakeup')).statusCode).toBe(404);
  });
});
