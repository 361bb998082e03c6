import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectRaw,
  createEnrollment,
  deviceAuthorization,
  enrolRaw,
  fastAgentSettings,
  listen,
  waitFor,
} from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { CONDITIONS_CHANGED_SUBJECT } from '../../bus/subjects.ts';
import { conditionStates, devices, jobs } from '../../db/schema.ts';
import {
  createDevice,
  createOrganization,
  createPolicy,
  conditionOf as policyCondition,
  updatePolicy,
} from '../policies/test-fixtures.ts';
import { alertsOf, assignPolicy, conditionOf } from './test-fixtures.ts';

/** The condition types the server evaluates itself: DEVICE_DOWN and BACKUP_JOB. */

let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  // The status sweeper runs on its short test timer; the alert sweeper when a test says so.
  ctx = await createTestApp({ ...fastAgentSettings, alertSweepIntervalMs: 3_600_000 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const enrolled = async () => {
  const { organization, token } = await createEnrollment(ctx);
  const identity = (await enrolRaw(serverUrl, token.token)).body;
  return { organization, identity, deviceId: identity.deviceId };
};

describe('DEVICE_DOWN', () => {
  it('raises once the device has been offline for its minutes, and clears when it is back', async () => {
    const { identity, deviceId } = await enrolled();
    // Up when the policy reaches it (a device already DOWN is judged then: see below).
    await ctx.db
      .update(devices)
      .set({ status: 'UP', lastSeenAt: new Date() })
      .where(eq(devices.id, deviceId));
    const offline = conditionOf('DEVICE_DOWN', { parameters: { afterMinutes: 5 }, severity: 'CRITICAL' });
    await assignPolicy(ctx, [deviceId], [offline]);
    await ctx.app.monitoring.idle();
    // Last heard from ten minutes ago: the status sweeper marks it DOWN and the engine schedules the trigger.
    const lastSeen = new Date(Date.now() - 10 * 60_000);
    await ctx.db.update(devices).set({ status: 'UP', lastSeenAt: lastSeen }).where(eq(devices.id, deviceId));
    const dueAt = new Date(lastSeen.getTime() + 5 * 60_000);
    const state = await waitFor(
      async () =>
        (await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, deviceId))).find(
          (s) => s.dueAt?.getTime() === dueAt.getTime(),
        ),
      { what: 'the DEVICE_DOWN trigger' },
    );
    expect(state.dueAt).toEqual(dueAt);
    await ctx.app.monitoring.idle();
    expect(await alertsOf(ctx, `deviceId=${deviceId}`)).toEqual([]);
    await ctx.app.monitoring.sweep(new Date());
    const [alert] = await alertsOf(ctx, `deviceId=${deviceId}`);
    expect(alert).toMatchObject({
      conditionType: 'DEVICE_DOWN',
      severity: 'CRITICAL',
      triggerTime: state.dueAt!.toISOString(),
    });
    // Its heartbeat brings it back: the presence flush's status change clears the key.
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    await waitFor(async () => (await alertsOf(ctx, `deviceId=${deviceId}`)).length === 0, {
      what: 'the DEVICE_DOWN alert to reset',
    });
    const [reset] = await alertsOf(ctx, `deviceId=${deviceId}&status=RESET`);
    expect(reset).toMatchObject({ id: alert!.id, resetReason: 'CLEARED' });
    agent.socket.close();
  });

  it('raises nothing for a device that is back before its minutes', async () => {
    const { identity, deviceId } = await enrolled();
    await ctx.db
      .update(devices)
      .set({ status: 'UP', lastSeenAt: new Date() })
      .where(eq(devices.id, deviceId));
    await assignPolicy(ctx, [deviceId], [conditionOf('DEVICE_DOWN', { parameters: { afterMinutes: 60 } })]);
    await ctx.app.monitoring.idle();
    const lastSeen = new Date(Date.now() - 60_000);
    await ctx.db.update(devices).set({ status: 'UP', lastSeenAt: lastSeen }).where(eq(devices.id, deviceId));
    // The status sweeper's DOWN transition schedules the trigger.
    await waitFor(
      async () =>
        (
          await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, deviceId))
        )[0]?.dueAt?.getTime() ===
        lastSeen.getTime() + 60 * 60_000,
    );
    const agent = await connectRaw(serverUrl, deviceAuthorization(identity));
    await agent.next('welcome');
    await waitFor(
      async () =>
        (await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, deviceId)))[0]
          ?.dueAt === null,
      { what: 'the trigger to be dropped' },
    );
    await ctx.app.monitoring.sweep(new Date(Date.now() + 2 * 3_600_000));
    expect(await alertsOf(ctx, `deviceId=${deviceId}&status=ACTIVE`)).toEqual([]);
    agent.socket.close();
  });
});

describe('DEVICE_DOWN of a device already DOWN', () => {
  it('is judged when the condition starts to apply: raised at once when its minutes have passed, else when due', async () => {
    const org = await createOrganization(ctx);
    const lastSeen = new Date(Date.now() - 10 * 60_000);
    const device = await createDevice(ctx, { organizationId: org.id, status: 'DOWN', lastSeenAt: lastSeen });
    const soon = policyCondition('DEVICE_DOWN', { afterMinutes: 5 }, { name: 'Offline 5 min' });
    const late = policyCondition('DEVICE_DOWN', { afterMinutes: 60 }, { name: 'Offline an hour' });
    const policy = await createPolicy(ctx, { conditions: [soon] });
    const assignedAt = Date.now();
    const assigned = await ctx.request('PUT', `/devices/${device.id}/policy`, { policyId: policy.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    // Offline for ten minutes already: raised as the policy reaches the device, not at its next DOWN.
    const [first] = await waitFor(
      async () => {
        const list = await alertsOf(ctx, `deviceId=${device.id}`);
        return list.length ? list : undefined;
      },
      { what: 'the DEVICE_DOWN alert' },
    );
    expect(first).toMatchObject({ conditionId: soon.id, message: 'Offline for 10 minute(s)' });
    expect(Date.parse(first!.triggerTime)).toBeGreaterThanOrEqual(assignedAt - 1000);

    // A condition added later whose minutes have not passed yet: due at last seen + 60 minutes.
    const updated = await updatePolicy(ctx, policy, { conditions: [soon, late] });
    expect(updated.statusCode, updated.body).toBe(200);
    const due = await waitFor(
      async () =>
        (await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, device.id))).find(
          (s) => s.conditionId === late.id,
        ),
      { what: 'the due trigger' },
    );
    expect(due.dueAt).toEqual(new Date(lastSeen.getTime() + 60 * 60_000));
    await ctx.app.monitoring.idle();
    expect(await alertsOf(ctx, `deviceId=${device.id}`)).toHaveLength(1);

    // Judged once per outage: the set changing again (for this device or for all) raises nothing new.
    ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds: [device.id] });
    ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { all: true });
    await ctx.app.monitoring.idle();
    expect(await alertsOf(ctx, `deviceId=${device.id}&status=ACTIVE`)).toHaveLength(1);

    await ctx.app.monitoring.sweep(new Date(lastSeen.getTime() + 61 * 60_000));
    const active = await alertsOf(ctx, `deviceId=${device.id}&sort=-triggerTime`);
    expect(active.map((a) => a.conditionId).sort()).toEqual([soon.id, late.id].sort());
    expect(active.find((a) => a.conditionId === late.id)!.triggerTime).toBe(due.dueAt!.toISOString());
    expect(await alertsOf(ctx, `deviceId=${device.id}&status=RESET`)).toEqual([]);
  });

  it('judges nothing for a device that is up', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, { organizationId: org.id, status: 'UP', lastSeenAt: new Date() });
    const policy = await createPolicy(ctx, {
      conditions: [policyCondition('DEVICE_DOWN', { afterMinutes: 5 })],
    });
    await ctx.request('PUT', `/devices/${device.id}/policy`, { policyId: policy.id });
    ctx.app.bus.publish(CONDITIONS_CHANGED_SUBJECT, { deviceIds: [device.id] });
    await ctx.app.monitoring.idle();
    expect(
      await ctx.db.select().from(conditionStates).where(eq(conditionStates.deviceId, device.id)),
    ).toEqual([]);
  });
});

describe('BACKUP_JOB', () => {
  const backupJob = (
    device: { deviceId: number; organizationId: number },
    planId: string,
    result: 'SUCCESS' | 'FAILURE',
    finishedAt: Date,
  ) =>
    ctx.db.insert(jobs).values({
      jobUid: randomUUID(),
      deviceId: device.deviceId,
      organizationId: device.organizationId,
      jobType: 'BACKUP',
      jobName: 'Nightly',
      content: { planId, planName: 'Nightly', nodeId: device.deviceId, actionType: 'STRATA_BACKUP' },
      status: 'COMPLETED',
      jobResult: result,
      expiresAt: finishedAt,
      finishedAt,
    });

  it('raises on a failed backup (per plan) and on none within the hours, and clears on a success', async () => {
    const { organization, deviceId } = await enrolled();
    const device = { deviceId, organizationId: organization.id as number };
    const failed = conditionOf('BACKUP_JOB', { parameters: { trigger: 'FAILED' } });
    const notRun = conditionOf('BACKUP_JOB', { parameters: { trigger: 'NOT_RUN', notRunHours: 24 } });
    await assignPolicy(ctx, [deviceId], [failed, notRun]);
    await ctx.app.monitoring.idle();
    const planId = randomUUID();
    const start = Date.now();
    await backupJob(device, planId, 'FAILURE', new Date(start - 60_000));
    await ctx.app.monitoring.checkBackups(new Date(start));
    const [failure] = await alertsOf(ctx, `deviceId=${deviceId}`);
    expect(failure).toMatchObject({ conditionId: failed.id, instance: planId });
    expect(failure!.message).toContain('failed');
    // A day later without a success: NOT_RUN too. Reading the same failed job again changes nothing.
    await ctx.app.monitoring.checkBackups(new Date(start + 25 * 3_600_000));
    expect((await alertsOf(ctx, `deviceId=${deviceId}`)).map((a) => a.conditionId).sort()).toEqual(
      [failed.id, notRun.id].sort(),
    );
    await backupJob(device, planId, 'SUCCESS', new Date(start + 25 * 3_600_000 + 60_000));
    await ctx.app.monitoring.checkBackups(new Date(start + 25 * 3_600_000 + 120_000));
    expect(await alertsOf(ctx, `deviceId=${deviceId}`)).toEqual([]);
    expect((await alertsOf(ctx, `deviceId=${deviceId}&status=RESET`)).map((a) => a.resetReason)).toEqual([
      'CLEARED',
      'CLEARED',
    ]);
  });
});
