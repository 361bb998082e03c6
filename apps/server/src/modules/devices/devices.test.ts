import { randomUUID } from 'node:crypto';
import { builtInNodeRoles, type Device } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory } from '../../../test/agents.ts';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { deviceMetrics, devices } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const createOrganization = async (overrides: Record<string, unknown> = {}) =>
  (await ctx.request('POST', '/organizations', createOrganizationInput(overrides))).json();

/** A device row as enrolment and the agent would leave it. */
const createDevice = async (organizationId: number, overrides: Partial<typeof devices.$inferInsert> = {}) => {
  const [row] = await ctx.db
    .insert(devices)
    .values({ organizationId, displayName: `PC-${randomUUID().slice(0, 8)}`, nodeRoleId: 2, ...overrides })
    .returning();
  return row!;
};

const list = async (query: string, cookie?: string) => {
  const response = await ctx.request('GET', `/devices?${query}`, undefined, cookie ? { cookie } : {});
  expect(response.statusCode).toBe(200);
  return response.json() as { data: Device[]; count: number; page: number; pageSize: number };
};

describe('GET /noderole/list', () => {
  it('answers the built-in roles, covering Windows, Mac and Linux servers and workstations', async () => {
    const roles = (await ctx.request('GET', '/noderole/list')).json();
    expect(roles).toEqual(builtInNodeRoles);
    expect(roles.map((r: { nodeClass: string }) => r.nodeClass)).toEqual(
      expect.arrayContaining([
        'WINDOWS_SERVER',
        'WINDOWS_WORKSTATION',
        'MAC',
        'LINUX_SERVER',
        'LINUX_WORKSTATION',
      ]),
    );
  });
});

describe('GET /devices', () => {
  it('filters by organization, location, status, role, class and text; sorts and pages', async () => {
    const org = await createOrganization({ locations: [{ name: 'North' }, { name: 'South' }] });
    const [north, south] = org.locations;
    const tag = randomUUID().slice(0, 6);
    await createDevice(org.id, {
      displayName: `b-${tag}`,
      status: 'UP',
      locationId: north.id,
      nodeRoleId: 5,
    });
    await createDevice(org.id, {
      displayName: `a-${tag}`,
      status: 'DOWN',
      locationId: south.id,
      nodeRoleId: 1,
    });
    await createDevice(org.id, {
      displayName: `c-${tag}`,
      status: 'WARNING',
      ipAddresses: ['10.9.8.7'],
      nodeRoleId: 5,
    });
    const names = (page: { data: Device[] }) => page.data.map((d) => d.displayName);

    const all = await list(`organizationId=${org.id}&sort=displayName`);
    expect(all).toMatchObject({ count: 3, page: 1, pageSize: 25 });
    expect(names(all)).toEqual([`a-${tag}`, `b-${tag}`, `c-${tag}`]);
    expect(all.data[1]).toMatchObject({
      organizationName: org.name,
      locationName: 'North',
      nodeClass: 'LINUX_SERVER',
    });
    expect(names(await list(`organizationId=${org.id}&status=UP`))).toEqual([`b-${tag}`]);
    expect(names(await list(`locationId=${south.id}`))).toEqual([`a-${tag}`]);
    expect(names(await list(`organizationId=${org.id}&nodeRoleId=1`))).toEqual([`a-${tag}`]);
    expect((await list(`organizationId=${org.id}&nodeClass=LINUX_SERVER`)).count).toBe(2);
    expect(names(await list('search=10.9.8.7'))).toEqual([`c-${tag}`]);
    const page2 = await list(`organizationId=${org.id}&sort=-displayName&pageSize=2&page=2`);
    expect(page2).toMatchObject({ count: 3, page: 2, pageSize: 2 });
    expect(names(page2)).toEqual([`a-${tag}`]);
  });

  it('treats search text literally and refuses an unknown filter value', async () => {
    const org = await createOrganization();
    await createDevice(org.id, { displayName: 'plain-name' });
    expect((await list(`organizationId=${org.id}&search=%25`)).count).toBe(0);
    const bad = await ctx.request('GET', '/devices?status=SIDEWAYS');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('status');
  });

  it('shows a technician only the devices of their organizations', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const own = await createDevice(mine.id);
    const other = await createDevice(theirs.id);
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.id] });
    expect((await list('pageSize=500', tech.cookie)).data.map((d) => d.id)).toEqual([own.id]);
    expect((await list(`organizationId=${theirs.id}`, tech.cookie)).count).toBe(0);
    const direct = await ctx.request('GET', `/devices/${other.id}`, undefined, { cookie: tech.cookie });
    expect(direct.statusCode).toBe(404);
  });
});

describe('POST /query/device', () => {
  it('answers nodes with their inventory and parents and children when asked, in the scope', async () => {
    const org = await createOrganization();
    const host = await createDevice(org.id, {
      displayName: 'host',
      nodeRoleId: 9,
      inventory: createInventory({ hostname: 'host' }),
    });
    const guest = await createDevice(org.id, {
      displayName: 'guest',
      nodeRoleId: 10,
      parentDeviceId: host.id,
    });
    const before = Date.now();
    const response = await ctx.request('POST', '/query/device', {
      nodeIds: [guest.id],
      includeParentsAndChildren: true,
      cacheExpiration: 60,
      mode: 'FULL',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.nodes.map((n: Device) => n.id).sort()).toEqual([host.id, guest.id].sort());
    expect(body.nodes.find((n: Device) => n.id === host.id).inventory.hostname).toBe('host');
    expect(body.cacheExpiration).toBeGreaterThanOrEqual(before + 60_000);

    const alone = (
      await ctx.request('POST', '/query/device', { nodeIds: [host.id], mode: 'SUMMARY' })
    ).json();
    expect(alone.nodes).toHaveLength(1);
    expect(alone.nodes[0].inventory).toBeNull();
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [] });
    const hidden = await ctx.request(
      'POST',
      '/query/device',
      { nodeIds: [host.id] },
      { cookie: tech.cookie },
    );
    expect(hidden.json().nodes).toEqual([]);
  });
});

describe('changing devices', () => {
  it('renames, moves and changes the role of a device, with its activity', async () => {
    const org = await createOrganization({ locations: [{ name: 'A' }, { name: 'B' }] });
    const device = await createDevice(org.id, { locationId: org.locations[0].id });
    const response = await ctx.request('PATCH', `/devices/${device.id}`, {
      displayName: ' Reception PC ',
      locationId: org.locations[1].id,
      nodeRoleId: 3,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      displayName: 'Reception PC',
      locationName: 'B',
      nodeClass: 'MAC',
    });
    const log = (
      await ctx.request('GET', `/activities?organizationId=${org.id}&action=device.update`)
    ).json();
    expect(log.data[0]).toMatchObject({ targetName: device.displayName, outcome: 'SUCCESS' });
  });

  it('refuses a location of another organization and an unknown role', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const device = await createDevice(org.id);
    const moved = await ctx.request('PATCH', `/devices/${device.id}`, { locationId: other.locations[0].id });
    expect(moved.statusCode).toBe(400);
    expect((await ctx.request('PATCH', `/devices/${device.id}`, { nodeRoleId: 999 })).statusCode).toBe(400);
  });

  it('deletes a device with its metric samples', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    await ctx.db.insert(deviceMetrics).values({
      deviceId: device.id,
      organizationId: org.id,
      time: new Date(),
      cpuPercent: 1,
      memoryPercent: 2,
      diskPercent: 3,
    });
    const samples = (await ctx.request('GET', `/devices/${device.id}/metrics`)).json();
    expect(samples.data).toEqual([
      expect.objectContaining({ cpuPercent: 1, memoryPercent: 2, diskPercent: 3 }),
    ]);
    expect((await ctx.request('DELETE', `/devices/${device.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/devices/${device.id}`)).statusCode).toBe(404);
    expect((await ctx.request('DELETE', `/organizations/${org.id}`)).statusCode).toBe(200);
  });
});
