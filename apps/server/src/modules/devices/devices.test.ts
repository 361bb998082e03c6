import { randomUUID } from 'node:crypto';
import { builtInNodeRoles, type Device, type DeviceOwner, deviceOwnerMessages } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInventory } from '../../../test/agents.ts';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { deviceMetrics, devices, roles, users } from '../../db/schema.ts';

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

describe('device owner', () => {
  /** A user row: an end user of `organizationId`, or a technician whose role has `permissions` and `scope`. */
  const createPerson = async (
    person:
      | { organizationId: number; isEnabled?: boolean }
      | { permissions: string[]; scope: 'all' | number[] },
  ) => {
    const suffix = randomUUID().slice(0, 8);
    const isEndUser = 'organizationId' in person;
    const [role] = isEndUser
      ? await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'End user'))
      : await ctx.db
          .insert(roles)
          .values({ name: `Owner role ${suffix}`, permissions: person.permissions })
          .returning({ id: roles.id });
    const [row] = await ctx.db
      .insert(users)
      .values({
        email: `owner-${suffix}@test.local`,
        name: `Owner ${suffix}`,
        userType: isEndUser ? 'END_USER' : 'TECHNICIAN',
        organizationId: isEndUser ? person.organizationId : null,
        isEnabled: isEndUser ? (person.isEnabled ?? true) : true,
        roleId: role!.id,
        organizationScope: isEndUser ? [person.organizationId] : person.scope,
      })
      .returning();
    return row!;
  };
  const setOwner = (deviceId: number, ownerUserId: number | null, cookie?: string) =>
    ctx.request('PATCH', `/devices/${deviceId}`, { ownerUserId }, cookie ? { cookie } : {});
  const candidates = async (deviceId: number, search = '') => {
    const response = await ctx.request('GET', `/devices/${deviceId}/owner-candidates?search=${search}`);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: DeviceOwner[] }).data;
  };

  it('sets an end user of the organization or a technician who sees it as the owner, and clears it', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    const endUser = await createPerson({ organizationId: org.id });
    const technician = await createPerson({ permissions: ['devices.view'], scope: [org.id] });

    const set = await setOwner(device.id, endUser.id);
    expect(set.statusCode, set.body).toBe(200);
    const owner = { id: endUser.id, name: endUser.name, email: endUser.email, userType: 'END_USER' };
    expect(set.json().owner).toEqual(owner);
    expect((await ctx.request('GET', `/devices/${device.id}`)).json().owner).toEqual(owner);
    expect((await list(`organizationId=${org.id}`)).data[0]!.owner).toEqual(owner);

    const byTechnician = await setOwner(device.id, technician.id);
    expect(byTechnician.json().owner).toMatchObject({ id: technician.id, userType: 'TECHNICIAN' });
    const log = (
      await ctx.request('GET', `/activities?organizationId=${org.id}&action=device.update`)
    ).json();
    expect(log.data[0]).toMatchObject({ detail: 'changed ownerUserId', outcome: 'SUCCESS' });

    const cleared = await setOwner(device.id, null);
    expect(cleared.json().owner).toBeNull();
    const [row] = await ctx.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row!.ownerUserId).toBeNull();

    // A deleted user leaves the device without an owner.
    await setOwner(device.id, endUser.id);
    await ctx.db.delete(users).where(eq(users.id, endUser.id));
    expect((await ctx.request('GET', `/devices/${device.id}`)).json().owner).toBeNull();
  });

  it('refuses a user of another organization, a technician who cannot see the device, a disabled or unknown user', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const device = await createDevice(org.id);
    const refused = [
      await createPerson({ organizationId: other.id }),
      await createPerson({ organizationId: org.id, isEnabled: false }),
      await createPerson({ permissions: ['devices.view'], scope: [other.id] }),
      await createPerson({ permissions: ['ticketing.view'], scope: 'all' }),
    ];
    for (const user of refused) {
      const response = await setOwner(device.id, user.id);
      expect(response.statusCode, user.email).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: deviceOwnerMessages.OWNER_NOT_ALLOWED,
      });
    }
    expect((await setOwner(device.id, 2_000_000_000)).statusCode).toBe(400);
    expect((await ctx.request('GET', `/devices/${device.id}`)).json().owner).toBeNull();

    // A technician of another organization cannot reach the device at all.
    const outsider = await createUser(ctx, {
      permissions: ['devices.view', 'devices.manage'],
      scope: [other.id],
    });
    expect((await setOwner(device.id, null, outsider.cookie)).statusCode).toBe(404);
  });

  it('lists the candidates: end users of the organization first, then technicians who see it, searchable', async () => {
    const org = await createOrganization();
    const other = await createOrganization();
    const device = await createDevice(org.id);
    const endUser = await createPerson({ organizationId: org.id });
    await createPerson({ organizationId: other.id });
    await createPerson({ organizationId: org.id, isEnabled: false });
    const technician = await createPerson({ permissions: ['devices.view'], scope: [org.id] });
    await createPerson({ permissions: ['devices.view'], scope: [other.id] });

    const all = await candidates(device.id);
    const ids = all.map((candidate) => candidate.id);
    expect(ids[0]).toBe(endUser.id);
    expect(all.filter((c) => c.userType === 'END_USER').map((c) => c.id)).toEqual([endUser.id]);
    expect(ids).toContain(technician.id);
    const types = all.map((candidate) => candidate.userType);
    expect(types.lastIndexOf('END_USER')).toBeLessThan(types.indexOf('TECHNICIAN'));
    expect((await candidates(device.id, technician.email.slice(0, 14))).map((c) => c.id)).toEqual([
      technician.id,
    ]);
  });
});
