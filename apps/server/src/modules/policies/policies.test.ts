import { randomUUID } from 'node:crypto';
import { MAX_POLICY_DEPTH, type Policy, type PolicySummary, policyMessages } from '@rmm/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { activities, policies } from '../../db/schema.ts';
import {
  conditionOf,
  cpuCondition,
  createDevice,
  createOrganization,
  createPolicy,
  errorOf,
  policyBody,
  unique,
  updatePolicy,
} from './test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const getPolicy = async (id: number) => {
  const response = await ctx.request('GET', `/policies/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { policy: Policy }).policy;
};
const listPolicies = async (query: string) => {
  const response = await ctx.request('GET', `/policies?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: PolicySummary[]; count: number };
};
const activitiesOf = (action: string, targetId: number) =>
  ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.action, action), eq(activities.targetId, String(targetId))));
const storedNamed = async (name: string) =>
  ctx.db
    .select({ id: policies.id })
    .from(policies)
    .where(sql`lower(${policies.name}) = ${name.toLowerCase()}`);

describe('policies', () => {
  it('creates, lists by search and class, reads, updates and deletes a policy, with activities', async () => {
    const prefix = `crud${unique()}`;
    const created = await createPolicy(ctx, { name: `${prefix} Linux` });
    expect(created).toMatchObject({ name: `${prefix} Linux`, nodeClass: 'LINUX_SERVER', version: 0 });
    expect(created.effectiveConditions).toEqual([
      expect.objectContaining({ origin: 'OWN', active: true, definedByPolicyId: created.id }),
    ]);
    await createPolicy(ctx, { name: `${prefix} Windows`, nodeClass: 'WINDOWS_SERVER' });
    expect((await activitiesOf('policy.create', created.id))[0]).toMatchObject({ outcome: 'SUCCESS' });

    const all = await listPolicies(`search=${prefix.toUpperCase()}`);
    expect(all.data.map((p) => p.name)).toEqual([`${prefix} Linux`, `${prefix} Windows`]);
    expect(all.data[0]).toMatchObject({ conditionCount: 1, deviceCount: 0, parentPolicyName: null });
    const linux = await listPolicies(`search=${prefix}&nodeClass=LINUX_SERVER`);
    expect(linux.data.map((p) => p.name)).toEqual([`${prefix} Linux`]);

    const updated = await updatePolicy(ctx, created, {
      name: `${prefix} Linux servers`,
      conditions: [...created.conditions, conditionOf('REBOOT', { pendingForMinutes: 60 })],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().policy).toMatchObject({ name: `${prefix} Linux servers`, version: 1 });
    expect((await getPolicy(created.id)).conditions).toHaveLength(2);
    expect((await activitiesOf('policy.update', created.id))[0]?.detail).toContain('renamed from');

    expect((await ctx.request('DELETE', `/policies/${created.id}`)).statusCode).toBe(200);
    expect((await activitiesOf('policy.delete', created.id))[0]).toMatchObject({ outcome: 'SUCCESS' });
    const gone = await ctx.request('GET', `/policies/${created.id}`);
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone)).toEqual({ code: 'POLICY_NOT_FOUND', message: policyMessages.POLICY_NOT_FOUND });
  });

  it('keeps names unique whatever their case', async () => {
    const first = await createPolicy(ctx);
    const again = await ctx.request('POST', '/policies', policyBody({ name: first.name.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'POLICY_NAME_TAKEN', message: policyMessages.POLICY_NAME_TAKEN });
    const other = await createPolicy(ctx);
    expect((await updatePolicy(ctx, other, { name: first.name.toLowerCase() })).statusCode).toBe(409);
    expect((await updatePolicy(ctx, first, { name: first.name.toUpperCase() })).statusCode).toBe(200);
  });

  it('refuses a save over a version someone else saved with 409, and keeps their change', async () => {
    const policy = await createPolicy(ctx);
    expect((await updatePolicy(ctx, policy, { description: 'Theirs' })).statusCode).toBe(200);
    const stale = await updatePolicy(ctx, policy, { description: 'Mine' });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toEqual({
      code: 'POLICY_VERSION_CONFLICT',
      message: policyMessages.POLICY_VERSION_CONFLICT,
    });
    expect(await getPolicy(policy.id)).toMatchObject({ description: 'Theirs', version: 1 });
  });

  it('refuses a policy inheriting from itself or its own descendant, from another class, or too deep', async () => {
    const root = await createPolicy(ctx);
    const self = await updatePolicy(ctx, root, { parentPolicyId: root.id });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toEqual({ code: 'POLICY_CYCLE', message: policyMessages.POLICY_CYCLE });
    const child = await createPolicy(ctx, { parentPolicyId: root.id, conditions: [] });
    const grandChild = await createPolicy(ctx, { parentPolicyId: child.id, conditions: [] });
    expect(errorOf(await updatePolicy(ctx, root, { parentPolicyId: grandChild.id })).code).toBe(
      'POLICY_CYCLE',
    );

    const windows = await ctx.request(
      'POST',
      '/policies',
      policyBody({ nodeClass: 'WINDOWS_SERVER', parentPolicyId: root.id, conditions: [] }),
    );
    expect(windows.statusCode).toBe(400);
    expect(errorOf(windows).code).toBe('POLICY_PARENT_CLASS');
    // A class change while children inherit would leave them of another class.
    expect(errorOf(await updatePolicy(ctx, root, { nodeClass: 'LINUX_WORKSTATION' })).code).toBe(
      'POLICY_IN_USE',
    );

    let parent = grandChild;
    for (let depth = 4; depth <= MAX_POLICY_DEPTH; depth++)
      parent = await createPolicy(ctx, { parentPolicyId: parent.id, conditions: [] });
    const tooDeep = await ctx.request(
      'POST',
      '/policies',
      policyBody({ parentPolicyId: parent.id, conditions: [] }),
    );
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep)).toEqual({ code: 'POLICY_TOO_DEEP', message: policyMessages.POLICY_TOO_DEEP });
    // Moving a policy with children under a chain: its deepest descendant counts.
    const other = await createPolicy(ctx);
    const otherChild = await createPolicy(ctx, { parentPolicyId: other.id, conditions: [] });
    expect(otherChild.id).toBeGreaterThan(0);
    expect(errorOf(await updatePolicy(ctx, other, { parentPolicyId: parent.id })).code).toBe(
      'POLICY_TOO_DEEP',
    );
  });

  it('shows override, deactivate and revert in the effective conditions, and drops overrides of removed ones', async () => {
    const c1 = cpuCondition({ name: 'CPU' });
    const c2 = conditionOf('REBOOT', { pendingForMinutes: 60 });
    const c3 = conditionOf('MEMORY', { thresholdPercent: 80, durationMinutes: 10 });
    const parent = await createPolicy(ctx, { conditions: [c1, c2, c3] });
    const own = conditionOf('SOFTWARE', { name: 'Telnet', trigger: 'INSTALLED' });
    const stricter = { ...c1, parameters: { thresholdPercent: 95, durationMinutes: 5 } };
    const child = await createPolicy(ctx, {
      parentPolicyId: parent.id,
      conditions: [own],
      overrides: [
        { kind: 'OVERRIDE', condition: stricter },
        { kind: 'DEACTIVATE', conditionId: c2.id },
      ],
    });
    expect(child.parentPolicyName).toBe(parent.name);
    const byId = new Map(child.effectiveConditions.map((e) => [e.condition.id, e]));
    expect(byId.get(c1.id)).toMatchObject({
      origin: 'OVERRIDDEN',
      active: true,
      definedByPolicyId: parent.id,
      condition: { parameters: { thresholdPercent: 95 } },
    });
    expect(byId.get(c2.id)).toMatchObject({ origin: 'OVERRIDDEN', active: false });
    expect(byId.get(c3.id)).toMatchObject({ origin: 'INHERITED', active: true });
    expect(byId.get(own.id)).toMatchObject({ origin: 'OWN', definedByPolicyId: child.id });

    // Revert the override: the parent's condition applies again.
    const reverted = await updatePolicy(ctx, child, {
      overrides: [{ kind: 'DEACTIVATE', conditionId: c2.id }],
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    const after = (reverted.json() as { policy: Policy }).policy;
    expect(after.effectiveConditions.find((e) => e.condition.id === c1.id)).toMatchObject({
      origin: 'INHERITED',
      condition: { parameters: { thresholdPercent: 90 } },
    });

    // The parent drops c2: the child's deactivation of it goes too (its next save would be refused otherwise).
    expect((await updatePolicy(ctx, parent, { conditions: [c1, c3] })).statusCode).toBe(200);
    const pruned = await getPolicy(child.id);
    expect(pruned.overrides).toEqual([]);
    expect(pruned.version).toBe(after.version + 1);
  });

  it('refuses overrides of conditions no ancestor has, of another type, twice, or own ids of inherited ones', async () => {
    const c1 = cpuCondition();
    const parent = await createPolicy(ctx, { conditions: [c1] });
    const cases: [Record<string, unknown>, string][] = [
      [{ overrides: [{ kind: 'DEACTIVATE', conditionId: randomUUID() }] }, 'POLICY_OVERRIDE_UNKNOWN'],
      [
        {
          overrides: [
            {
              kind: 'OVERRIDE',
              condition: { ...conditionOf('REBOOT', { pendingForMinutes: 5 }), id: c1.id },
            },
          ],
        },
        'POLICY_OVERRIDE_TYPE',
      ],
      [
        {
          overrides: [
            { kind: 'DEACTIVATE', conditionId: c1.id },
            { kind: 'OVERRIDE', condition: c1 },
          ],
        },
        'POLICY_OVERRIDE_TWICE',
      ],
      [{ conditions: [c1] }, 'POLICY_CONDITION_INHERITED'],
    ];
    for (const [changes, code] of cases) {
      const name = `Refused ${unique()}`;
      const response = await ctx.request('POST', '/policies', {
        ...policyBody({ name, parentPolicyId: parent.id, conditions: [] }),
        ...changes,
      });
      expect(response.statusCode, code).toBe(400);
      expect(errorOf(response), code).toEqual({
        code,
        message: policyMessages[code as keyof typeof policyMessages],
      });
      expect(await storedNamed(name)).toEqual([]);
    }
    // Overrides without a parent are the schema's refusal.
    const orphan = await ctx.request(
      'POST',
      '/policies',
      policyBody({ overrides: [{ kind: 'DEACTIVATE', conditionId: c1.id }] }),
    );
    expect(orphan.statusCode).toBe(400);
    expect(errorOf(orphan).message).toContain('Only a policy with a parent overrides conditions');
  });

  it('refuses bad conditions with 400 {error:{code,message}} and stores nothing', async () => {
    const script = await ctx.request('POST', '/scripts', {
      name: `Fix ${unique()}`,
      language: 'sh',
      operatingSystems: ['LINUX'],
      code: 'true',
    });
    const scriptId = script.json().script.id as number;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        cpuCondition({ parameters: { thresholdPercent: 150, durationMinutes: 5 } }),
        'VALIDATION_FAILED',
        'thresholdPercent',
      ],
      [
        conditionOf('DISK', { mode: 'BYTES_FREE', durationMinutes: 5 }),
        'VALIDATION_FAILED',
        'Enter a size of free space',
      ],
      [
        conditionOf('CPU', { thresholdPercent: 90, durationMinutes: 5, unit: 'GiB' }),
        'VALIDATION_FAILED',
        'unit',
      ],
      [
        conditionOf('PING', { host: 'example.test', durationMinutes: 5 }),
        'VALIDATION_FAILED',
        'Choose the device that runs the probe',
      ],
      [conditionOf('TRAFFIC', {}), 'VALIDATION_FAILED', 'This condition type is not supported yet'],
      [cpuCondition({ reset: { mode: 'AFTER_TIME' } }), 'VALIDATION_FAILED', 'Enter after how many minutes'],
      [conditionOf('BITLOCKER', {}), 'POLICY_CONDITION_CLASS', policyMessages.POLICY_CONDITION_CLASS],
      [
        cpuCondition({ automations: [{ scriptId: 999_999 }] }),
        'POLICY_SCRIPT_NOT_FOUND',
        policyMessages.POLICY_SCRIPT_NOT_FOUND,
      ],
      [
        cpuCondition({ notifications: [{ channelId: 999_999, option: 'SEND' }] }),
        'POLICY_CHANNEL_NOT_FOUND',
        policyMessages.POLICY_CHANNEL_NOT_FOUND,
      ],
      [
        conditionOf('PING', { host: 'example.test', durationMinutes: 5 }, { probeDeviceId: 999_999 }),
        'POLICY_PROBE_NOT_FOUND',
        policyMessages.POLICY_PROBE_NOT_FOUND,
      ],
    ];
    for (const [condition, code, message] of cases) {
      const name = `Bad ${unique()}`;
      const response = await ctx.request('POST', '/policies', {
        ...policyBody({ name }),
        conditions: [condition],
      });
      expect(response.statusCode, message).toBe(400);
      expect(errorOf(response).code, message).toBe(code);
      expect(errorOf(response).message, message).toContain(message);
      expect(await storedNamed(name)).toEqual([]);
    }
    // The same script, existing, is accepted; the library then keeps it.
    const fine = await createPolicy(ctx, { conditions: [cpuCondition({ automations: [{ scriptId }] })] });
    const deleteScript = await ctx.request('DELETE', `/scripts/${scriptId}`);
    expect(deleteScript.statusCode).toBe(409);
    expect(errorOf(deleteScript).code).toBe('SCRIPT_IN_USE');
    expect(fine.conditions[0]?.automations).toEqual([{ scriptId }]);
  });

  it('accepts a probe device of the caller’s organizations only', async () => {
    const mine = await createOrganization(ctx);
    const theirs = await createOrganization(ctx);
    const myProbe = await createDevice(ctx, { organizationId: mine.id });
    const theirProbe = await createDevice(ctx, { organizationId: theirs.id });
    const tech = await createUser(ctx, {
      permissions: ['policies.view', 'policies.manage'],
      scope: [mine.id],
    });
    const ping = (probeDeviceId: number) =>
      conditionOf('PING', { host: '192.0.2.1', durationMinutes: 5 }, { probeDeviceId });
    const refused = await ctx.request(
      'POST',
      '/policies',
      policyBody({ conditions: [ping(theirProbe.id)] }),
      {
        cookie: tech.cookie,
      },
    );
    expect(errorOf(refused).code).toBe('POLICY_PROBE_NOT_FOUND');
    await createPolicy(ctx, { conditions: [ping(myProbe.id)] }, tech.cookie);
  });

  it('refuses deleting a policy that is assigned, inherited from or layered', async () => {
    const org = await createOrganization(ctx);
    const assigned = await createPolicy(ctx);
    const put = await ctx.request('PUT', `/organizations/${org.id}/policies`, {
      defaults: [{ nodeRoleId: 5, policyId: assigned.id }],
      locations: [],
    });
    expect(put.statusCode, put.body).toBe(200);
    const parent = await createPolicy(ctx);
    await createPolicy(ctx, { parentPolicyId: parent.id, conditions: [] });
    const layered = await createPolicy(ctx);
    const dynamic = await ctx.request('POST', '/dynamic-policies', {
      name: `Dyn ${unique()}`,
      enabled: false,
      criteria: { match: 'all', rules: [] },
      policyId: layered.id,
    });
    expect(dynamic.statusCode, dynamic.body).toBe(201);
    for (const policy of [assigned, parent, layered]) {
      const response = await ctx.request('DELETE', `/policies/${policy.id}`);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: 'POLICY_IN_USE', message: policyMessages.POLICY_IN_USE });
      expect(await getPolicy(policy.id)).toMatchObject({ id: policy.id });
    }
    const failures = await activitiesOf('policy.delete', assigned.id);
    expect(failures[0]).toMatchObject({ outcome: 'FAILURE' });
  });

  it('tells the engine which devices’ conditions changed after a change commits', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, { organizationId: org.id });
    const policy = await createPolicy(ctx);
    await ctx.request('PUT', `/organizations/${org.id}/policies`, {
      defaults: [{ nodeRoleId: 5, policyId: policy.id }],
      locations: [],
    });
    const child = await createPolicy(ctx, { parentPolicyId: policy.id, conditions: [] });
    await ctx.request('PUT', `/devices/${(await createDevice(ctx, { organizationId: org.id })).id}/policy`, {
      policyId: child.id,
    });
    const messages: unknown[] = [];
    const stop = ctx.app.bus.subscribe(CONDITIONS_CHANGED_SUBJECT, (message) => messages.push(message));
    try {
      expect((await updatePolicy(ctx, policy, { description: 'changed' })).statusCode).toBe(200);
      await ctx.app.bus.flush();
      const deviceIds = (messages[0] as { deviceIds: number[] }).deviceIds;
      expect(deviceIds).toContain(device.id);
      expect(deviceIds).toHaveLength(2); // the device of the child policy too
    } finally {
      stop();
    }
  });

  it('needs policies.view to read and policies.manage to change', async () => {
    const policy = await createPolicy(ctx);
    const viewer = await createUser(ctx, { permissions: ['policies.view'], scope: 'all' });
    expect(
      (await ctx.request('GET', `/policies/${policy.id}`, undefined, { cookie: viewer.cookie })).statusCode,
    ).toBe(200);
    const refused = await ctx.request('POST', '/policies', policyBody(), { cookie: viewer.cookie });
    expect(refused.statusCode).toBe(403);
    expect((await updatePolicy(ctx, policy, {})).statusCode).toBe(200);
    const nobody = await createUser(ctx, { permissions: ['devices.view'], scope: 'all' });
    expect((await ctx.request('GET', '/policies', undefined, { cookie: nobody.cookie })).statusCode).toBe(
      403,
    );
  });
});
