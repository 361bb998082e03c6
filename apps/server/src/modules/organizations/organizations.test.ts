import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { activities, devices } from '../../db/schema.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ bodyLimitBytes: 4096 });
});
afterAll(() => ctx?.close());

const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await ctx.request('POST', '/organizations', createOrganizationInput(overrides));
  expect(response.statusCode).toBe(201);
  return response.json();
};

const countActivities = async () => (await ctx.db.select().from(activities)).length;

describe('organizations and locations', () => {
  it('creates an organization with two locations, stored with its activity', async () => {
    const org = await create({
      name: '  Contoso Ltd  ',
      locations: [{ name: 'Head office', address: '1 Main St' }, { name: 'Warehouse' }],
    });
    expect(org).toMatchObject({ name: 'Contoso Ltd', nodeApprovalMode: 'AUTOMATIC', deviceCount: 0 });
    expect(org.locations.map((l: { name: string }) => l.name)).toEqual(['Head office', 'Warehouse']);
    const stored = await ctx.request('GET', `/organizations/${org.id}`);
    expect(stored.json().locations).toHaveLength(2);
    const log = await ctx.request('GET', `/activities?organizationId=${org.id}`);
    expect(log.json().data[0]).toMatchObject({
      action: 'organization.create',
      targetName: 'Contoso Ltd',
      outcome: 'SUCCESS',
    });
  });

  it('answers GET /client/{id} in the spec shape', async () => {
    const org = await create();
    const response = await ctx.request('GET', `/client/${org.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ resultCode: 'SUCCESS', client: org });
  });

  it('searches by name and location, sorts and pages as {data,count,page,pageSize}', async () => {
    const tag = `Zed${Date.now()}`;
    await create({ name: `${tag} Alpha` });
    await create({ name: `${tag} Beta` });
    await create({ name: 'Zzz other', locations: [{ name: `${tag} branch` }] });
    const page1 = (await ctx.request('GET', `/organizations?search=${tag}&pageSize=2&sort=name`)).json();
    expect(page1).toMatchObject({ count: 3, page: 1, pageSize: 2 });
    expect(page1.data.map((o: { name: string }) => o.name)).toEqual([`${tag} Alpha`, `${tag} Beta`]);
    const page2 = (
      await ctx.request('GET', `/organizations?search=${tag}&pageSize=2&page=2&sort=name`)
    ).json();
    expect(page2.data.map((o: { name: string }) => o.name)).toEqual(['Zzz other']);
  });

  it('treats search text literally (no LIKE wildcards)', async () => {
    await create({ name: 'Percent Org' });
    const response = (await ctx.request('GET', '/organizations?search=%25%25%25')).json();
    expect(response.data.every((o: { name: string }) => o.name.includes('%'))).toBe(true);
  });

  it('updates name and replaces locations: renames one, removes one, adds one', async () => {
    const org = await create({ locations: [{ name: 'A' }, { name: 'B' }] });
    const [a] = org.locations;
    const response = await ctx.request('PATCH', `/organizations/${org.id}`, {
      name: 'Renamed',
      locations: [{ id: a.id, name: 'A2', address: 'x' }, { name: 'C' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Renamed');
    expect(response.json().locations.map((l: { name: string }) => l.name)).toEqual(['A2', 'C']);
  });

  it('refuses a location id of another organization', async () => {
    const one = await create();
    const two = await create();
    const response = await ctx.request('PATCH', `/organizations/${one.id}`, {
      locations: [{ id: two.locations[0].id, name: 'stolen' }],
    });
    expect(response.statusCode).toBe(400);
    expect((await ctx.request('GET', `/organizations/${two.id}`)).json().locations[0].name).toBe(
      'Head office',
    );
  });

  it('deletes an organization, and refuses while it has devices', async () => {
    const org = await create();
    await ctx.db.insert(devices).values({ organizationId: org.id, displayName: 'PC-1' });
    const refused = await ctx.request('DELETE', `/organizations/${org.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'This organization still has 1 device(s). Move or remove them first.',
    );
    await ctx.db.delete(devices).where(eq(devices.organizationId, org.id));
    expect((await ctx.request('DELETE', `/organizations/${org.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/organizations/${org.id}`)).statusCode).toBe(404);
  });
});

describe('bad input changes nothing but writes its failure activity', () => {
  it('names the field of a mistyped or unknown field (400)', async () => {
    const before = await countActivities();
    const mistyped = await ctx.request('POST', '/organizations', { name: 42 });
    expect(mistyped.statusCode).toBe(400);
    expect(mistyped.json().error.code).toBe('VALIDATION_FAILED');
    expect(mistyped.json().error.message).toContain('body.name');
    const unknown = await ctx.request('POST', '/organizations', { name: 'X', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('colour');
    const failures = (
      await ctx.request('GET', '/activities?action=organization.create&outcome=FAILURE')
    ).json();
    expect(failures.count).toBe(2);
    expect(await countActivities()).toBe(before + 2);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/organizations',
      headers: { cookie: ctx.adminCookie, origin: 'http://console.test', 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toEqual({
      code: 'BAD_JSON',
      message: 'The request body is not valid JSON.',
    });
    const big = await ctx.request('POST', '/organizations', { name: 'x', description: 'y'.repeat(5000) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await ctx.request('GET', '/organizations', undefined, { cookie: '' })).statusCode).toBe(401);
    const viewer = await createUser(ctx, { permissions: ['organizations.view'], scope: 'all' });
    const response = await ctx.request('POST', '/organizations', createOrganizationInput(), {
      cookie: viewer.cookie,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this.',
    });
  });

  it('refuses a state change without an allowed Origin', async () => {
    const response = await ctx.request('POST', '/organizations', createOrganizationInput(), {
      origin: 'https://evil.example',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ORIGIN_REFUSED');
  });
});

describe('organization scope', () => {
  it('answers 404 alike for another organization and one that does not exist', async () => {
    const mine = await create();
    const theirs = await create();
    const tech = await createUser(ctx, {
      permissions: ['organizations.view', 'organizations.manage'],
      scope: [mine.id],
    });
    const list = (
      await ctx.request('GET', '/organizations?pageSize=500', undefined, { cookie: tech.cookie })
    ).json();
    expect(list.data.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    const other = await ctx.request('GET', `/client/${theirs.id}`, undefined, { cookie: tech.cookie });
    const missing = await ctx.request('GET', '/client/999999', undefined, { cookie: tech.cookie });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    const edit = await ctx.request(
      'PATCH',
      `/organizations/${theirs.id}`,
      { name: 'hijack' },
      { cookie: tech.cookie },
    );
    expect(edit.statusCode).toBe(404);
    expect((await ctx.request('GET', `/organizations/${theirs.id}`)).json().name).toBe(theirs.name);
  });
});

describe('activity filters', () => {
  it('lists the activities of one target by type and id', async () => {
    const one = await create();
    const two = await create();
    await ctx.request('PATCH', `/organizations/${one.id}`, { description: 'changed' });
    const response = await ctx.request('GET', `/activities?targetType=organization&targetId=${one.id}`);
    const actions = response
      .json()
      .data.map((a: { action: string; targetId: string }) => [a.action, a.targetId]);
    expect(actions).toEqual([
      ['organization.update', String(one.id)],
      ['organization.create', String(one.id)],
    ]);
    expect(actions.flat()).not.toContain(String(two.id));
  });
});
