import dgram from 'node:dgram';
import os from 'node:os';
import type { DeviceInventory } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentProcess,
  createEnrollment,
  createInventory,
  fastAgentSettings,
  listen,
  removeTempStateDirs,
  spawnAgent,
  tempStateDir,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';

let ctx: TestContext;
let serverUrl: string;
let agent: AgentProcess | undefined;
let listener: dgram.Socket;
const packets: Buffer[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, wakeOnLanAckTimeoutMs: 5000 });
  serverUrl = await listen(ctx);
  listener = dgram.createSocket('udp4');
  listener.on('message', (message) => packets.push(message));
  await new Promise<void>((resolve) => listener.bind(0, '127.0.0.1', () => resolve()));
});
afterAll(async () => {
  await agent?.stop();
  listener?.close();
  await ctx?.close();
  removeTempStateDirs();
});

/** The agent's first LAN address: the target is put on the same subnet. */
const lanAddressOf = (inventory: DeviceInventory) =>
  inventory.networkInterfaces.find((nic) => !nic.isInternal && nic.ipv4.length > 0)?.ipv4[0];

// The agent must share a subnet with the target, so it needs a LAN IPv4 address to report.
const hasLanAddress = Object.values(os.networkInterfaces())
  .flat()
  .some((nic) => nic?.family === 'IPv4' && !nic.internal);
if (!hasLanAddress) console.info('Wake-on-LAN agent test skipped: this machine has no LAN IPv4 address');

describe.skipIf(!hasLanAddress)('Wake-on-LAN with a real agent process', () => {
  it('sends the magic packet to its --wol-address and --wol-port (a listener on 127.0.0.1)', async () => {
    const { organization, token } = await createEnrollment(ctx);
    // The agent reads RMM_WOL_ADDRESS / RMM_WOL_PORT (same as --wol-address / --wol-port).
    process.env.RMM_WOL_ADDRESS = '127.0.0.1';
    process.env.RMM_WOL_PORT = String(listener.address().port);
    try {
      agent = spawnAgent({ serverUrl, stateDir: tempStateDir(), token: token.token });
    } finally {
      delete process.env.RMM_WOL_ADDRESS;
      delete process.env.RMM_WOL_PORT;
    }
    const row = await waitFor(
      async () => {
        const [found] = await ctx.db
          .select()
          .from(devices)
          .where(eq(devices.organizationId, organization.id));
        return found?.inventory && found.status === 'UP' ? found : undefined;
      },
      { what: `an UP agent with inventory; agent said: ${agent.output()}` },
    );
    const lanAddress = lanAddressOf(row.inventory!);
    if (!lanAddress) throw new Error('the agent reported no LAN address although this machine has one');
    const sibling = lanAddress.replace(/\d+$/, (last) => String((Number(last) % 250) + 2));
    const nic = { ...createInventory().networkInterfaces[0]!, mac: '02:00:5e:10:20:30', ipv4: [sibling] };
    const [target] = await ctx.db
      .insert(devices)
      .values({
        organizationId: organization.id,
        displayName: 'sleeper',
        inventory: createInventory({ networkInterfaces: [nic] }),
      })
      .returning();
    const response = await ctx.request('GET', `/node/${target!.id}/wakeup`);
    expect(response.statusCode, `${response.body} agent said: ${agent.output()}`).toBe(200);
    expect(response.json()).toEqual({ resultCode: 'SUCCESS' });
    await waitFor(() => packets.length > 0, { what: 'the magic packet' });
    expect(packets[0]).toHaveLength(102);
    expect(packets[0]!.subarray(0, 6)).toEqual(Buffer.alloc(6, 0xff));
    expect(packets[0]!.subarray(96, 102)).toEqual(Buffer.from('02005e102030', 'hex'));
  });
});
