import { randomUUID } from 'node:crypto';
import type {
  DeviceInventory,
  DevicePolicyResponse,
  DynamicPolicy,
  OrganizationPolicies,
  PolicyDryRunResponse,
  PolicySummary,
} from '@rmm/domain';
import { policyMessages } from '@rmm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { deviceMetrics, jobs } from '../../db/schema.ts';
import {
  conditionOf,
  cpuCondition,
  createDevice,
  createOrganization,
  createPolicy,
  errorOf,
  LINUX_SERVER_ROLE,
  unique,
  updatePolicy,
  WINDOWS_WORKSTATION_ROLE,
} from './test-fixtures.ts';

let ctx: TestContext;
beforeAll(async () => {
  // No agent is connected here: the dry run's wait for them is short.
  ctx = await createTestApp({ policyDryRunAgentTimeoutMs: 300 });
});
afterAll(() => ctx?.close());

const setOrganizationPolicies = (organizationId: number, body: OrganizationPolicies, cookie?: string) =>
  ctx.request('PUT', `/organizations/${organizationId}/policies`, body, cookie ? { cookie } : {});
const devicePolicy = async (deviceId: number, cookie?: string) => {
  const response = await ctx.request(
    'GET',
    `/devices/${deviceId}/policy`,
    undefined,
    cookie ? { cookie } : {},
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DevicePolicyResponse;
};
const setDevicePolicy = (deviceId: number, policyId: number | null) =>
  ctx.request('PUT', `/devices/${deviceId}/policy`, { policyId });

describe('assignment', () => {
  it('gives a device its own policy over its location’s over its organization’s', async () => {
    const org = await createOrganization(ctx);
    const locationId = org.locations[0]!.id;
    const device = await createDevice(ctx, { organizationId: org.id, locationId });
    const [byOrganization, byLocation, byDevice] = [
      await createPolicy(ctx),
      await createPolicy(ctx),
      await createPolicy(ctx),
    ];
    expect(await devicePolicy(device.id)).toMatchObject({ policyId: null, source: 'NONE', conditions: [] });

    const body: OrganizationPolicies = {
      defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: byOrganization.id }],
      locations: [],
    };
    const put = await setOrganizationPolicies(org.id, body);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(body);
    expect(await devicePolicy(device.id)).toMatchObject({
      policyId: byOrganization.id,
      policyName: byOrganization.name,
      source: 'ORGANIZATION',
      conditions: [expect.objectContaining({ condition: byOrganization.conditions[0] })],
    });

    const withLocation: OrganizationPolicies = {
      ...body,
      locations: [{ locationId, policies: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: byLocation.id }] }],
    };
    expect((await setOrganizationPolicies(org.id, withLocation)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/organizations/${org.id}/policies`)).json()).toEqual(withLocation);
    expect(await devicePolicy(device.id)).toMatchObject({ policyId: byLocation.id, source: 'LOCATION' });

    expect((await setDevicePolicy(device.id, byDevice.id)).statusCode).toBe(200);
    expect(await devicePolicy(device.id)).toMatchObject({ policyId: byDevice.id, source: 'DEVICE' });
    const list = (
      await ctx.request('GET', `/policies?search=${encodeURIComponent(byDevice.name)}`)
    ).json() as {
      data: PolicySummary[];
    };
    expect(list.data[0]?.deviceCount).toBe(1);

    const cleared = await setDevicePolicy(device.id, null);
    expect(cleared.json()).toMatchObject({ policyId: byLocation.id, source: 'LOCATION' });
  });

  it('refuses a policy of another class than the role’s, unknown roles and foreign locations', async () => {
    const org = await createOrganization(ctx);
    const other = await createOrganization(ctx);
    const linux = await createPolicy(ctx);
    const mismatch = await setOrganizationPolicies(org.id, {
      defaults: [{ nodeRoleId: WINDOWS_WORKSTATION_ROLE, policyId: linux.id }],
      locations: [],
    });
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch)).toEqual({
      code: 'POLICY_CLASS_MISMATCH',
      message: policyMessages.POLICY_CLASS_MISMATCH,
    });
    const foreignLocation = await setOrganizationPolicies(org.id, {
      defaults: [],
      locations: [{ locationId: other.locations[0]!.id, policies: [] }],
    });
    expect(errorOf(foreignLocation).code).toBe('POLICY_ASSIGNMENT_INVALID');
    const twice = await setOrganizationPolicies(org.id, {
      defaults: [
        { nodeRoleId: LINUX_SERVER_ROLE, policyId: linux.id },
        { nodeRoleId: LINUX_SERVER_ROLE, policyId: null },
      ],
      locations: [],
    });
    expect(errorOf(twice).code).toBe('POLICY_ASSIGNMENT_INVALID');
    expect((await ctx.request('GET', `/organizations/${org.id}/policies`)).json()).toEqual({
      defaults: [],
      locations: [],
    });

    const windowsDevice = await createDevice(ctx, {
      organizationId: org.id,
      nodeRoleId: WINDOWS_WORKSTATION_ROLE,
    });
    const refused = await setDevicePolicy(windowsDevice.id, linux.id);
    expect(errorOf(refused).code).toBe('POLICY_CLASS_MISMATCH');
    expect(await devicePolicy(windowsDevice.id)).toMatchObject({ source: 'NONE' });
    const bad = await ctx.request('PUT', `/devices/${windowsDevice.id}/policy`, { policyId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
  });

  it('keeps to the caller’s organizations', async () => {
    const mine = await createOrganization(ctx);
    const theirs = await createOrganization(ctx);
    const theirDevice = await createDevice(ctx, { organizationId: theirs.id });
    const policy = await createPolicy(ctx);
    const tech = await createUser(ctx, {
      permissions: ['policies.view', 'policies.manage'],
      scope: [mine.id],
    });
    const body = { defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: policy.id }], locations: [] };
    expect((await setOrganizationPolicies(theirs.id, body, tech.cookie)).statusCode).toBe(404);
    expect(
      (await ctx.request('GET', `/devices/${theirDevice.id}/policy`, undefined, { cookie: tech.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await setOrganizationPolicies(mine.id, body, tech.cookie)).statusCode).toBe(200);
    await setOrganizationPolicies(theirs.id, body);
    // The policy applies to a device of each organization; the technician counts theirs only.
    await createDevice(ctx, { organizationId: mine.id });
    const list = (
      await ctx.request('GET', `/policies?search=${encodeURIComponent(policy.name)}`, undefined, {
        cookie: tech.cookie,
      })
    ).json() as { data: PolicySummary[] };
    expect(list.data[0]?.deviceCount).toBe(1);
  });
});

describe('dynamic policies', () => {
  it('layers matching dynamic policies on the assigned one, the later order winning', async () => {
    const org = await createOrganization(ctx);
    const hostname = `dyn-${unique()}`;
    const device = await createDevice(ctx, { organizationId: org.id, hostname });
    const shared = cpuCondition();
    const base = await createPolicy(ctx, { conditions: [shared] });
    await setOrganizationPolicies(org.id, {
      defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: base.id }],
      locations: [],
    });
    const at = (threshold: number) => ({
      kind: 'OVERRIDE' as const,
      condition: { ...shared, parameters: { thresholdPercent: threshold, durationMinutes: 5 } },
    });
    const seventy = await createPolicy(ctx, { parentPolicyId: base.id, conditions: [], overrides: [at(70)] });
    const eighty = await createPolicy(ctx, { parentPolicyId: base.id, conditions: [], overrides: [at(80)] });
    const criteria = { match: 'all', rules: [{ field: 'hostname', operator: 'equals', value: hostname }] };
    const messages: unknown[] = [];
    const stop = ctx.app.bus.subscribe(CONDITIONS_CHANGED_SUBJECT, (message) => messages.push(message));
    const later = await ctx.request('POST', '/dynamic-policies', {
      name: `Later ${unique()}`,
      criteria,
      policyId: eighty.id,
      order: 20,
    });
    stop();
    expect(later.statusCode, later.body).toBe(201);
    expect(messages).toContainEqual({ all: true });
    const earlier = await ctx.request('POST', '/dynamic-policies', {
      name: `Earlier ${unique()}`,
      criteria,
      policyId: seventy.id,
      order: 10,
    });
    const dynamicPolicy = (later.json() as { dynamicPolicy: DynamicPolicy }).dynamicPolicy;
    expect(dynamicPolicy).toMatchObject({
      policyName: eighty.name,
      deviceCount: 1,
      version: 0,
      enabled: true,
    });

    const answer = await devicePolicy(device.id);
    expect(answer.dynamicPolicies.map((d) => d.id)).toEqual([
      earlier.json().dynamicPolicy.id,
      dynamicPolicy.id,
    ]);
    expect(answer.conditions).toHaveLength(1);
    expect(answer.conditions[0]?.condition.parameters).toMatchObject({ thresholdPercent: 80 });

    // Disabled, it no longer applies; a stale version is refused.
    const body = { ...later.json().dynamicPolicy };
    const update = (version: number, enabled: boolean) =>
      ctx.request('PUT', `/dynamic-policies/${dynamicPolicy.id}`, {
        version,
        dynamicPolicy: {
          name: body.name,
          description: '',
          enabled,
          criteria,
          policyId: eighty.id,
          order: 20,
        },
      });
    expect((await update(0, false)).statusCode).toBe(200);
    expect((await devicePolicy(device.id)).conditions[0]?.condition.parameters).toMatchObject({
      thresholdPercent: 70,
    });
    const stale = await update(0, true);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('DYNAMIC_POLICY_VERSION_CONFLICT');

    const listed = (await ctx.request('GET', '/dynamic-policies?pageSize=100')).json() as {
      data: DynamicPolicy[];
    };
    expect(listed.data.map((d) => d.order)).toEqual(
      [...listed.data.map((d) => d.order)].sort((a, b) => a - b),
    );
    expect((await ctx.request('DELETE', `/dynamic-policies/${dynamicPolicy.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/dynamic-policies/${dynamicPolicy.id}`)).statusCode).toBe(404);
  });

  it('refuses bad criteria, a policy that does not exist and a taken name, storing nothing', async () => {
    const policy = await createPolicy(ctx);
    const name = `Dyn ${unique()}`;
    const bad = await ctx.request('POST', '/dynamic-policies', {
      name,
      criteria: { match: 'all', rules: [{ field: 'nope', operator: 'equals', value: 1 }] },
      policyId: policy.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    const missing = await ctx.request('POST', '/dynamic-policies', {
      name,
      criteria: { match: 'all', rules: [] },
      policyId: 999_999,
    });
    expect(errorOf(missing).code).toBe('POLICY_NOT_FOUND');
    const search = (await ctx.request('GET', `/dynamic-policies?search=${encodeURIComponent(name)}`)).json();
    expect(search.count).toBe(0);
    const first = await ctx.request('POST', '/dynamic-policies', {
      name,
      enabled: false,
      criteria: { match: 'all', rules: [] },
      policyId: policy.id,
    });
    expect(first.statusCode).toBe(201);
    const again = await ctx.request('POST', '/dynamic-policies', {
      name: name.toUpperCase(),
      criteria: { match: 'all', rules: [] },
      policyId: policy.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the dry run', () => {
  it('lists the devices each condition would trigger on now, from the latest samples', async () => {
    const org = await createOrganization(ctx);
    const other = await createOrganization(ctx);
    const now = Date.now();
    const inventory = (
      software: string[],
      volumes: { mount: string; totalBytes: number; freeBytes: number }[] = [],
    ) =>
      ({
        software: software.map((name) => ({ name, version: '1', publisher: '', installDate: null })),
        volumes: volumes.map((v) => ({ ...v, fsType: 'ext4', label: '' })),
      }) as unknown as DeviceInventory;
    const busy = await createDevice(ctx, {
      organizationId: org.id,
      displayName: 'A busy',
      status: 'UP',
      lastSeenAt: new Date(now),
      cpuPercent: 97,
      memoryPercent: 40,
      diskPercent: 95,
      inventory: inventory(
        ['Google Chrome'],
        [{ mount: '/data', totalBytes: 100 * 2 ** 30, freeBytes: 5 * 2 ** 30 }],
      ),
    });
    const spiky = await createDevice(ctx, {
      organizationId: org.id,
      displayName: 'B spiky',
      status: 'UP',
      lastSeenAt: new Date(now),
      cpuPercent: 96,
      inventory: inventory([]),
    });
    await ctx.db.insert(deviceMetrics).values([
      {
        deviceId: busy.id,
        organizationId: org.id,
        time: new Date(now - 120_000),
        cpuPercent: 95,
        memoryPercent: 40,
        diskPercent: 95,
      },
      {
        deviceId: spiky.id,
        organizationId: org.id,
        time: new Date(now - 120_000),
        cpuPercent: 30,
        memoryPercent: 40,
        diskPercent: 10,
      },
    ]);
    const down = await createDevice(ctx, {
      organizationId: org.id,
      displayName: 'C down',
      status: 'DOWN',
      lastSeenAt: new Date(now - 2 * 3_600_000),
      cpuPercent: 99,
      pendingReboot: true,
    });
    const theirs = await createDevice(ctx, {
      organizationId: other.id,
      status: 'UP',
      cpuPercent: 99,
      lastSeenAt: new Date(now),
    });
    const policy = await createPolicy(ctx);
    for (const organizationId of [org.id, other.id])
      await setOrganizationPolicies(organizationId, {
        defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: policy.id }],
        locations: [],
      });
    const conditions = [
      cpuCondition({ id: randomUUID() }),
      conditionOf('DEVICE_DOWN', { afterMinutes: 30 }),
      conditionOf('REBOOT', { pendingForMinutes: 60 }),
      conditionOf('SOFTWARE', { name: 'chrome', trigger: 'INSTALLED' }),
      conditionOf('DISK', { mode: 'PERCENT_FREE', thresholdPercent: 10, durationMinutes: 5 }),
      conditionOf('DISK', {
        volume: '/data/',
        mode: 'BYTES_FREE',
        thresholdBytes: 10 * 2 ** 30,
        durationMinutes: 5,
      }),
      conditionOf('PROCESS', { name: 'nginx', trigger: 'NOT_RUNNING', durationMinutes: 5 }),
    ];
    const tech = await createUser(ctx, { permissions: ['policies.view'], scope: [org.id] });
    const response = await ctx.request(
      'POST',
      `/policies/${policy.id}/dry-run`,
      { conditions },
      { cookie: tech.cookie },
    );
    expect(response.statusCode, response.body).toBe(200);
    const results = (response.json() as PolicyDryRunResponse).results;
    const names = (i: number) => results[i]!.devices.map((d) => d.displayName);
    expect(results.map((r) => r.conditionId)).toEqual(conditions.map((c) => c.id));
    // CPU: the busy device's samples all crossed; the spiky one's did not; the one that is down reports nothing.
    expect(results[0]!.devices).toEqual([
      { deviceId: busy.id, displayName: 'A busy', instance: '', value: 97, text: '' },
    ]);
    expect(results[0]).toMatchObject({ judgedBy: 'SERVER', judgedCount: 3, notJudged: [] });
    expect(results[1]!.devices.map((d) => d.deviceId)).toEqual([down.id]);
    expect(names(1)).toEqual(['C down']);
    expect(results[1]!.devices[0]?.value).toBeGreaterThanOrEqual(120);
    expect(names(2)).toEqual(['C down']);
    expect(results[3]!.devices).toEqual([
      expect.objectContaining({ deviceId: busy.id, instance: 'Google Chrome' }),
    ]);
    expect(results[4]!.devices).toEqual([
      expect.objectContaining({ deviceId: busy.id, instance: '/data', value: 5 }),
    ]);
    expect(results[5]!.devices).toEqual([expect.objectContaining({ instance: '/data', value: 5 * 2 ** 30 })]);
    // A process only the agents can judge: none is connected, each device is listed as offline.
    expect(results[6]).toEqual({
      conditionId: conditions[6]!.id,
      evaluated: false,
      judgedBy: null,
      judgedCount: 0,
      devices: [],
      notJudged: [busy, spiky, down].map((d) => ({
        deviceId: d.id,
        displayName: d.displayName,
        reason: 'OFFLINE',
        text: '',
      })),
      notJudgedCount: 3,
    });
    expect(results.flatMap((r) => r.devices).map((d) => d.deviceId)).not.toContain(theirs.id);
    expect(spiky.id).toBeGreaterThan(0);

    const bad = await ctx.request('POST', `/policies/${policy.id}/dry-run`, { conditions: [] });
    expect(bad.statusCode).toBe(400);
  });

  it('judges backup jobs, the fullest volume over its duration and software patterns; asks the agents for the rest', async () => {
    const org = await createOrganization(ctx);
    const now = Date.now();
    const withSoftware = (names: string[]) =>
      ({
        software: names.map((name) => ({ name, version: '1', publisher: '', installDate: null })),
        volumes: [],
      }) as unknown as DeviceInventory;
    const backedUp = await createDevice(ctx, {
      organizationId: org.id,
      displayName: 'A backed up',
      status: 'UP',
      lastSeenAt: new Date(now),
      diskPercent: 95,
      inventory: withSoftware(['7-Zip 23.01 (x64)']),
      createdAt: new Date(now - 10 * 86_400_000),
    });
    const never = await createDevice(ctx, {
      organizationId: org.id,
      displayName: 'B never backed up',
      status: 'UP',
      lastSeenAt: new Date(now),
      diskPercent: 95,
      inventory: withSoftware(['Old 7-Zip']),
      createdAt: new Date(now - 2 * 86_400_000),
    });
    const policy = await createPolicy(ctx);
    await setOrganizationPolicies(org.id, {
      defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: policy.id }],
      locations: [],
    });
    const [failedPlan, goodPlan] = [randomUUID(), randomUUID()];
    const backup = (planId: string, result: 'SUCCESS' | 'FAILURE', minutesAgo: number) => ({
      jobUid: randomUUID(),
      deviceId: backedUp.id,
      organizationId: org.id,
      jobType: 'BACKUP' as const,
      jobName: 'Nightly',
      content: { planId, planName: 'Nightly', nodeId: backedUp.id, actionType: 'STRATA_BACKUP' },
      status: 'COMPLETED' as const,
      jobResult: result,
      expiresAt: new Date(now),
      finishedAt: new Date(now - minutesAgo * 60_000),
    });
    await ctx.db
      .insert(jobs)
      .values([
        backup(failedPlan, 'SUCCESS', 120),
        backup(failedPlan, 'FAILURE', 60),
        backup(goodPlan, 'FAILURE', 120),
        backup(goodPlan, 'SUCCESS', 60),
      ]);
    // The backed-up device's fullest volume was at half two minutes ago: not below 10 % free for 5 minutes.
    await ctx.db.insert(deviceMetrics).values(
      [
        { deviceId: backedUp.id, diskPercent: 50 },
        { deviceId: never.id, diskPercent: 96 },
      ].map((m) => ({
        ...m,
        organizationId: org.id,
        time: new Date(now - 120_000),
        cpuPercent: 10,
        memoryPercent: 10,
      })),
    );
    const conditions = [
      conditionOf('BACKUP_JOB', { trigger: 'FAILED' }),
      conditionOf('BACKUP_JOB', { trigger: 'NOT_RUN', notRunHours: 24 }),
      conditionOf('DISK', { mode: 'PERCENT_FREE', thresholdPercent: 10, durationMinutes: 5 }),
      conditionOf('SOFTWARE', { name: '7-zip*', trigger: 'INSTALLED' }),
      conditionOf('SERVICE', { name: 'sshd', trigger: 'NOT_RUNNING', durationMinutes: 5 }),
      conditionOf('PATCH', { maxPendingUpdates: 0 }),
      conditionOf('ANTIVIRUS', { trigger: 'NOT_PROTECTED' }),
    ];
    const response = await ctx.request('POST', `/policies/${policy.id}/dry-run`, { conditions });
    expect(response.statusCode, response.body).toBe(200);
    const [failed, notRun, fullest, sevenZip, ...agentOnly] = (response.json() as PolicyDryRunResponse)
      .results;
    expect(failed).toMatchObject({ evaluated: true });
    expect(failed!.devices).toEqual([
      { deviceId: backedUp.id, displayName: 'A backed up', instance: failedPlan, value: null, text: '' },
    ]);
    // A success an hour ago on one plan is a backup within the day; the other device never had one in two days.
    expect(notRun!.devices.map((d) => d.deviceId)).toEqual([never.id]);
    expect(fullest!.devices).toEqual([expect.objectContaining({ deviceId: never.id, value: 5 })]);
    expect(sevenZip!.devices).toEqual([
      expect.objectContaining({ deviceId: backedUp.id, instance: '7-Zip 23.01 (x64)' }),
    ]);
    expect(agentOnly.map((r) => r.evaluated)).toEqual([false, false, false]);
    expect(agentOnly.map((r) => r.notJudged.map((d) => [d.deviceId, d.reason]))).toEqual(
      Array(3).fill([
        [backedUp.id, 'OFFLINE'],
        [never.id, 'OFFLINE'],
      ]),
    );
  });

  it('counts the devices of child policies, which inherit the conditions', async () => {
    const org = await createOrganization(ctx);
    const parent = await createPolicy(ctx);
    const child = await createPolicy(ctx, { parentPolicyId: parent.id, conditions: [] });
    const device = await createDevice(ctx, { organizationId: org.id, pendingReboot: true });
    await setDevicePolicy(device.id, child.id);
    const response = await ctx.request('POST', `/policies/${parent.id}/dry-run`, {
      conditions: [conditionOf('REBOOT', { pendingForMinutes: 5 })],
    });
    expect((response.json() as PolicyDryRunResponse).results[0]?.devices.map((d) => d.deviceId)).toEqual([
      device.id,
    ]);
    expect((await updatePolicy(ctx, parent, {})).statusCode).toBe(200);
  });
});
