import { randomUUID } from 'node:crypto';
import type { Device, DeviceNode, DeviceTag } from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { activities, devices, deviceTags } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const unique = () => randomUUID().slice(0, 8);
const createOrganization = async () =>
  (await ctx.request('POST', '/organizations', createOrganizationInput())).json() as { id: number };
const createDevice = async (organizationId: number, displayName = `PC-${unique()}`) => {
  const [row] = await ctx.db.insert(devices).values({ organizationId, displayName }).returning();
  return row!;
};
const createTag = async (name: string, cookie?: string) => {
  const response = await ctx.request('POST', '/devices/tags', { name }, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { tag: DeviceTag }).tag;
};
const setTags = (deviceId: number, tags: string[], cookie?: string) =>
  ctx.request('PUT', `/devices/${deviceId}/tags`, { tags }, cookie ? { cookie } : {});
const listTags = async (query = '', cookie?: string) => {
  const response = await ctx.request('GET', `/devices/tags?${query}`, undefined, cookie ? { cookie } : {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: DeviceTag[]; count: number };
};
const tagsOf = async (deviceId: number) =>
  ((await ctx.request('GET', `/devices/${deviceId}`)).json() as DeviceNode).tags;
const activitiesOf = (action: string, targetId: number) =>
  ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.action, action), eq(activities.targetId, String(targetId))));
const errorOf = (response: { json: () => unknown }) =>
  (response.json() as { error: { code: string; message: string } }).error;

describe('the MSP’s tags', () => {
  it('creates, lists with device counts and a search, renames and deletes a tag, with activities', async () => {
    const org = await createOrganization();
    const prefix = `crud${unique()}`;
    const tag = await createTag(`${prefix}-servers`);
    expect(tag).toMatchObject({ name: `${prefix}-servers`, description: null, deviceCount: 0 });
    expect(await activitiesOf('tag.create', tag.id)).toHaveLength(1);

    const device = await createDevice(org.id);
    expect((await setTags(device.id, [`${prefix}-servers`])).statusCode).toBe(200);
    const listed = await listTags(`search=${prefix.toUpperCase()}`);
    expect(listed.count).toBe(1);
    expect(listed.data).toEqual([expect.objectContaining({ id: tag.id, deviceCount: 1 })]);

    const renamed = await ctx.request('PATCH', `/devices/tags/${tag.id}`, {
      name: `${prefix}-linux`,
      description: 'Linux servers',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().tag).toMatchObject({ name: `${prefix}-linux`, description: 'Linux servers' });
    expect((await activitiesOf('tag.update', tag.id))[0]?.detail).toContain(
      `renamed from "${prefix}-servers"`,
    );
    expect(await tagsOf(device.id)).toEqual([`${prefix}-linux`]);

    expect((await ctx.request('DELETE', `/devices/tags/${tag.id}`)).statusCode).toBe(200);
    expect(await tagsOf(device.id)).toEqual([]);
    expect((await activitiesOf('tag.delete', tag.id))[0]?.detail).toBe('removed from 1 device(s)');
    expect((await ctx.request('DELETE', `/devices/tags/${tag.id}`)).statusCode).toBe(404);
    expect(errorOf(await ctx.request('PATCH', `/devices/tags/${tag.id}`, { name: 'x' }))).toEqual({
      code: 'TAG_NOT_FOUND',
      message: 'There is no such tag.',
    });
  });

  it('refuses names against the tag rules with the messages of spec §5', async () => {
    const cases: [string, string][] = [
      ['two words', 'Tag cannot contain spaces'],
      ['say"hi', 'Tag cannot contain quotes'],
      ["it's", 'Tag cannot contain quotes'],
      ['a,b', 'Tag cannot contain commas'],
      ['x'.repeat(26), 'Exceeds max character limit of 25'],
    ];
    for (const [name, message] of cases) {
      const response = await ctx.request('POST', '/devices/tags', { name });
      expect(response.statusCode, name).toBe(400);
      expect(errorOf(response).message, name).toContain(message);
    }
    const org = await createOrganization();
    const device = await createDevice(org.id);
    const bad = await setTags(device.id, ['fine', 'not fine']);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toContain('Tag cannot contain spaces');
    expect(await tagsOf(device.id)).toEqual([]);
    expect((await listTags('search=fine')).data.map((t) => t.name)).not.toContain('fine');
  });

  it('keeps names unique whatever their case, on create and on rename', async () => {
    const name = `Dup${unique()}`;
    const first = await createTag(name);
    const again = await ctx.request('POST', '/devices/tags', { name: name.toLowerCase() });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: 'TAG_NAME_TAKEN',
      message: 'A tag with this name already exists.',
    });
    const other = await createTag(`other${unique()}`);
    const clash = await ctx.request('PATCH', `/devices/tags/${other.id}`, { name: name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    const ownCase = await ctx.request('PATCH', `/devices/tags/${first.id}`, { name: name.toUpperCase() });
    expect(ownCase.statusCode, ownCase.body).toBe(200);
    expect(ownCase.json().tag.name).toBe(name.toUpperCase());
  });

  it('needs devices.view to read and devices.manage to change', async () => {
    const viewer = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    await listTags('', viewer.cookie);
    const refused = await ctx.request('POST', '/devices/tags', { name: 'nope' }, { cookie: viewer.cookie });
    expect(refused.statusCode).toBe(403);
  });
});

describe('a device’s tags', () => {
  it('sets the whole list: new names become tags, a name in another case is that tag, repeats count once', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    const known = await createTag(`Known${unique()}`);
    const fresh = `fresh${unique()}`;
    const response = await setTags(device.id, [known.name.toLowerCase(), fresh, fresh.toUpperCase()]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().tags).toEqual(
      [fresh, known.name].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    const made = (await listTags(`search=${fresh}`)).data;
    expect(made).toEqual([expect.objectContaining({ name: fresh, deviceCount: 1 })]);
    expect(await activitiesOf('tag.create', made[0]!.id)).toHaveLength(1);
    const written = await activitiesOf('device.tags', device.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ outcome: 'SUCCESS', organizationId: org.id });
    expect(written[0]?.detail).toContain('added');

    // The device's payloads carry its tags: the dashboard's GET and the device list's rows.
    const list = (await ctx.request('GET', `/devices?organizationId=${org.id}`)).json() as { data: Device[] };
    expect(list.data[0]?.tags).toHaveLength(2);

    const cleared = await setTags(device.id, [fresh]);
    expect(cleared.json().tags).toEqual([fresh]);
    expect((await activitiesOf('device.tags', device.id)).map((a) => a.detail)).toContain(
      `removed ${known.name}`,
    );
    // The same list again changes nothing and writes nothing.
    await setTags(device.id, [fresh]);
    expect(await activitiesOf('device.tags', device.id)).toHaveLength(2);
  });

  it("answers 404 for another organization's device and changes nothing", async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const other = await createDevice(theirs.id);
    const tech = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: [mine.id] });
    const response = await setTags(other.id, ['mine'], tech.cookie);
    expect(response.statusCode).toBe(404);
    expect(await tagsOf(other.id)).toEqual([]);
  });

  it('counts only the devices of the caller’s scope', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const name = `count${unique()}`;
    await setTags((await createDevice(mine.id)).id, [name]);
    await setTags((await createDevice(theirs.id)).id, [name]);
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.id] });
    expect((await listTags(`search=${name}`, tech.cookie)).data[0]?.deviceCount).toBe(1);
    expect((await listTags(`search=${name}`)).data[0]?.deviceCount).toBe(2);
  });

  it('refuses a scoped technician deleting a tag that devices outside the scope carry', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const name = `shared${unique()}`;
    await setTags((await createDevice(mine.id)).id, [name]);
    const foreign = await createDevice(theirs.id);
    await setTags(foreign.id, [name]);
    const tag = (await listTags(`search=${name}`)).data[0]!;
    const tech = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: [mine.id] });
    const refused = await ctx.request('DELETE', `/devices/tags/${tag.id}`, undefined, {
      cookie: tech.cookie,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('TAG_USED_OUTSIDE_SCOPE');
    expect(await tagsOf(foreign.id)).toEqual([name]);
  });
});

describe('bulk tags', () => {
  const bulk = (body: unknown, cookie?: string) =>
    ctx.request('POST', '/devices/tags/bulk', body, cookie ? { cookie } : {});

  it('adds and removes names on the devices of the scope, ignoring the others, one activity per change', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const a = await createDevice(mine.id);
    const b = await createDevice(mine.id);
    const outside = await createDevice(theirs.id);
    const old = `old${unique()}`;
    const added = `new${unique()}`;
    await setTags(a.id, [old]);
    const tech = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: [mine.id] });
    const response = await bulk(
      {
        target: { nodeIds: [a.id, b.id, outside.id, 2147483000] },
        add: [added],
        remove: [old.toUpperCase()],
      },
      tech.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ matched: 2, affected: 2, ignored: 2 });
    expect(await tagsOf(a.id)).toEqual([added]);
    expect(await tagsOf(b.id)).toEqual([added]);
    expect(await tagsOf(outside.id)).toEqual([]);
    const written = await activitiesOf('device.tags', a.id);
    expect(written.at(-1)?.detail).toBe(`bulk: added ${added}; removed ${old}`);

    // Again: nothing left to change.
    const again = await bulk({ target: { nodeIds: [a.id, b.id] }, add: [added] }, tech.cookie);
    expect(again.json()).toEqual({ matched: 2, affected: 0, ignored: 0 });
  });

  it('tags every device a saved search matches in the scope, and only those', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const marker = `bulk${unique()}`;
    const a = await createDevice(mine.id, `${marker}-a`);
    const b = await createDevice(mine.id, `${marker}-b`);
    const outside = await createDevice(theirs.id, `${marker}-c`);
    const search = await ctx.request('POST', '/searches', {
      search: marker,
      criteria: { match: 'all', rules: [{ field: 'displayName', operator: 'contains', value: marker }] },
    });
    const tech = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: [mine.id] });
    const response = await bulk({ target: { searchId: search.json().id }, add: [marker] }, tech.cookie);
    expect(response.json()).toEqual({ matched: 2, affected: 2, ignored: 0 });
    expect(await tagsOf(a.id)).toEqual([marker]);
    expect(await tagsOf(b.id)).toEqual([marker]);
    expect(await tagsOf(outside.id)).toEqual([]);
    const removed = await bulk({
      target: {
        criteria: { match: 'all', rules: [{ field: 'tags', operator: 'hasAnyOf', value: [marker] }] },
      },
      remove: [marker],
    });
    expect(removed.json()).toEqual({ matched: 2, affected: 2, ignored: 0 });
    expect(await tagsOf(a.id)).toEqual([]);
  });

  it('refuses a change that would pass the tags a device may carry, and changes nothing', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    const prefix = `max${unique()}`;
    const fifty = Array.from({ length: 50 }, (_, i) => `${prefix}-${i}`);
    expect((await setTags(device.id, fifty)).statusCode).toBe(200);
    const extra = `extra${unique()}`;
    const response = await bulk({ target: { nodeIds: [device.id] }, add: [extra] });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: 'TOO_MANY_TAGS',
      message: 'A device can carry at most 50 tags.',
    });
    expect(await tagsOf(device.id)).toHaveLength(50);
    expect((await listTags(`search=${extra}`)).count).toBe(0);
  });

  it('refuses a name both added and removed, and a body without names', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    expect((await bulk({ target: { nodeIds: [device.id] }, add: ['a'], remove: ['A'] })).statusCode).toBe(
      400,
    );
    expect((await bulk({ target: { nodeIds: [device.id] } })).statusCode).toBe(400);
    const bad = await bulk({ target: { nodeIds: [device.id] }, add: ['a,b'] });
    expect(errorOf(bad).message).toContain('Tag cannot contain commas');
  });
});

describe('device search by tag', () => {
  const run = async (rules: unknown[], organizationId: number, match = 'all') => {
    const response = await ctx.request('POST', '/searches/run', {
      criteria: { match, rules },
      organizationId,
      pageSize: 50,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: Device[] }).data.map((d) => d.displayName).sort();
  };

  it('finds devices that have any, all or none of the names, whatever their case', async () => {
    const org = await createOrganization();
    const [web, db, both] = [`web${unique()}`, `db${unique()}`, 'both'];
    const webDevice = await createDevice(org.id, 'web-1');
    const dbDevice = await createDevice(org.id, 'db-1');
    const bothDevice = await createDevice(org.id, both);
    await createDevice(org.id, 'bare');
    await setTags(webDevice.id, [web]);
    await setTags(dbDevice.id, [db]);
    await setTags(bothDevice.id, [web, db]);
    const rule = (operator: string, value: unknown) => ({ field: 'tags', operator, value });
    expect(await run([rule('hasAnyOf', [web.toUpperCase()])], org.id)).toEqual(['both', 'web-1']);
    expect(await run([rule('hasAllOf', [web, db])], org.id)).toEqual(['both']);
    expect(await run([rule('hasNoneOf', [web])], org.id)).toEqual(['bare', 'db-1']);
    expect(await run([rule('isEmpty', null)], org.id)).toEqual(['bare']);
    expect(
      await run(
        [rule('hasAnyOf', [db]), { field: 'displayName', operator: 'contains', value: 'web' }],
        org.id,
        'any',
      ),
    ).toEqual(['both', 'db-1', 'web-1']);
    // The rows carry the tags, as the results table shows them.
    const page = (
      await ctx.request('POST', '/searches/run', {
        criteria: { match: 'all', rules: [rule('hasAllOf', [web, db])] },
        organizationId: org.id,
      })
    ).json() as { data: Device[] };
    expect(page.data[0]?.tags.map((t) => t.toLowerCase()).sort()).toEqual(
      [db, web].map((t) => t.toLowerCase()).sort(),
    );
  });

  it('saves a search with a tag criterion and runs it, finding devices tagged later', async () => {
    const org = await createOrganization();
    const name = `saved${unique()}`;
    const saved = await ctx.request('POST', '/searches', {
      search: `Tagged ${name}`,
      criteria: { match: 'all', rules: [{ field: 'tags', operator: 'hasAnyOf', value: [name] }] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const id = saved.json().id as number;
    const device = await createDevice(org.id, 'tag-me');
    const before = (await ctx.request('GET', `/searches/${id}/devices?organizationId=${org.id}`)).json();
    expect(before.count).toBe(0);
    await ctx.request('POST', '/devices/tags/bulk', { target: { nodeIds: [device.id] }, add: [name] });
    const after = (await ctx.request('GET', `/searches/${id}/devices?organizationId=${org.id}`)).json();
    expect(after.data.map((d: Device) => d.displayName)).toEqual(['tag-me']);
    expect(after.data[0].tags).toEqual([name]);
  });

  it('links go with the device', async () => {
    const org = await createOrganization();
    const device = await createDevice(org.id);
    await setTags(device.id, [`gone${unique()}`]);
    expect((await ctx.request('DELETE', `/devices/${device.id}`)).statusCode).toBe(200);
    expect(await ctx.db.select().from(deviceTags).where(eq(deviceTags.deviceId, device.id))).toEqual([]);
  });
});
