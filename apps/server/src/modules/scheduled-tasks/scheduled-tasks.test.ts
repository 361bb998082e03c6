import type { ScheduledTask } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../../../test/helpers.ts';
import { users } from '../../db/schema.ts';
import { createOrganization } from '../jobs/test-fixtures.ts';
import {
  createScript,
  createTargetDevice,
  createTask,
  createTaskInput,
  getRun,
  listRuns,
} from './test-fixtures.ts';

const activitiesOf = async (ctx: TestContext, query: string) => {
  const response = await ctx.request('GET', `/activities?pageSize=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    action: string;
    outcome: string;
    detail: string | null;
    targetName: string;
  }[];
};

describe('scheduled tasks', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The tests fire the scheduler themselves, at the times they need (`scheduler.tick(now)`).
    ctx = await createTestApp({ schedulerIntervalMs: 3_600_000 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('creates, lists, changes and deletes a task, with its next run and activities', async () => {
    const script = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    const before = Date.now();
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
    });
    expect(task).toMatchObject({
      enabled: true,
      offlineDevices: 'RUN_WHEN_ONLINE',
      actions: [{ scriptId: script.id, scriptName: script.name, parameters: [] }],
      targets: { deviceIds: [device.id], searchIds: [], organizationIds: [] },
      createdBy: 'admin@test.local',
      lastRunAt: null,
    });
    // DAILY at 17:00 UTC: the next 17:00 after now.
    const next = new Date(task.nextRunAt!);
    expect(next.toISOString().slice(11)).toBe('17:00:00.000Z');
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(86_400_000);

    const listed = await ctx.request('GET', `/scheduled-tasks?search=${encodeURIComponent(task.name)}`);
    expect(listed.json()).toMatchObject({ count: 1, data: [{ id: task.id, name: task.name }] });

    const changed = await ctx.request('PUT', `/scheduled-tasks/${task.id}`, {
      ...createTaskInput({ name: task.name }),
      schedule: {
        scheduleType: 'WEEKLY',
        weekDays: ['MONDAY'],
        scheduleHour: 6,
        scheduleMinute: 30,
        timeZone: 'Asia/Kolkata',
      },
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().task).toMatchObject({
      enabled: false,
      nextRunAt: null,
      schedule: { scheduleType: 'WEEKLY' },
    });
    const enabled = await ctx.request('PUT', `/scheduled-tasks/${task.id}`, {
      ...createTaskInput({ name: task.name }),
      schedule: {
        scheduleType: 'WEEKLY',
        weekDays: ['MONDAY'],
        scheduleHour: 6,
        scheduleMinute: 30,
        timeZone: 'Asia/Kolkata',
      },
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
    });
    const weekly = new Date(enabled.json().task.nextRunAt);
    expect(weekly.getUTCDay()).toBe(1); // Monday 06:30 in Kolkata is Monday 01:00 UTC
    expect(weekly.toISOString().slice(11)).toBe('01:00:00.000Z');

    expect((await ctx.request('DELETE', `/scheduled-tasks/${task.id}`)).statusCode).toBe(200);
    expect((await ctx.request('GET', `/scheduled-tasks/${task.id}`)).json().error.code).toBe(
      'SCHEDULED_TASK_NOT_FOUND',
    );
    const actions = (await activitiesOf(ctx, `targetType=scheduledTask&targetId=${task.id}`)).map(
      (a) => a.action,
    );
    expect(actions.sort()).toEqual([
      'scheduledTask.create',
      'scheduledTask.delete',
      'scheduledTask.update',
      'scheduledTask.update',
    ]);
  });

  it('refuses a task without targets, an unknown time zone, missing schedule fields and unknown scripts', async () => {
    const script = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    const noTargets = await ctx.request(
      'POST',
      '/scheduled-tasks',
      createTaskInput({ actions: [{ scriptId: script.id }] }),
    );
    expect(noTargets.statusCode).toBe(400);
    expect(noTargets.json().error.message).toContain('Choose at least one device, group or organization.');

    const zone = await ctx.request(
      'POST',
      '/scheduled-tasks',
      createTaskInput({
        actions: [{ scriptId: script.id }],
        targets: { deviceIds: [device.id] },
        schedule: { scheduleType: 'DAILY', timeZone: 'Mars/Olympus_Mons' },
      }),
    );
    expect(zone.statusCode).toBe(400);
    expect(zone.json().error.message).toContain('Unknown time zone.');

    const monthly = await ctx.request(
      'POST',
      '/scheduled-tasks',
      createTaskInput({
        actions: [{ scriptId: script.id }],
        targets: { deviceIds: [device.id] },
        schedule: { scheduleType: 'MONTHLY', timeZone: 'UTC' },
      }),
    );
    expect(monthly.statusCode).toBe(400);
    expect(monthly.json().error.message).toContain('dayOfMonth');

    const unknownScript = await ctx.request(
      'POST',
      '/scheduled-tasks',
      createTaskInput({ actions: [{ scriptId: 999_999 }], targets: { deviceIds: [device.id] } }),
    );
    expect(unknownScript.statusCode).toBe(404);
    expect(unknownScript.json().error.code).toBe('SCRIPT_NOT_FOUND');
  });

  it('previews the next occurrences: day 31 runs on the last day of shorter months', async () => {
    const response = await ctx.request('POST', '/scheduled-tasks/occurrences', {
      schedule: {
        scheduleType: 'MONTHLY',
        dayOfMonth: 31,
        scheduleHour: 8,
        scheduleMinute: 15,
        timeZone: 'UTC',
      },
      count: 12,
    });
    expect(response.statusCode, response.body).toBe(200);
    const occurrences = (response.json().occurrences as string[]).map((text) => new Date(text));
    expect(occurrences).toHaveLength(12);
    for (const date of occurrences) {
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      expect(date.getUTCDate()).toBe(Math.min(31, lastDay));
      expect(date.toISOString().slice(11)).toBe('08:15:00.000Z');
    }
    const daily = await ctx.request('POST', '/scheduled-tasks/occurrences', {
      schedule: { scheduleType: 'DAILY', scheduleHour: 9, scheduleMinute: 0, timeZone: 'Asia/Kolkata' },
      count: 3,
    });
    const [first, second, third] = (daily.json().occurrences as string[]).map((text) =>
      new Date(text).getTime(),
    );
    expect(new Date(first!).toISOString().slice(11)).toBe('03:30:00.000Z');
    expect(first).toBeGreaterThan(Date.now());
    expect([second! - first!, third! - second!]).toEqual([86_400_000, 86_400_000]);
  });

  it("answers another organization's device, organization and task as not found", async () => {
    const script = await createScript(ctx);
    const mine = await createOrganization(ctx);
    const theirs = await createOrganization(ctx);
    const myDevice = await createTargetDevice(ctx, { organizationId: mine.id });
    const theirDevice = await createTargetDevice(ctx, { organizationId: theirs.id });
    const tech = await createUser(ctx, {
      permissions: ['scheduledTasks.view', 'scheduledTasks.manage'],
      scope: [mine.id],
    });
    const input = (targets: object) => createTaskInput({ actions: [{ scriptId: script.id }], targets });

    const device = await ctx.request('POST', '/scheduled-tasks', input({ deviceIds: [theirDevice.id] }), {
      cookie: tech.cookie,
    });
    expect(device.statusCode).toBe(404);
    const organization = await ctx.request(
      'POST',
      '/scheduled-tasks',
      input({ organizationIds: [theirs.id] }),
      {
        cookie: tech.cookie,
      },
    );
    expect(organization.statusCode).toBe(404);

    const own = await createTask(ctx, input({ deviceIds: [myDevice.id] }), { cookie: tech.cookie });
    const other = await createTask(ctx, input({ organizationIds: [theirs.id], deviceIds: [myDevice.id] }));
    expect(
      (await ctx.request('GET', `/scheduled-tasks/${other.id}`, undefined, { cookie: tech.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.request('POST', `/scheduled-tasks/${other.id}/run`, undefined, { cookie: tech.cookie }))
        .statusCode,
    ).toBe(404);
    const listed = await ctx.request('GET', '/scheduled-tasks?pageSize=500', undefined, {
      cookie: tech.cookie,
    });
    const ids = (listed.json().data as ScheduledTask[]).map((task) => task.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(other.id);
  });

  it('"Run now" runs each action on each device, skipping offline devices (SKIP) and other operating systems', async () => {
    const script = await createScript(ctx, { operatingSystems: ['LINUX'] });
    const organization = await createOrganization(ctx);
    const online = await createTargetDevice(ctx, { organizationId: organization.id });
    const offline = await createTargetDevice(ctx, { organizationId: organization.id, status: 'DOWN' });
    const windows = await createTargetDevice(ctx, { organizationId: organization.id, platform: 'win32' });
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { organizationIds: [organization.id] },
      offlineDevices: 'SKIP',
      schedule: { scheduleType: 'NO_SCHEDULE', timeZone: 'UTC' },
    });
    expect(task.nextRunAt).toBeNull();

    const response = await ctx.request('POST', `/scheduled-tasks/${task.id}/run`);
    expect(response.statusCode, response.body).toBe(200);
    const { run, devices } = response.json();
    expect(run).toMatchObject({ trigger: 'MANUAL', deviceCount: 3, pendingCount: 1, skippedCount: 2 });
    const stateOf = (id: number) => devices.find((d: { nodeId: number }) => d.nodeId === id);
    expect(stateOf(online.id)).toMatchObject({
      state: 'QUEUED',
      jobs: [{ scriptName: script.name, jobStatus: 'START_REQUESTED', jobResult: null }],
    });
    expect(stateOf(offline.id)).toMatchObject({ state: 'SKIPPED_OFFLINE', jobs: [] });
    expect(stateOf(windows.id)).toMatchObject({ state: 'SKIPPED_PLATFORM', jobs: [] });

    // The job is a library script job of the jobs module, named after the task.
    const job = await ctx.request('GET', `/webapp/job/${stateOf(online.id).jobs[0].jobUid}`);
    expect(job.json().job).toMatchObject({ nodeId: online.id, jobName: `${task.name}: ${script.name}` });
    expect(job.json().job.content.script).toMatchObject({ scriptId: script.id, version: 1 });

    const runs = await listRuns(ctx, task.id);
    expect(runs).toMatchObject([{ id: run.id, deviceCount: 3, skippedCount: 2 }]);
    const skipped = await activitiesOf(
      ctx,
      `action=scheduledTask.device&targetType=device&targetId=${offline.id}`,
    );
    expect(skipped[0]?.detail).toContain('offline');
  });

  it('RUN_WHEN_ONLINE queues the job of an offline device; RUN_IMMEDIATELY runs once when saved', async () => {
    const script = await createScript(ctx);
    const offline = await createTargetDevice(ctx, { status: 'DOWN' });
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [offline.id] },
      schedule: { scheduleType: 'RUN_IMMEDIATELY', timeZone: 'UTC' },
    });
    expect(task.nextRunAt).toBeNull();
    expect(task.lastRunAt).not.toBeNull();
    const runs = await listRuns(ctx, task.id);
    expect(runs).toMatchObject([{ trigger: 'SCHEDULE', deviceCount: 1, pendingCount: 1 }]);
    const detail = await getRun(ctx, task.id, runs[0]!.id);
    expect(detail.devices).toMatchObject([{ nodeId: offline.id, state: 'QUEUED' }]);

    // Renaming it does not run it again.
    const renamed = await ctx.request('PUT', `/scheduled-tasks/${task.id}`, {
      ...createTaskInput({ name: `${task.name} renamed` }),
      schedule: task.schedule,
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [offline.id] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await listRuns(ctx, task.id)).toHaveLength(1);
  });

  it('a scheduled run of a task whose owner was disabled fails clearly and runs nothing', async () => {
    const script = await createScript(ctx);
    const organization = await createOrganization(ctx);
    const device = await createTargetDevice(ctx, { organizationId: organization.id });
    const tech = await createUser(ctx, {
      permissions: ['scheduledTasks.view', 'scheduledTasks.manage'],
      scope: [organization.id],
    });
    const task = await createTask(
      ctx,
      { actions: [{ scriptId: script.id }], targets: { deviceIds: [device.id] } },
      { cookie: tech.cookie },
    );
    await ctx.db.update(users).set({ isEnabled: false }).where(eq(users.email, tech.email));

    await ctx.app.scheduler.tick(new Date(new Date(task.nextRunAt!).getTime() + 1000));
    const [run] = await listRuns(ctx, task.id);
    expect(run).toMatchObject({ trigger: 'SCHEDULE', deviceCount: 0, occurrence: task.nextRunAt });
    expect(run!.error).toContain("The task's owner no longer exists, is disabled");
    const failures = await activitiesOf(ctx, `action=scheduledTask.run&outcome=FAILURE&targetId=${task.id}`);
    expect(failures).toHaveLength(1);
  });

  it('keeps a script that a task runs from being deleted', async () => {
    const used = await createScript(ctx);
    const unused = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    await createTask(ctx, {
      actions: [{ scriptId: used.id, parameters: [] }],
      targets: { deviceIds: [device.id] },
    });
    const refused = await ctx.request('DELETE', `/scripts/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SCRIPT_IN_USE');
    expect((await ctx.request('GET', `/scripts/${used.id}`)).statusCode).toBe(200);
    expect((await ctx.request('DELETE', `/scripts/${unused.id}`)).statusCode).toBe(200);
  });
});
