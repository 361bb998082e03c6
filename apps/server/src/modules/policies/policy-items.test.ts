import { randomUUID } from 'node:crypto';
import {
  type DevicePolicyResponse,
  defaultBackupSchedule,
  type Policy,
  type PolicyBackupPlanInput,
  type PolicyScheduledScriptInput,
  policyItemMessages,
  policyMessages,
} from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { backupPlans, scheduledTasks } from '../../db/schema.ts';
import { createScript } from '../scheduled-tasks/test-fixtures.ts';
import {
  createDevice,
  createOrganization,
  createPolicy,
  errorOf,
  LINUX_SERVER_ROLE,
  policyBody,
  unique,
  updatePolicy,
  WINDOWS_WORKSTATION_ROLE,
} from './test-fixtures.ts';

/**
 * Backup plans and scheduled scripts held by policies: through the policy API on a real database, fired by the
 * backup and scheduled-task schedulers at the times the test passes (no timer ticks: the interval is an hour).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ schedulerIntervalMs: 3_600_000 });
});
afterAll(() => ctx?.close());

const DAY_MS = 86_400_000;

const backupPlan = (overrides: Partial<PolicyBackupPlanInput> = {}): PolicyBackupPlanInput => ({
  id: randomUUID(),
  name: `Documents ${unique()}`,
  kind: 'fileFolder',
  include: ['/home'],
  destination: { type: 'CLOUD' },
  schedule: defaultBackupSchedule('UTC'),
  ...overrides,
});

const scheduledScript = (
  scriptId: number,
  overrides: Partial<PolicyScheduledScriptInput> = {},
): PolicyScheduledScriptInput => ({
  id: randomUUID(),
  name: `Clean up ${unique()}`,
  schedule: { scheduleType: 'DAILY', scheduleHour: 3, scheduleMinute: 0, timeZone: 'UTC' },
  actions: [{ scriptId }],
  ...overrides,
});

const assignToOrganization = async (organizationId: number, policyId: number) => {
  const response = await ctx.request('PUT', `/organizations/${organizationId}/policies`, {
    defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId }],
    locations: [],
  });
  expect(response.statusCode, response.body).toBe(200);
};

const linuxServer = (organizationId: number, values: Record<string, unknown> = {}) =>
  createDevice(ctx, { organizationId, platform: 'linux', secretHash: 'not-a-real-secret', ...values });

const jobsOf = async (deviceId: number, jobType: 'BACKUP' | 'ACTION') =>
  (await ctx.request('GET', `/jobs?nodeId=${deviceId}&state=ALL&jobType=${jobType}`)).json().data as {
    jobName: string;
    jobStatus: string;
    content: Record<string, unknown>;
  }[];

/** The stored schedule of the policy's version of an item (the row its scheduler fires). */
const planRow = async (policyId: number, itemId: string) => {
  const rows = await ctx.db.select().from(backupPlans).where(eq(backupPlans.policyId, policyId));
  return rows.find((row) => row.policyItemId === itemId);
};
const taskRow = async (policyId: number, itemId: string) => {
  const rows = await ctx.db.select().from(scheduledTasks).where(eq(scheduledTasks.policyId, policyId));
  return rows.find((row) => row.policyItemId === itemId);
};

const justAfter = (date: Date | null | undefined, days = 0) => {
  expect(date).toBeInstanceOf(Date);
  return new Date(date!.getTime() + days * DAY_MS + 1000);
};

const save = async (policy: Policy, changes: Parameters<typeof updatePolicy>[2]) => {
  const response = await updatePolicy(ctx, policy, changes);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { policy: Policy }).policy;
};

describe('backup plans of a policy', () => {
  it('back up the devices the policy applies to, by assignment and by a dynamic policy, each in its organization', async () => {
    const org = await createOrganization(ctx);
    const [a, b] = [await linuxServer(org.id), await linuxServer(org.id)];
    const workstation = await linuxServer(org.id, { nodeRoleId: WINDOWS_WORKSTATION_ROLE });
    const other = await createOrganization(ctx);
    const hostname = `dyn-${unique()}`;
    const matched = await linuxServer(other.id, { hostname });
    const unrelated = await linuxServer(other.id);

    const plan = backupPlan();
    const policy = await createPolicy(ctx, { conditions: [], backupPlans: [plan] });
    expect(policy.effectiveBackupPlans).toMatchObject([
      { item: { id: plan.id, name: plan.name }, origin: 'OWN', active: true, sourcePolicyId: policy.id },
    ]);
    await assignToOrganization(org.id, policy.id);
    const layered = await ctx.request('POST', '/dynamic-policies', {
      name: `Layer ${unique()}`,
      criteria: { match: 'all', rules: [{ field: 'hostname', operator: 'equals', value: hostname }] },
      policyId: policy.id,
    });
    expect(layered.statusCode, layered.body).toBe(201);

    const row = await planRow(policy.id, plan.id);
    expect(row).toMatchObject({ organizationId: null, name: plan.name, enabled: true });
    await ctx.app.backupScheduler.tick(justAfter(row?.nextRunAt));

    for (const device of [a, b, matched]) {
      const jobs = await jobsOf(device.id, 'BACKUP');
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        jobName: `Backup ${plan.name}`,
        jobStatus: 'START_REQUESTED',
        content: { nodeId: device.id, planId: row!.id, planName: plan.name, actionType: 'STRATA_BACKUP' },
      });
    }
    expect(await jobsOf(workstation.id, 'BACKUP')).toEqual([]);
    expect(await jobsOf(unrelated.id, 'BACKUP')).toEqual([]);

    const answer = (await ctx.request('GET', `/devices/${matched.id}/policy`)).json() as DevicePolicyResponse;
    expect(answer.backupPlans).toMatchObject([{ item: { id: plan.id, name: plan.name }, active: true }]);
    // The organization's plan list stays the organization's own.
    const listed = (await ctx.request('GET', `/backup/strata/clients/${org.id}/plans`)).json();
    expect(listed.data).toEqual([]);
  });

  it('are inherited by a child, which may override, deactivate and revert one', async () => {
    const org = await createOrganization(ctx);
    const device = await linuxServer(org.id);
    const plan = backupPlan();
    const parent = await createPolicy(ctx, { conditions: [], backupPlans: [plan] });
    let child = await createPolicy(ctx, { conditions: [], parentPolicyId: parent.id });
    expect(child.effectiveBackupPlans).toMatchObject([
      { item: { id: plan.id }, origin: 'INHERITED', active: true, definedByPolicyId: parent.id },
    ]);
    await assignToOrganization(org.id, child.id);
    const parentRow = await planRow(parent.id, plan.id);
    const first = justAfter(parentRow?.nextRunAt);
    await ctx.app.backupScheduler.tick(first);
    expect((await jobsOf(device.id, 'BACKUP')).map((j) => j.content.planId)).toEqual([parentRow!.id]);

    // Deactivated in the child: the next day's run leaves its devices alone.
    child = await save(child, { backupPlanOverrides: [{ kind: 'DEACTIVATE', id: plan.id }] });
    expect(child.effectiveBackupPlans).toMatchObject([{ item: { id: plan.id }, active: false }]);
    await ctx.app.backupScheduler.tick(justAfter(parentRow?.nextRunAt, 1));
    expect(await jobsOf(device.id, 'BACKUP')).toHaveLength(1);
    const deviceView = (await ctx.request('GET', `/devices/${device.id}/policy`)).json();
    expect(deviceView.backupPlans).toMatchObject([{ item: { id: plan.id }, active: false }]);

    // Overridden: the child's version runs (its own row), the parent's does not reach the child's devices.
    const renamed = { ...plan, name: `${plan.name} (servers)`, exclude: ['*.log'] };
    child = await save(child, { backupPlanOverrides: [{ kind: 'OVERRIDE', item: renamed }] });
    expect(child.effectiveBackupPlans).toMatchObject([
      {
        item: { id: plan.id, name: renamed.name },
        origin: 'OVERRIDDEN',
        active: true,
        sourcePolicyId: child.id,
      },
    ]);
    const childRow = await planRow(child.id, plan.id);
    await ctx.app.backupScheduler.tick(justAfter(childRow?.nextRunAt));
    const afterOverride = await jobsOf(device.id, 'BACKUP');
    expect(afterOverride).toHaveLength(2);
    expect(afterOverride.find((j) => j.content.planId === childRow!.id)?.jobName).toBe(
      `Backup ${renamed.name}`,
    );

    // Reverted: the override's row goes, the parent's version applies again.
    child = await save(child, { backupPlanOverrides: [] });
    expect(await planRow(child.id, plan.id)).toBeUndefined();
    expect(child.effectiveBackupPlans).toMatchObject([{ item: { name: plan.name }, origin: 'INHERITED' }]);
  });

  it('stop with their policy: a removed plan loses its row and the child’s override of it', async () => {
    const plan = backupPlan();
    const parent = await createPolicy(ctx, { conditions: [], backupPlans: [plan] });
    const child = await createPolicy(ctx, {
      conditions: [],
      parentPolicyId: parent.id,
      backupPlanOverrides: [{ kind: 'OVERRIDE', item: { ...plan, name: 'Theirs' } }],
    });
    expect(await planRow(child.id, plan.id)).toBeDefined();
    await save(parent, { backupPlans: [] });
    expect(await planRow(parent.id, plan.id)).toBeUndefined();
    expect(await planRow(child.id, plan.id)).toBeUndefined();
    const reread = (await ctx.request('GET', `/policies/${child.id}`)).json().policy as Policy;
    expect(reread.backupPlanOverrides).toEqual([]);
    expect(reread.version).toBe(child.version + 1);
  });
});

describe('scheduled scripts of a policy', () => {
  it('run on the policy’s devices in the policy’s name, and are not listed as scheduled tasks', async () => {
    const org = await createOrganization(ctx);
    const device = await linuxServer(org.id);
    const outside = await linuxServer((await createOrganization(ctx)).id);
    const library = await createScript(ctx);
    const script = scheduledScript(library.id);
    const policy = await createPolicy(ctx, { conditions: [], scheduledScripts: [script] });
    expect(policy.effectiveScheduledScripts).toMatchObject([{ item: { id: script.id }, origin: 'OWN' }]);
    await assignToOrganization(org.id, policy.id);

    const row = await taskRow(policy.id, script.id);
    await ctx.app.scheduler.tick(justAfter(row?.nextRunAt));
    const jobs = await jobsOf(device.id, 'ACTION');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.jobName).toBe(`${script.name}: ${library.name}`);
    expect(await jobsOf(outside.id, 'ACTION')).toEqual([]);
    const submitted = (
      await ctx.request('GET', `/activities?action=job.submit&targetId=${device.id}`)
    ).json();
    expect(submitted.data[0]).toMatchObject({ actorName: 'policy', outcome: 'SUCCESS' });

    const tasks = (await ctx.request('GET', '/scheduled-tasks?pageSize=100')).json();
    expect(tasks.data.map((task: { name: string }) => task.name)).not.toContain(script.name);
    expect((await ctx.request('GET', `/scheduled-tasks/${row!.id}`)).statusCode).toBe(404);

    // Deactivated by a child assigned instead: nothing more runs.
    const child = await createPolicy(ctx, {
      conditions: [],
      parentPolicyId: policy.id,
      scheduledScriptOverrides: [{ kind: 'DEACTIVATE', id: script.id }],
    });
    await assignToOrganization(org.id, child.id);
    await ctx.app.scheduler.tick(justAfter(row?.nextRunAt, 1));
    expect(await jobsOf(device.id, 'ACTION')).toHaveLength(1);
  });
});

describe('bad input', () => {
  const refused = async (body: Parameters<typeof policyBody>[0], cookie?: string) => {
    const response = await ctx.request('POST', '/policies', policyBody(body), cookie ? { cookie } : {});
    return { status: response.statusCode, error: errorOf(response) };
  };

  it('is refused with the domain’s message, storing nothing', async () => {
    const storedPlans = async () => (await ctx.db.select({ id: backupPlans.id }).from(backupPlans)).length;
    const before = await storedPlans();
    const share = await refused({
      backupPlans: [
        backupPlan({
          destination: { type: 'NETWORK_SHARE', path: '\\\\server\\share', credentialId: 1 },
        }),
      ],
    });
    expect(share.status).toBe(400);
    expect(share.error.message).toContain(policyItemMessages.backupDestination);

    const manual = await refused({
      backupPlans: [
        backupPlan({ schedule: { ...defaultBackupSchedule('UTC'), scheduleType: 'NO_SCHEDULE' } }),
      ],
    });
    expect(manual.error.message).toContain(policyItemMessages.backupSchedule);

    const library = await createScript(ctx);
    const credential = await refused({
      scheduledScripts: [
        scheduledScript(library.id, { actions: [{ scriptId: library.id, runAs: { credentialId: 3 } }] }),
      ],
    });
    expect(credential.error.message).toContain(policyItemMessages.scriptCredential);

    const missing = await refused({ scheduledScripts: [scheduledScript(2_000_000_000)] });
    expect(missing).toEqual({
      status: 400,
      error: {
        code: 'POLICY_SCHEDULED_SCRIPT_NOT_FOUND',
        message: policyMessages.POLICY_SCHEDULED_SCRIPT_NOT_FOUND,
      },
    });

    const parent = await createPolicy(ctx, { conditions: [] });
    const unknown = await refused({
      parentPolicyId: parent.id,
      backupPlanOverrides: [{ kind: 'DEACTIVATE', id: randomUUID() }],
    });
    expect(unknown).toEqual({
      status: 400,
      error: { code: 'POLICY_ITEM_OVERRIDE_UNKNOWN', message: policyMessages.POLICY_ITEM_OVERRIDE_UNKNOWN },
    });

    expect(await storedPlans()).toBe(before);
  });

  it('needs the backup and scheduled-task permissions to change plans and scripts', async () => {
    const tech = await createUser(ctx, { permissions: ['policies.view', 'policies.manage'], scope: 'all' });
    const plans = await refused({ backupPlans: [backupPlan()] }, tech.cookie);
    expect(plans).toEqual({
      status: 403,
      error: { code: 'POLICY_BACKUP_FORBIDDEN', message: policyMessages.POLICY_BACKUP_FORBIDDEN },
    });
    const library = await createScript(ctx);
    const scripts = await refused({ scheduledScripts: [scheduledScript(library.id)] }, tech.cookie);
    expect(scripts.error.code).toBe('POLICY_SCRIPTS_FORBIDDEN');

    // A policy whose plans they leave as they are is theirs to change.
    const policy = await createPolicy(ctx, { conditions: [], backupPlans: [backupPlan()] });
    const renamed = await ctx.request(
      'PUT',
      `/policies/${policy.id}`,
      {
        version: policy.version,
        policy: { ...policyBody({ backupPlans: policy.backupPlans }), name: `${policy.name} renamed` },
      },
      { cookie: tech.cookie },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
  });
});
