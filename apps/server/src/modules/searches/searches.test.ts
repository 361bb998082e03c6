import { randomUUID } from 'node:crypto';
import {
  type CriteriaRule,
  type CriteriaValue,
  type Device,
  type DeviceSearch,
  defaultSearchPresets,
  deviceSearchFields,
  matchesCriteria,
  type SearchableDevice,
  type SearchCriteria,
  searchOperators,
} from '@rmm/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/agents.ts';
import {
  createOrganizationInput,
  createTestApp,
  createUser,
  type TestContext,
} from '../../../test/helpers.ts';
import { agentSubject } from '../../bus/subjects.ts';
import { activities, devices } from '../../db/schema.ts';
import { criteriaConditionOf } from '../devices/criteria.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

type DeviceInsert = typeof devices.$inferInsert;

const createOrganization = async (overrides: Record<string, unknown> = {}) =>
  (await ctx.request('POST', '/organizations', createOrganizationInput(overrides))).json();

const createDevice = async (organizationId: number, overrides: Partial<DeviceInsert> = {}) => {
  const [row] = await ctx.db
    .insert(devices)
    .values({ organizationId, displayName: `PC-${randomUUID().slice(0, 8)}`, nodeRoleId: 2, ...overrides })
    .returning();
  return row!;
};

/** One device per preset, each matching only its own preset (besides ALL and its status). */
const presetDevices: Record<string, Partial<DeviceInsert>> = {
  UP: { status: 'UP' },
  DOWN: { status: 'DOWN' },
  WARNING: { status: 'WARNING' },
  REMOTE_SUPPORT_TOOL: { status: 'UP', remoteSupportTools: ['TeamViewer'] },
  LOW_DISK_SPACE: { status: 'UP', cpuPercent: 5, memoryPercent: 5, diskPercent: 95.5 },
  FAILED_PATCHES: { status: 'UP', patchFailures: 2 },
  NETWORK_DEVICES: { status: 'UP', deviceClass: 'NETWORK_DEVICE' },
  NETWORK_ROLE: { status: 'UP', nodeRoleId: 15 },
  NEEDS_REBOOT: { status: 'UP', pendingReboot: true },
  INSTALL_ISSUES: { status: 'UP', installIssues: 1 },
};

const runSearch = async (id: number, query: string, cookie?: string) => {
  const response = await ctx.request(
    'GET',
    `/searches/${id}/devices?${query}`,
    undefined,
    cookie ? { cookie } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Device[]; count: number; page: number; pageSize: number };
};

describe('GET /searches', () => {
  it('answers every default preset with its criteria and the DEFAULT group', async () => {
    const response = await ctx.request('GET', '/searches');
    expect(response.statusCode).toBe(200);
    const searches = response.json() as DeviceSearch[];
    for (const preset of defaultSearchPresets) {
      expect(searches).toContainEqual(
        expect.objectContaining({
          id: preset.id,
          key: preset.key,
          criteria: preset.criteria,
          searchGroup: 'DEFAULT',
          isPreset: true,
        }),
      );
    }
  });
});

describe('presets on seeded devices', () => {
  it('each preset finds exactly its devices, in the organization asked for', async () => {
    const org = await createOrganization();
    const ids: Record<string, number> = {};
    for (const [key, values] of Object.entries(presetDevices)) {
      ids[key] = (await createDevice(org.id, { displayName: key, ...values })).id;
    }
    const expected: Record<string, string[]> = {
      ALL: Object.keys(presetDevices),
      UP: Object.keys(presetDevices).filter((k) => !['DOWN', 'WARNING'].includes(k)),
      DOWN: ['DOWN'],
      WARNING: ['WARNING'],
      REMOTE_SUPPORT_TOOL: ['REMOTE_SUPPORT_TOOL'],
      LOW_DISK_SPACE: ['LOW_DISK_SPACE'],
      FAILED_PATCHES: ['FAILED_PATCHES'],
      NETWORK_DEVICES: ['NETWORK_DEVICES', 'NETWORK_ROLE'],
      NEEDS_REBOOT: ['NEEDS_REBOOT'],
      INSTALL_ISSUES: ['INSTALL_ISSUES'],
    };
    for (const preset of defaultSearchPresets) {
      const page = await runSearch(preset.id, `organizationId=${org.id}&pageSize=100`);
      expect(page.data.map((d) => d.displayName).sort(), preset.key).toEqual(
        [...expected[preset.key]!].sort(),
      );
      expect(page.count).toBe(expected[preset.key]!.length);
    }
  });

  it('pages the result', async () => {
    const org = await createOrganization();
    for (const name of ['a', 'b', 'c']) await createDevice(org.id, { displayName: name, status: 'DOWN' });
    const page = await runSearch(-3, `organizationId=${org.id}&pageSize=2&page=2&sort=displayName`);
    expect(page).toMatchObject({ count: 3, page: 2, pageSize: 2 });
    expect(page.data.map((d) => d.displayName)).toEqual(['c']);
  });

  it("never matches another organization's devices for a scoped technician", async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const own = await createDevice(mine.id, { status: 'DOWN' });
    await createDevice(theirs.id, { status: 'DOWN' });
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.id] });
    const page = await runSearch(-3, 'pageSize=500', tech.cookie);
    expect(page.data.map((d) => d.id)).toEqual([own.id]);
    const other = await runSearch(-3, `organizationId=${theirs.id}`, tech.cookie);
    expect(other.count).toBe(0);
  });

  it('answers 404 for an unknown search', async () => {
    expect((await ctx.request('GET', '/searches/999999/devices')).statusCode).toBe(404);
    expect((await ctx.request('GET', '/searches/-99/devices')).statusCode).toBe(404);
  });
});

describe('POST /searches/run (criteria not saved yet)', () => {
  it('answers the devices the criteria match, with the list filters, paging and scope', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    await createDevice(mine.id, { displayName: 'web-1', platform: 'linux', approvalStatus: 'PENDING' });
    await createDevice(mine.id, { displayName: 'web-2', platform: 'linux' });
    await createDevice(mine.id, { displayName: 'desk-1', platform: 'win32', approvalStatus: 'PENDING' });
    await createDevice(theirs.id, { displayName: 'web-9', platform: 'linux', approvalStatus: 'PENDING' });
    const criteria = {
      match: 'all',
      rules: [
        { field: 'platform', operator: 'equals', value: 'linux' },
        { field: 'approvalStatus', operator: 'equals', value: 'PENDING' },
      ],
    };
    const tech = await createUser(ctx, { permissions: ['devices.view'], scope: [mine.id] });
    const response = await ctx.request(
      'POST',
      '/searches/run',
      { criteria, pageSize: 10 },
      { cookie: tech.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as { data: Device[] }).data.map((d) => d.displayName)).toEqual(['web-1']);

    const any = await ctx.request('POST', '/searches/run', {
      criteria: { ...criteria, match: 'any' },
      organizationId: mine.id,
      sort: 'displayName',
      pageSize: 2,
      page: 2,
    });
    expect(any.json()).toMatchObject({ count: 3, page: 2, pageSize: 2 });
    expect((any.json() as { data: Device[] }).data.map((d) => d.displayName)).toEqual(['web-2']);
  });

  it('refuses criteria with an unknown field, naming it', async () => {
    const response = await ctx.request('POST', '/searches/run', {
      criteria: { match: 'all', rules: [{ field: 'secretHash', operator: 'equals', value: 'x' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain('criteria.rules.0.field');
  });
});

describe('criteria in SQL mean what matchesCriteria means', () => {
  /** Devices covering empty, zero, null and set values of every field. */
  const variety: Partial<DeviceInsert>[] = [
    { status: 'UP', diskPercent: null, remoteSupportTools: [], deviceClass: null },
    {
      status: 'DOWN',
      healthStatus: 'UNHEALTHY',
      cpuPercent: 1,
      memoryPercent: 1,
      diskPercent: 90,
      patchFailures: 3,
      deviceClass: '',
    },
    {
      status: 'WARNING',
      healthStatus: 'NEEDS_ATTENTION',
      cpuPercent: 1,
      memoryPercent: 1,
      diskPercent: 99.5,
      remoteSupportTools: ['Splashtop', 'TeamViewer'],
    },
    {
      status: 'UP',
      installIssues: 5,
      pendingReboot: true,
      deviceClass: 'NETWORK_DEVICE',
      nodeRoleId: 5,
      platform: 'linux',
      approvalStatus: 'PENDING',
      loggedOnUser: 'dev',
      hostname: 'dev-box',
    },
    { status: 'UP', nodeRoleId: 16, patchFailures: 0, cpuPercent: 1, memoryPercent: 1, diskPercent: 50 },
  ];

  /** The tags of the variety's devices, by position (names set through the API, so tags are made). */
  const varietyTags: string[][] = [[], ['Web', 'linux'], ['web'], ['DB'], []];
  const tagsById = new Map<number, string[]>();

  /** The variety's devices in a new organization, each with its tags. */
  const createVariety = async () => {
    const org = await createOrganization();
    const rows = [];
    for (const [index, values] of variety.entries()) {
      const row = await createDevice(org.id, values);
      const tags = varietyTags[index] ?? [];
      const response = await ctx.request('PUT', `/devices/${row.id}/tags`, { tags });
      expect(response.statusCode, response.body).toBe(200);
      tagsById.set(row.id, response.json().tags);
      rows.push(row);
    }
    return { org, rows };
  };

  const searchable = (row: typeof devices.$inferSelect): SearchableDevice => ({
    status: row.status,
    remoteSupportTools: row.remoteSupportTools,
    diskFreePercent: row.diskPercent === null ? null : 100 - row.diskPercent,
    patchFailures: row.patchFailures,
    deviceClass:
      row.deviceClass ?? (row.nodeRoleId !== null && row.nodeRoleId >= 15 ? 'NETWORK_DEVICE' : null),
    needsReboot: row.pendingReboot,
    installIssues: row.installIssues,
    displayName: row.displayName,
    hostname: row.hostname,
    osName: row.osName,
    platform: row.platform,
    loggedOnUser: row.loggedOnUser,
    approvalStatus: row.approvalStatus,
    nodeRoleId: row.nodeRoleId,
    cpuPercent: row.cpuPercent,
    memoryPercent: row.memoryPercent,
    tags: tagsById.get(row.id) ?? [],
    healthStatus: row.healthStatus,
  });

  const values: CriteriaValue[] = [
    null,
    'UP',
    'NEEDS_ATTENTION',
    'TeamViewer',
    'NETWORK',
    'linux',
    'PENDING',
    'dev',
    'DEV-B',
    '',
    0,
    1,
    // Fractions and a negative against integer columns (patch failures, role ids), which are compared
    // with integer bounds in SQL.
    2.5,
    -1,
    3,
    4.99,
    10,
    16,
    50,
    true,
    false,
    'WEB',
    // Lists of tag names (the tag operators' values), empty, repeated and in other cases.
    [],
    ['web'],
    ['LINUX', 'web'],
    ['db', 'nothing'],
    ['web', 'WEB'],
    ['nothing'],
  ];

  it('for every field, operator and value (single rules)', async () => {
    const { org, rows } = await createVariety();
    const matchingIds = async (criteria: SearchCriteria) =>
      (
        await ctx.db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.organizationId, org.id), await criteriaConditionOf(ctx.db, criteria)))
      )
        .map((r) => r.id)
        .sort((a, b) => a - b);
    for (const field of deviceSearchFields) {
      for (const operator of searchOperators) {
        for (const value of values) {
          const criteria: SearchCriteria = { match: 'all', rules: [{ field, operator, value }] };
          const expected = rows.filter((r) => matchesCriteria(searchable(r), criteria)).map((r) => r.id);
          expect(await matchingIds(criteria), `${field} ${operator} ${JSON.stringify(value)}`).toEqual(
            expected,
          );
        }
      }
    }
  });

  it('combines rules with all and any', async () => {
    const { org, rows } = await createVariety();
    const rules: CriteriaRule[] = [
      { field: 'status', operator: 'equals', value: 'UP' },
      { field: 'patchFailures', operator: 'greaterThan', value: 0 },
      { field: 'deviceClass', operator: 'equals', value: 'NETWORK_DEVICE' },
      { field: 'tags', operator: 'hasAnyOf', value: ['web'] },
      { field: 'tags', operator: 'hasNoneOf', value: ['linux'] },
    ];
    for (const match of ['all', 'any'] as const) {
      for (const pair of [
        rules.slice(0, 2),
        rules.slice(1, 3),
        [rules[0]!, rules[2]!],
        [rules[0]!, rules[3]!],
        rules.slice(3),
        [rules[1]!, rules[4]!],
      ]) {
        const criteria: SearchCriteria = { match, rules: pair };
        const expected = rows.filter((r) => matchesCriteria(searchable(r), criteria)).map((r) => r.id);
        const found = await ctx.db
          .select({ id: devices.id })
          .from(devices)
          .where(and(eq(devices.organizationId, org.id), await criteriaConditionOf(ctx.db, criteria)));
        expect(
          found.map((r) => r.id).sort((a, b) => a - b),
          JSON.stringify(criteria),
        ).toEqual(expected);
      }
    }
  });

  it('binds values as parameters: a quote in a value is only text', async () => {
    const org = await createOrganization();
    await createDevice(org.id, { status: 'UP' });
    const criteria: SearchCriteria = {
      match: 'any',
      rules: [{ field: 'status', operator: 'equals', value: "UP' or '1'='1" }],
    };
    const found = await ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.organizationId, org.id), await criteriaConditionOf(ctx.db, criteria)));
    expect(found).toEqual([]);
  });
});

describe('saved searches: create, update, delete', () => {
  const activitiesOf = (action: string, id: number) =>
    ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, action), eq(activities.targetId, String(id))));

  it('stores a search, merges customFields into the record, runs it, changes and deletes it', async () => {
    const org = await createOrganization();
    const failing = await createDevice(org.id, { patchFailures: 4 });
    await createDevice(org.id, { patchFailures: 1 });
    const created = await ctx.request('POST', '/searches', {
      search: 'Many failed patches',
      criteria: {
        match: 'all',
        rules: [{ field: 'patchFailures', operator: 'greaterThanOrEqual', value: 3 }],
      },
      customFields: JSON.stringify({ color: 'red', id: 'not mine', pinned: true }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const search = created.json();
    expect(search).toMatchObject({
      search: 'Many failed patches',
      searchGroup: 'CUSTOM',
      isPreset: false,
      color: 'red',
      pinned: true,
    });
    expect(typeof search.id).toBe('number');
    expect((await activitiesOf('search.create', search.id)).length).toBe(1);

    const listed = (await ctx.request('GET', '/searches')).json() as DeviceSearch[];
    expect(listed.find((s) => s.id === search.id)).toMatchObject({ color: 'red', id: search.id });

    const page = await runSearch(search.id, `organizationId=${org.id}`);
    expect(page.data.map((d) => d.id)).toEqual([failing.id]);

    const updated = await ctx.request('PUT', `/searches/${search.id}`, {
      search: 'Renamed',
      searchGroup: 'Patching',
      customFields: JSON.stringify({ color: 'blue' }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      search: 'Renamed',
      searchGroup: 'Patching',
      color: 'blue',
      criteria: search.criteria,
    });
    expect(updated.json()).not.toHaveProperty('pinned');
    expect((await activitiesOf('search.update', search.id)).length).toBe(1);

    expect((await ctx.request('DELETE', `/searches/${search.id}`)).statusCode).toBe(200);
    expect((await activitiesOf('search.delete', search.id)).length).toBe(1);
    expect((await ctx.request('GET', `/searches/${search.id}/devices`)).statusCode).toBe(404);
  });

  it('refuses bad customFields, unknown fields and operators, and changes to presets', async () => {
    const bad = await ctx.request('POST', '/searches', {
      search: 'x',
      criteria: { match: 'all', rules: [] },
      customFields: '[1,2]',
    });
    expect(bad.statusCode).toBe(400);
    const badField = await ctx.request('POST', '/searches', {
      search: 'x',
      criteria: { match: 'all', rules: [{ field: 'secretHash', operator: 'equals', value: 'x' }] },
    });
    expect(badField.statusCode).toBe(400);
    const badOperator = await ctx.request('POST', '/searches', {
      search: 'x',
      criteria: { match: 'all', rules: [{ field: 'status', operator: 'like', value: 'x' }] },
    });
    expect(badOperator.statusCode).toBe(400);
    expect((await ctx.request('PUT', '/searches/-2', { search: 'Mine' })).statusCode).toBe(400);
    expect((await ctx.request('DELETE', '/searches/-1')).statusCode).toBe(400);
  });

  it('needs devices.manage to change and devices.view to read', async () => {
    const viewer = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    const denied = await ctx.request(
      'POST',
      '/searches',
      { search: 'x', criteria: { match: 'all', rules: [] } },
      { cookie: viewer.cookie },
    );
    expect(denied.statusCode).toBe(403);
    expect((await ctx.request('GET', '/searches', undefined, { cookie: viewer.cookie })).statusCode).toBe(
      200,
    );
    const nobody = await createUser(ctx, { permissions: [], scope: 'all' });
    expect((await ctx.request('GET', '/searches', undefined, { cookie: nobody.cookie })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /search/runner/execute-action', () => {
  const execute = (body: unknown, cookie?: string) =>
    ctx.request('POST', '/search/runner/execute-action', body, cookie ? { cookie } : {});

  const deviceRow = async (id: number) => (await ctx.db.select().from(devices).where(eq(devices.id, id)))[0];

  it('approves the devices a criteria matches, with one activity each, in scope only', async () => {
    const mine = await createOrganization();
    const theirs = await createOrganization();
    const tag = `pending-${randomUUID().slice(0, 6)}`;
    const a = await createDevice(mine.id, {
      approvalStatus: 'PENDING',
      installIssues: 7,
      displayName: `${tag}-a`,
    });
    const b = await createDevice(mine.id, {
      approvalStatus: 'PENDING',
      installIssues: 7,
      displayName: `${tag}-b`,
    });
    const other = await createDevice(theirs.id, { approvalStatus: 'PENDING', installIssues: 7 });
    const tech = await createUser(ctx, {
      permissions: ['devices.view', 'devices.approve'],
      scope: [mine.id],
    });
    const toAgent: unknown[] = [];
    const stop = ctx.app.bus.subscribe(agentSubject(a.id), (message) => toAgent.push(message));
    const response = await execute(
      {
        action: 'APPROVE',
        target: {
          criteria: { match: 'all', rules: [{ field: 'installIssues', operator: 'equals', value: 7 }] },
        },
      },
      tech.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      resultCode: 'SUCCESS',
      action: 'APPROVE',
      matched: 2,
      affected: 2,
      skipped: 0,
    });
    expect((await deviceRow(a.id))?.approvalStatus).toBe('APPROVED');
    expect((await deviceRow(b.id))?.approvalStatus).toBe('APPROVED');
    expect((await deviceRow(other.id))?.approvalStatus).toBe('PENDING');
    const written = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'device.approval'), eq(activities.organizationId, mine.id)));
    expect(written.map((w) => w.targetName).sort()).toEqual([`${tag}-a`, `${tag}-b`]);
    expect(written.every((w) => w.outcome === 'SUCCESS' && w.detail === 'bulk APPROVE')).toBe(true);
    await waitFor(() => toAgent.length > 0, { what: 'the approval message' });
    expect(toAgent).toEqual([{ v: 1, type: 'approval', approvalStatus: 'APPROVED' }]);
    stop();
  });

  it('moves devices of a saved search, skipping and counting devices of other organizations', async () => {
    const home = await createOrganization();
    const away = await createOrganization();
    const moving = await createDevice(home.id, { patchFailures: 99 });
    const staying = await createDevice(away.id, { patchFailures: 99 });
    const search = (
      await ctx.request('POST', '/searches', {
        search: 'ninety-nine',
        criteria: { match: 'all', rules: [{ field: 'patchFailures', operator: 'equals', value: 99 }] },
      })
    ).json();
    const location = home.locations[0].id;
    const response = await execute({
      action: 'MOVE_TO_LOCATION',
      target: { searchId: search.id },
      locationId: location,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      resultCode: 'SUCCESS',
      action: 'MOVE_TO_LOCATION',
      matched: 2,
      affected: 1,
      skipped: 1,
    });
    expect((await deviceRow(moving.id))?.locationId).toBe(location);
    expect((await deviceRow(staying.id))?.locationId).toBeNull();
    const moved = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'device.update'), eq(activities.targetId, String(moving.id))));
    expect(moved).toHaveLength(1);
    expect(moved[0]?.detail).toContain('moved to');
  });

  it('rejects listed devices: REJECTED, one activity each, and their agents are told to go', async () => {
    const org = await createOrganization();
    const a = await createDevice(org.id);
    const b = await createDevice(org.id);
    const toAgent: unknown[] = [];
    const stop = ctx.app.bus.subscribe(agentSubject(a.id), (message) => toAgent.push(message));
    const response = await execute({ action: 'REJECT', target: { nodeIds: [a.id, b.id] } });
    expect(response.json()).toEqual({
      resultCode: 'SUCCESS',
      action: 'REJECT',
      matched: 2,
      affected: 2,
      skipped: 0,
    });
    expect((await deviceRow(a.id))?.approvalStatus).toBe('REJECTED');
    expect((await deviceRow(b.id))?.approvalStatus).toBe('REJECTED');
    const written = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'device.approval'), eq(activities.organizationId, org.id)));
    expect(written.map((w) => [w.targetId, w.detail]).sort()).toEqual(
      [
        [String(a.id), 'bulk REJECT'],
        [String(b.id), 'bulk REJECT'],
      ].sort(),
    );
    await waitFor(() => toAgent.some((m) => (m as { type: string }).type === 'goodbye'), {
      what: 'the goodbye',
    });
    expect(toAgent).toContainEqual(expect.objectContaining({ type: 'goodbye', reason: 'REJECTED' }));
    stop();
  });

  it('deletes listed devices; rejects need devices.approve; a move needs a location', async () => {
    const org = await createOrganization();
    const gone = await createDevice(org.id);
    const manager = await createUser(ctx, { permissions: ['devices.view', 'devices.manage'], scope: 'all' });
    const refused = await execute({ action: 'REJECT', target: { nodeIds: [gone.id] } }, manager.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await execute({ action: 'MOVE_TO_LOCATION', target: { nodeIds: [gone.id] } })).statusCode).toBe(
      400,
    );
    const response = await execute(
      { action: 'DELETE', target: { nodeIds: [gone.id, 2147483000] } },
      manager.cookie,
    );
    expect(response.json()).toEqual({
      resultCode: 'SUCCESS',
      action: 'DELETE',
      matched: 1,
      affected: 1,
      skipped: 0,
    });
    expect(await deviceRow(gone.id)).toBeUndefined();
    const written = await ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'device.delete'), eq(activities.targetId, String(gone.id))));
    expect(written).toHaveLength(1);
  });
});
