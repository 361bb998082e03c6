import { randomUUID } from 'node:crypto';
import { defaultBackupSchedule, type PolicyBackupPlanInput } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { backupPlans, devices } from '../../db/schema.ts';
import { revisionStats } from '../backup/test-fixtures.ts';
import { connectAgent, enrolDevice, waitForJob } from '../jobs/test-fixtures.ts';
import { createPolicy, LINUX_SERVER_ROLE, unique } from './test-fixtures.ts';

/**
 * A policy's backup plan as its device's agent gets it: the job the scheduler makes is resolved in the device's
 * organization (its keys and repositories), and the revision the agent reports is that organization's.
 */

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, schedulerIntervalMs: 3_600_000 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

describe('a policy’s backup plan at the agent', () => {
  it('runs in the device’s organization, and its revision is listed for the device', async () => {
    const { organization, identity } = await enrolDevice(ctx, serverUrl);
    const agent = await connectAgent(serverUrl, identity);
    const deviceId = identity.deviceId;
    await ctx.db.update(devices).set({ nodeRoleId: LINUX_SERVER_ROLE }).where(eq(devices.id, deviceId));
    const plan: PolicyBackupPlanInput = {
      id: randomUUID(),
      name: `Home ${unique()}`,
      kind: 'fileFolder',
      include: ['/home'],
      exclude: ['*.iso'],
      destination: { type: 'LOCAL', path: '/var/backups' },
      schedule: defaultBackupSchedule('UTC'),
    };
    const policy = await createPolicy(ctx, { conditions: [], backupPlans: [plan] });
    const assigned = await ctx.request('PUT', `/devices/${deviceId}/policy`, { policyId: policy.id });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const [row] = await ctx.db.select().from(backupPlans).where(eq(backupPlans.policyId, policy.id));
    await ctx.app.backupScheduler.tick(new Date(row!.nextRunAt!.getTime() + 1000));
    const message = await waitFor(() => agent.ofType('job').find((m) => m.job.jobType === 'BACKUP'));
    expect(message.job.backup).toMatchObject({
      actionType: 'STRATA_BACKUP',
      organizationId: organization.id,
      plan: { planId: row!.id, name: plan.name, include: ['/home'], exclude: ['*.iso'] },
      repository: { type: 'LOCAL', path: '/var/backups' },
    });

    const { jobUid } = message.job;
    agent.ack(jobUid);
    const revision = {
      revisionId: 'f00dfeed',
      parentRevisionId: null,
      time: new Date(Date.now() - 60_000).toISOString(),
      location: 'LOCAL',
      stats: revisionStats,
    };
    agent.result(jobUid, {
      resultContent: {
        exitCode: null,
        errorMessage: null,
        backup: { v: 1, actionType: 'STRATA_BACKUP', planId: row!.id, revision },
      },
    });
    await waitForJob(ctx, jobUid, (job) => job.jobStatus === 'COMPLETED');
    const revisions = (await ctx.request('GET', `/backup/strata/nodes/${deviceId}/revisions`)).json();
    expect(revisions.data).toMatchObject([
      { revisionId: 'f00dfeed', planId: row!.id, planName: plan.name, nodeId: deviceId, location: 'LOCAL' },
    ]);
    await agent.close();
  });
});
