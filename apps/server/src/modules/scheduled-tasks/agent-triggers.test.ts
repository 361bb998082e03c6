import { randomUUID } from 'node:crypto';
import type { ServerTaskSet } from '@rmm/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { devices } from '../../db/schema.ts';
import { connectAgent, enrolDevice, waitForJob } from '../jobs/test-fixtures.ts';
import { createScript, createTask, createTaskInput, getRun, listRuns } from './test-fixtures.ts';

/** ON_SYSTEM_STARTUP and ON_USER_LOGIN over a real agent WebSocket: the task set, and each event run once. */
describe('agent-triggered tasks', () => {
  let ctx: TestContext;
  let serverUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp({ ...fastAgentSettings, schedulerIntervalMs: 3_600_000 });
    serverUrl = await listen(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  type Agent = Awaited<ReturnType<typeof connectAgent>>;
  const taskSets = (agent: Agent) => agent.ofType('taskSet') as ServerTaskSet[];
  const nthTaskSet = (agent: Agent, n: number) =>
    waitFor(() => taskSets(agent)[n - 1], { what: `task set ${n}` });

  it('sends the task set on connect and on change, and runs a re-sent event once', async () => {
    const script = await createScript(ctx);
    const { organization, identity } = await enrolDevice(ctx, serverUrl);
    const startup = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { organizationIds: [organization.id] },
      schedule: { scheduleType: 'ON_SYSTEM_STARTUP', timeZone: 'UTC' },
    });
    expect(startup.nextRunAt).toBeNull();

    const agent = await connectAgent(serverUrl, identity);
    expect((await nthTaskSet(agent, 1)).tasks).toEqual([
      { taskId: startup.id, trigger: 'ON_SYSTEM_STARTUP' },
    ]);

    // A new task that targets the device: the agent gets its whole set again.
    const login = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [identity.deviceId] },
      schedule: { scheduleType: 'ON_USER_LOGIN', timeZone: 'UTC' },
    });
    expect((await nthTaskSet(agent, 2)).tasks).toEqual([
      { taskId: startup.id, trigger: 'ON_SYSTEM_STARTUP' },
      { taskId: login.id, trigger: 'ON_USER_LOGIN' },
    ]);

    const event = {
      v: 1,
      type: 'taskTriggered',
      deviceId: identity.deviceId,
      eventId: randomUUID(),
      taskId: login.id,
      trigger: 'ON_USER_LOGIN',
      user: 'alice',
      occurredAt: new Date().toISOString(),
    };
    agent.send(event);
    const stored = () => agent.ofType('taskTriggerStored').filter((m) => m.eventId === event.eventId);
    await waitFor(() => stored().length === 1, { what: 'taskTriggerStored' });
    const job = await agent.next('job');
    expect(job.job.content).toMatchObject({ script: { scriptId: script.id } });

    // The agent did not hear the answer and sends the event again: answered, no second run or job.
    agent.send(event);
    await waitFor(() => stored().length === 2, { what: 'the second taskTriggerStored' });
    const runs = await listRuns(ctx, login.id);
    expect(runs).toMatchObject([{ trigger: 'ON_USER_LOGIN', deviceCount: 1 }]);
    const detail = await getRun(ctx, login.id, runs[0]!.id);
    expect(detail.devices).toMatchObject([{ nodeId: identity.deviceId, jobs: [{ jobUid: job.job.jobUid }] }]);
    expect(agent.ofType('job')).toHaveLength(1);

    // Disabling the startup task takes it out of the set.
    const disabled = await ctx.request('PUT', `/scheduled-tasks/${startup.id}`, {
      ...createTaskInput({ name: startup.name }),
      enabled: false,
      schedule: startup.schedule,
      actions: [{ scriptId: script.id }],
      targets: { organizationIds: [organization.id] },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await nthTaskSet(agent, 3)).tasks).toEqual([{ taskId: login.id, trigger: 'ON_USER_LOGIN' }]);

    // An event of a task the device no longer has: answered (the agent forgets it) with no run.
    const stale = { ...event, eventId: randomUUID(), taskId: startup.id, trigger: 'ON_SYSTEM_STARTUP' };
    agent.send(stale);
    await waitFor(() => agent.ofType('taskTriggerStored').some((m) => m.eventId === stale.eventId));
    expect(await listRuns(ctx, startup.id)).toHaveLength(0);
    await agent.close();
  });

  it('RUN_WHEN_ONLINE: an offline device gets its job when its agent returns, and the run shows its result', async () => {
    const script = await createScript(ctx);
    const { identity } = await enrolDevice(ctx, serverUrl);
    // Known to run Linux from an earlier connection; offline now.
    await ctx.db
      .update(devices)
      .set({ platform: 'linux', status: 'DOWN' })
      .where(eq(devices.id, identity.deviceId));
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id, parameters: [] }],
      targets: { deviceIds: [identity.deviceId] },
      schedule: { scheduleType: 'NO_SCHEDULE', timeZone: 'UTC' },
    });
    const response = await ctx.request('POST', `/scheduled-tasks/${task.id}/run`);
    expect(response.statusCode, response.body).toBe(200);
    const { run, devices: parts } = response.json();
    expect(parts).toMatchObject([{ nodeId: identity.deviceId, state: 'QUEUED' }]);

    const agent = await connectAgent(serverUrl, identity);
    const delivered = await agent.next('job');
    expect(delivered.job.jobUid).toBe(parts[0].jobs[0].jobUid);
    agent.ack(delivered.job.jobUid);
    agent.result(delivered.job.jobUid);
    await waitForJob(ctx, delivered.job.jobUid, (job) => job.jobStatus === 'COMPLETED');
    const detail = await getRun(ctx, task.id, run.id);
    expect(detail.run).toMatchObject({ deviceCount: 1, successCount: 1, pendingCount: 0 });
    expect(detail.devices).toMatchObject([
      { state: 'SUCCESS', jobs: [{ scriptName: script.name, jobStatus: 'COMPLETED', jobResult: 'SUCCESS' }] },
    ]);
    await agent.close();
  });
});
