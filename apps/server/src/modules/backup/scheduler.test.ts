import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { withDatabase } from '../../../test/postgres-global-setup.ts';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase } from '../../db/database.ts';
import { createDevice, createOrganization, createPlan } from './test-fixtures.ts';

const DAY_MS = 86_400_000;
const later = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);

/** Two server processes on one database (on PostgreSQL each with its own pool), racing for the same plan. */
describe('the backup scheduler', () => {
  let ctx: TestContext;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDatabase: Database | undefined;

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
    other = await buildApp({
      config: ctx.config,
      database: otherDatabase ?? ctx.database,
      secretKey: Buffer.alloc(32, 7),
      logger: false,
      bus: ctx.app.bus,
    });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
    await ctx?.close();
  });

  const backupJobsOf = async (deviceId: number) =>
    (await ctx.request('GET', `/jobs?nodeId=${deviceId}&state=ALL&jobType=BACKUP`)).json().data as {
      jobName: string;
      jobStatus: string;
      content: Record<string, unknown>;
    }[];

  it('creates one backup job per covered device at each occurrence, once across two processes', async () => {
    const org = await createOrganization(ctx);
    const [a, b] = [await createDevice(ctx, org.id), await createDevice(ctx, org.id)];
    const outside = await createDevice(ctx, (await createOrganization(ctx)).id);
    const plan = await createPlan(ctx, org.id, { name: 'Nightly', targets: { allDevices: true } });
    const due = later(plan.nextRunAt!, 1000);

    const fired = await Promise.all([
      ctx.app.backupScheduler.tick(due),
      other.backupScheduler.tick(due),
      ctx.app.backupScheduler.tick(due),
      other.backupScheduler.tick(due),
    ]);
    expect(fired.reduce((sum, n) => sum + n, 0)).toBe(1);
    for (const device of [a, b]) {
      const jobs = await backupJobsOf(device.id);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        jobName: 'Backup Nightly',
        jobStatus: 'START_REQUESTED',
        content: {
          nodeId: device.id,
          planId: plan.planId,
          nodeName: device.displayName,
          planName: 'Nightly',
          actionType: 'STRATA_BACKUP',
        },
      });
    }
    expect(await backupJobsOf(outside.id)).toEqual([]);
    const after = (await ctx.request('GET', `/backup/strata/plans/${plan.planId}`)).json().plan;
    expect(after.nextRunAt).toBe(later(plan.nextRunAt!, DAY_MS).toISOString());
    // Firing the same time again does nothing.
    await Promise.all([ctx.app.backupScheduler.tick(due), other.backupScheduler.tick(due)]);
    expect(await backupJobsOf(a.id)).toHaveLength(1);
    const submitted = (await ctx.request('GET', `/activities?action=job.submit&targetId=${a.id}`)).json()
      .data;
    expect(submitted[0]).toMatchObject({ actorName: 'backup scheduler', outcome: 'SUCCESS' });
  });

  it('runs a recently missed occurrence once, skips an old one, and refuses image plans per device', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, org.id);
    const plan = await createPlan(ctx, org.id, { targets: { deviceIds: [device.id] } });
    // Down for three days: one run, of the latest occurrence (10 minutes ago).
    await other.backupScheduler.tick(later(plan.nextRunAt!, 2 * DAY_MS + 10 * 60_000));
    expect(await backupJobsOf(device.id)).toHaveLength(1);
    // Down past the grace: not run, recorded.
    await other.backupScheduler.tick(later(plan.nextRunAt!, 3 * DAY_MS + 3 * 3_600_000));
    expect(await backupJobsOf(device.id)).toHaveLength(1);
    const missed = (await ctx.request('GET', '/activities?action=backupPlan.missed')).json().data;
    expect(missed.some((a: { targetName: string }) => a.targetName === plan.name)).toBe(true);

    const image = await createPlan(ctx, org.id, {
      kind: 'image',
      include: ['/'],
      targets: { deviceIds: [device.id] },
    });
    await ctx.app.backupScheduler.tick(later(image.nextRunAt!, 1000));
    expect(await backupJobsOf(device.id)).toHaveLength(1);
    const refused = (
      await ctx.request('GET', `/activities?action=backupPlan.refused&targetId=${device.id}`)
    ).json().data;
    expect(refused[0]).toMatchObject({
      outcome: 'FAILURE',
      detail: `${image.name}: Image backup is not available for this device yet: its agent backs up files and folders only.`,
    });
  });

  it('leaves disabled and unscheduled plans alone', async () => {
    const org = await createOrganization(ctx);
    const device = await createDevice(ctx, org.id);
    const disabled = await createPlan(ctx, org.id, { enabled: false, targets: { allDevices: true } });
    expect(disabled.nextRunAt).toBeNull();
    await ctx.app.backupScheduler.tick(new Date(Date.now() + 7 * DAY_MS));
    expect(await backupJobsOf(device.id)).toEqual([]);
  });
});
