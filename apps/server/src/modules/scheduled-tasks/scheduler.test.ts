import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/postgres-global-setup.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { createScript, createTargetDevice, createTask, getRun, listRuns } from './test-fixtures.ts';

const DAY_MS = 86_400_000;
const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

/**
 * Two server processes on one database (PostgreSQL in the server-postgres project: two transactions on
 * two connections race for the same task), and a process started after the first one stopped.
 */
describe('the scheduler', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  /** On PostgreSQL the second process has a connection pool of its own, as a second server process would. */
  let otherDatabase: Database | undefined;

  const startProcess = async () => {
    const app = await buildApp({
      config: ctx.config,
      database: otherDatabase ?? ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    await app.ready();
    return app;
  };

  beforeAll(async () => {
    // No tick on a timer: each test fires the schedulers at the times it needs.
    ctx = await createTestApp({ schedulerIntervalMs: 3_600_000 });
    if (ctx.database.driver === 'postgres') {
      const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = withDatabase(process.env.DATABASE_URL!, result.rows[0]!.name);
      otherDatabase = await openDatabase({ driver: 'postgres', url, poolSize: 3 });
    }
    other = await startProcess();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await ctx?.close();
  });

  it('fires a due occurrence exactly once with two server processes', async () => {
    const script = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
    });
    const due = later(task.nextRunAt!, 1000);

    const fired = await Promise.all([
      ctx.app.scheduler.tick(due),
      other.scheduler.tick(due),
      ctx.app.scheduler.tick(due),
      other.scheduler.tick(due),
    ]);
    const runs = await listRuns(ctx, task.id);
    expect(runs).toMatchObject([
      { trigger: 'SCHEDULE', occurrence: task.nextRunAt, deviceCount: 1, pendingCount: 1 },
    ]);
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    const detail = await getRun(ctx, task.id, runs[0]!.id);
    expect(detail.devices).toMatchObject([
      { nodeId: device.id, state: 'QUEUED', jobs: [{ jobStatus: 'START_REQUESTED' }] },
    ]);

    // The next occurrence is a day later; firing the same time again does nothing.
    const after = (await ctx.request('GET', `/scheduled-tasks/${task.id}`)).json().task;
    expect(after.nextRunAt).toBe(later(task.nextRunAt!, DAY_MS).toISOString());
    expect(after.lastRunAt).not.toBeNull();
    await Promise.all([ctx.app.scheduler.tick(due), other.scheduler.tick(due)]);
    expect(await listRuns(ctx, task.id)).toHaveLength(1);
  });

  it('survives a restart: a new process fires the stored schedule, a recent missed occurrence once, an old one not', async () => {
    const script = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    const task = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
    });
    await other.close();
    other = await startProcess(); // a restarted server: nothing but the database carries the schedule

    // Down for three days: the three missed occurrences make one run, of the latest (10 minutes ago).
    const threeDaysOn = later(task.nextRunAt!, 2 * DAY_MS + 10 * 60_000);
    expect(await other.scheduler.tick(threeDaysOn)).toBeGreaterThanOrEqual(1);
    let runs = await listRuns(ctx, task.id);
    expect(runs).toMatchObject([{ occurrence: later(task.nextRunAt!, 2 * DAY_MS).toISOString() }]);
    let stored = (await ctx.request('GET', `/scheduled-tasks/${task.id}`)).json().task;
    expect(stored.nextRunAt).toBe(later(task.nextRunAt!, 3 * DAY_MS).toISOString());

    // Down past the grace (60 minutes): the missed occurrence is not run, only recorded, and the schedule moves on.
    await other.scheduler.tick(later(task.nextRunAt!, 3 * DAY_MS + 3 * 3_600_000));
    runs = await listRuns(ctx, task.id);
    expect(runs).toHaveLength(1);
    stored = (await ctx.request('GET', `/scheduled-tasks/${task.id}`)).json().task;
    expect(stored.nextRunAt).toBe(later(task.nextRunAt!, 4 * DAY_MS).toISOString());
    const missed = await ctx.request(
      'GET',
      `/activities?action=scheduledTask.missed&targetType=scheduledTask&targetId=${task.id}`,
    );
    expect(missed.json().data).toMatchObject([{ outcome: 'FAILURE' }]);
  });

  it('RUN_ONCE fires once and then has no next run; a disabled task never fires', async () => {
    const script = await createScript(ctx);
    const device = await createTargetDevice(ctx);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    const once = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
      schedule: {
        scheduleType: 'RUN_ONCE',
        runOnceDate: tomorrow,
        scheduleHour: 3,
        scheduleMinute: 0,
        timeZone: 'UTC',
      },
    });
    expect(once.nextRunAt).toBe(`${tomorrow}T03:00:00.000Z`);
    const disabled = await createTask(ctx, {
      actions: [{ scriptId: script.id }],
      targets: { deviceIds: [device.id] },
      enabled: false,
    });
    expect(disabled.nextRunAt).toBeNull();
    await ctx.app.scheduler.tick(later(once.nextRunAt!, 1000));
    await ctx.app.scheduler.tick(later(once.nextRunAt!, 2 * DAY_MS));
    expect(await listRuns(ctx, once.id)).toHaveLength(1);
    expect((await ctx.request('GET', `/scheduled-tasks/${once.id}`)).json().task.nextRunAt).toBeNull();
    expect(await listRuns(ctx, disabled.id)).toHaveLength(0);
  });
});
