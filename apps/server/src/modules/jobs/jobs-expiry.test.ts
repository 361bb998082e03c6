import { randomUUID } from 'node:crypto';
import type { StoredJob } from '@rmm/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastAgentSettings, listen, waitFor } from '../../../test/agents.ts';
import { createTestApp, type TestContext } from '../../../test/helpers.ts';
import { activities, idempotencyKeys, jobs, users } from '../../db/schema.ts';
import { createJobSweeper } from './sweeper.ts';
import {
  connectAgent,
  createDevice,
  createScriptJob,
  enrolDevice,
  getJob,
  submitJobs,
} from './test-fixtures.ts';

// Jobs expire 300 ms after they are submitted; the sweeper runs every 200 ms.
let ctx: TestContext;
let serverUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({ ...fastAgentSettings, jobExpirySeconds: 0.3, jobExpirySweepIntervalMs: 200 });
  serverUrl = await listen(ctx);
});
afterAll(() => ctx?.close());

const pastExpiry = (job: StoredJob) =>
  waitFor(() => Date.now() > Date.parse(job.expiresAt) + 50, { intervalMs: 20 });

const expiryActivities = (deviceId: number) =>
  ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.action, 'job.expire'), eq(activities.targetId, String(deviceId))));

describe('job expiry', () => {
  it('does not deliver a queued job past its expiry: it is EXPIRED, with history and an activity', async () => {
    const { identity } = await enrolDevice(ctx, serverUrl);
    const [stale] = await submitJobs(ctx, identity.deviceId, [createScriptJob({ jobName: 'stale' })]);
    await pastExpiry(stale!);
    const agent = await connectAgent(serverUrl, identity);
    const [fresh] = await submitJobs(ctx, identity.deviceId, [createScriptJob({ jobName: 'fresh' })]);
    await waitFor(() => agent.ofType('job').length === 1);
    expect(agent.ofType('job').map((m) => m.job.jobName)).toEqual(['fresh']);
    const expired = await getJob(ctx, stale!.jobUid);
    expect(expired.jobStatus).toBe('EXPIRED');
    expect(expired.finishedAt).not.toBeNull();
    expect(expired.history.map((h) => h.event)).toEqual(['created', 'expired']);
    const [activity] = await expiryActivities(identity.deviceId);
    expect(activity).toMatchObject({ actorName: 'system', outcome: 'FAILURE', targetType: 'device' });
    expect(activity?.detail).toContain(stale!.jobUid);

    // The agent reports a job it took too late: it is told to stop it.
    await pastExpiry(fresh!);
    await waitFor(async () => (await getJob(ctx, fresh!.jobUid)).jobStatus === 'EXPIRED');
    agent.ack(fresh!.jobUid);
    expect((await agent.next('jobCancel')).jobUid).toBe(fresh!.jobUid);
    await agent.close();
  });

  it('the sweeper marks queued jobs EXPIRED; several sweeping at once expire each job once', async () => {
    const device = await createDevice(ctx);
    const queued = await submitJobs(
      ctx,
      device.id,
      Array.from({ length: 12 }, (_, i) => createScriptJob({ jobName: `queued ${i}` })),
    );
    await pastExpiry(queued.at(-1)!);
    const sweepers = [1, 2, 3].map(() =>
      createJobSweeper({ db: ctx.db, bus: ctx.app.bus, idempotencyKeyTtlHours: 24, log: console }),
    );
    await Promise.all(sweepers.map((sweeper) => sweeper.sweep()));
    // The app's own sweeper runs too: rows it has locked are skipped by these three, so it may be the
    // one still committing them when the three return.
    const statuses = async () =>
      (
        await ctx.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(
            inArray(
              jobs.jobUid,
              queued.map((j) => j.jobUid),
            ),
          )
      ).map((r) => r.status);
    await waitFor(async () => (await statuses()).every((status) => status === 'EXPIRED'), {
      what: 'all twelve EXPIRED',
    });
    expect(await statuses()).toEqual(Array(12).fill('EXPIRED'));
    expect(await expiryActivities(device.id)).toHaveLength(12);
    const pending = (await ctx.request('GET', `/jobs?nodeId=${device.id}`)).json();
    expect(pending.count).toBe(0);
  });

  it('runs on its own every JOB_EXPIRY_SWEEP_INTERVAL_MS', async () => {
    const device = await createDevice(ctx);
    const [job] = await submitJobs(ctx, device.id, [createScriptJob()]);
    const expired = await waitFor(async () => {
      const stored = await getJob(ctx, job!.jobUid);
      return stored.jobStatus === 'EXPIRED' ? stored : undefined;
    });
    expect(expired.history.map((h) => h.event)).toEqual(['created', 'expired']);
  });

  it('drops idempotency keys older than IDEMPOTENCY_KEY_TTL_HOURS', async () => {
    const [admin] = await ctx.db.select({ id: users.id }).from(users).limit(1);
    const old = randomUUID();
    const recent = randomUUID();
    await ctx.db.insert(idempotencyKeys).values([
      { userId: admin!.id, key: old, requestHash: 'x', createdAt: sql`now() - interval '25 hours'` },
      { userId: admin!.id, key: recent, requestHash: 'x' },
    ]);
    await createJobSweeper({
      db: ctx.db,
      bus: ctx.app.bus,
      idempotencyKeyTtlHours: 24,
      log: console,
    }).sweep();
    const left = await ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, [old, recent]));
    expect(left).toEqual([{ key: recent }]);
  });
});
