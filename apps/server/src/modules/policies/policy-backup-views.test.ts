import { randomUUID } from 'node:crypto';
import { defaultBackupSchedule, type PolicyBackupPlanInput } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { backupPlans, jobs } from '../../db/schema.ts';
import { runJob, submitJobs } from '../backup/test-fixtures.ts';
import {
  createDevice,
  createOrganization,
  createPolicy,
  errorOf,
  LINUX_SERVER_ROLE,
  unique,
  WINDOWS_WORKSTATION_ROLE,
} from './test-fixtures.ts';

/**
 * A policy's backup plan in the backup views and "Run now": listed for the devices it reaches (marked with the
 * policy), run by hand on them in the device's organization, refused on a device it does not reach.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const policyPlan = (): PolicyBackupPlanInput => ({
  id: randomUUID(),
  name: `Policy home ${unique()}`,
  kind: 'fileFolder',
  include: ['/home'],
  exclude: [],
  destination: { type: 'LOCAL', path: '/var/backups' },
  schedule: defaultBackupSchedule('UTC'),
});

describe('a policy’s backup plan in the backup views', () => {
  it('is listed for the device of an organization it is assigned to, and runs now there', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, { organizationId: org.id, nodeRoleId: LINUX_SERVER_ROLE });
    const plan = policyPlan();
    const policy = await createPolicy(ctx, { conditions: [], backupPlans: [plan] });
    const assigned = await ctx.request('PUT', `/organizations/${org.id}/policies`, {
      defaults: [{ nodeRoleId: LINUX_SERVER_ROLE, policyId: policy.id }],
      locations: [],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [row] = await ctx.db.select().from(backupPlans).where(eq(backupPlans.policyId, policy.id));

    const plans = await ctx.request('GET', `/backup/strata/nodes/${device.id}/plans`);
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json().plans).toEqual([
      expect.objectContaining({
        planId: row!.id,
        name: plan.name,
        organizationId: org.id,
        policy: { id: policy.id, name: policy.name },
      }),
    ]);

    const statuses = (await ctx.request('GET', `/backup/strata/plans-status?nodeId=${device.id}`)).json();
    expect(statuses.data).toEqual([
      expect.objectContaining({
        nodeId: device.id,
        planId: row!.id,
        planName: plan.name,
        organizationId: org.id,
        policy: { id: policy.id, name: policy.name },
        lastBackup: null,
      }),
    ]);
    const ofOrganization = await ctx.request('GET', `/backup/strata/plans-status?organizationId=${org.id}`);
    expect(ofOrganization.json().data).toMatchObject([{ nodeId: device.id, planId: row!.id }]);
    const status = await ctx.request('GET', `/backup/strata/nodes/${device.id}/strata-status`);
    expect(status.json()).toMatchObject({ enabled: true });

    const response = await submitJobs(ctx, device.id, [
      runJob({ id: device.id, displayName: 'old' }, { planId: row!.id, name: 'old' }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [job] = response.json().nodes[0].jobs;
    expect(job).toMatchObject({
      jobType: 'BACKUP',
      jobStatus: 'START_REQUESTED',
      content: {
        nodeId: device.id,
        planId: row!.id,
        nodeName: device.displayName,
        planName: plan.name,
        actionType: 'STRATA_BACKUP',
      },
    });
    const [stored] = await ctx.db.select().from(jobs).where(eq(jobs.jobUid, job.jobUid));
    expect(stored).toMatchObject({ deviceId: device.id, organizationId: org.id, jobType: 'BACKUP' });
    const after = (await ctx.request('GET', `/backup/strata/plans-status?nodeId=${device.id}`)).json();
    expect(after.data[0].lastBackup).toMatchObject({ jobUid: job.jobUid, actionType: 'STRATA_BACKUP' });
  });

  it('is not listed for, nor run on, a device it does not reach', async () => {
    const org = await createOrganization(ctx);
    const reached = await createDevice(ctx, { organizationId: org.id, nodeRoleId: LINUX_SERVER_ROLE });
    const other = await createDevice(ctx, { organizationId: org.id, nodeRoleId: WINDOWS_WORKSTATION_ROLE });
    const policy = await createPolicy(ctx, { conditions: [], backupPlans: [policyPlan()] });
    const assigned = await ctx.request('PUT', `/devices/${reached.id}/policy`, { policyId: policy.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const [row] = await ctx.db.select().from(backupPlans).where(eq(backupPlans.policyId, policy.id));

    expect((await ctx.request('GET', `/backup/strata/nodes/${other.id}/plans`)).json().plans).toEqual([]);
    expect((await ctx.request('GET', `/backup/strata/plans-status?nodeId=${other.id}`)).json().data).toEqual(
      [],
    );
    const refused = await submitJobs(ctx, other.id, [runJob(other, { planId: row!.id, name: 'x' })]);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('BACKUP_PLAN_NOT_ASSIGNED');
    const stored = await ctx.db.select().from(jobs).where(eq(jobs.deviceId, other.id));
    expect(stored).toEqual([]);
  });
});
