import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOrganizationInput, createTestApp, type TestContext } from '../../../test/helpers.ts';
import type { Db } from '../../db/database.ts';
import { deviceMetrics, devices } from '../../db/schema.ts';
import { createPresenceTracker } from './presence.ts';
import type { StatusChange } from './presence-repository.ts';
import { createStatusSweeper } from './status-sweeper.ts';

let ctx: TestContext;
let organizationId: number;
beforeAll(async () => {
  // The app's own timers stay out of the way: these tests drive flushes and sweeps themselves.
  ctx = await createTestApp({ presenceFlushIntervalMs: 3_600_000, statusSweepIntervalMs: 3_600_000 });
  organizationId = (await ctx.request('POST', '/organizations', createOrganizationInput())).json().id;
});
afterAll(() => ctx?.close());

const createDevices = async (count: number, values: Partial<typeof devices.$inferInsert> = {}) =>
  ctx.db
    .insert(devices)
    .values(
      Array.from({ length: count }, () => ({ organizationId, displayName: `D-${randomUUID()}`, ...values })),
    )
    .returning();

/** Counts the statements the tracker sends. */
const countingDb = () => {
  const calls = { execute: 0, insert: 0 };
  const db = new Proxy(ctx.db, {
    get: (target, key, receiver) => {
      if (key === 'execute' || key === 'insert') calls[key] += 1;
      return Reflect.get(target, key, receiver);
    },
  }) as Db;
  return { db, calls };
};

const log = { error: vi.fn() };

describe('the presence tracker', () => {
  it('writes the heartbeats of many devices with one statement per flush', async () => {
    const rows = await createDevices(50);
    const { db, calls } = countingDb();
    const changes: StatusChange[] = [];
    const tracker = createPresenceTracker({
      db,
      offlineThresholdSeconds: 90,
      sampleSeconds: 0,
      onStatusChanges: (c) => changes.push(...c),
      log,
    });
    for (let beat = 0; beat < 3; beat++) {
      for (const row of rows)
        tracker.seen(row, { cpuPercent: 10 + beat, memoryPercent: 20, diskPercent: 30 });
    }
    await tracker.flush();
    expect(calls).toEqual({ execute: 1, insert: 1 });
    const stored = await ctx.db
      .select()
      .from(devices)
      .where(
        inArray(
          devices.id,
          rows.map((r) => r.id),
        ),
      );
    expect(new Set(stored.map((d) => d.status))).toEqual(new Set(['UP']));
    expect(new Set(stored.map((d) => d.cpuPercent))).toEqual(new Set([12]));
    expect(changes).toHaveLength(50);
    expect(changes[0]).toMatchObject({ previousStatus: 'DOWN', status: 'UP', organizationId });
    const samples = await ctx.db.select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, rows[0]!.id));
    expect(samples.map((s) => s.cpuPercent)).toEqual([11]); // the mean of 10, 11 and 12
  });

  it('is WARNING while its alerts need attention, UP again without, whatever its metrics', async () => {
    const [row] = await createDevices(1);
    const changes: StatusChange[] = [];
    const tracker = createPresenceTracker({
      db: ctx.db,
      offlineThresholdSeconds: 90,
      sampleSeconds: 60,
      onStatusChanges: (c) => changes.push(...c),
      log,
    });
    const health = async () =>
      (await ctx.db.select().from(devices).where(eq(devices.id, row!.id)))[0]!.healthStatus;
    expect(await health()).toBe('UNKNOWN');
    // The monitoring engine keeps alert_health from the device's active alerts (monitoring tests raise them).
    await ctx.db.update(devices).set({ alertHealth: 'NEEDS_ATTENTION' }).where(eq(devices.id, row!.id));
    tracker.seen(row!, { cpuPercent: 20, memoryPercent: 20, diskPercent: 20 });
    await tracker.flush();
    expect(await health()).toBe('NEEDS_ATTENTION');
    await ctx.db.update(devices).set({ alertHealth: 'HEALTHY' }).where(eq(devices.id, row!.id));
    tracker.seen(row!, { cpuPercent: 99, memoryPercent: 99, diskPercent: 99 });
    await tracker.flush();
    expect(await health()).toBe('HEALTHY');
    expect(changes.map((c) => [c.previousStatus, c.status])).toEqual([
      ['DOWN', 'WARNING'],
      ['WARNING', 'UP'],
    ]);
  });

  it('stores one sample per window: the mean of its heartbeats', async () => {
    const [row] = await createDevices(1);
    let now = new Date('2030-01-01T00:00:00Z');
    const tracker = createPresenceTracker({
      db: ctx.db,
      offlineThresholdSeconds: 90,
      sampleSeconds: 60,
      onStatusChanges: () => {},
      log,
      now: () => now,
    });
    tracker.seen(row!, { cpuPercent: 10, memoryPercent: 50, diskPercent: 70 });
    tracker.seen(row!, { cpuPercent: 30, memoryPercent: 50, diskPercent: 70 });
    await tracker.flush();
    const samples = () => ctx.db.select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, row!.id));
    expect(await samples()).toEqual([]);
    now = new Date('2030-01-01T00:01:01Z');
    await tracker.flush();
    expect((await samples()).map((s) => [s.time.toISOString(), s.cpuPercent])).toEqual([
      ['2030-01-01T00:01:01.000Z', 20],
    ]);
  });
});

describe('a flush retried late', () => {
  it('never makes a device UP from a sighting older than the offline threshold', async () => {
    const [row] = await createDevices(1);
    let now = new Date('2032-01-01T00:00:00Z');
    const changes: StatusChange[] = [];
    const tracker = createPresenceTracker({
      db: ctx.db,
      offlineThresholdSeconds: 90,
      sampleSeconds: 60,
      onStatusChanges: (c) => changes.push(...c),
      log,
      now: () => now,
    });
    tracker.seen(row!, { cpuPercent: 1, memoryPercent: 1, diskPercent: 1 });
    now = new Date('2032-01-01T00:02:00Z'); // the database was away for two minutes
    await tracker.flush();
    const [stored] = await ctx.db.select().from(devices).where(eq(devices.id, row!.id));
    expect(stored).toMatchObject({ status: 'DOWN', lastSeenAt: new Date('2032-01-01T00:00:00Z') });
    expect(changes).toEqual([]);
  });
});

describe('the status sweeper', () => {
  it('marks devices DOWN past the offline threshold, once', async () => {
    const now = new Date();
    const [stale] = await createDevices(1, { status: 'UP', lastSeenAt: new Date(now.getTime() - 100_000) });
    const [fresh] = await createDevices(1, {
      status: 'WARNING',
      lastSeenAt: new Date(now.getTime() - 10_000),
    });
    const changes: StatusChange[] = [];
    const sweeper = createStatusSweeper({
      db: ctx.db,
      offlineThresholdSeconds: 90,
      metricRetentionDays: 7,
      onStatusChanges: (c) => changes.push(...c),
      log,
      now: () => now,
    });
    await sweeper.sweep();
    await sweeper.sweep();
    expect(changes.filter((c) => c.deviceId === stale!.id)).toEqual([
      expect.objectContaining({
        previousStatus: 'UP',
        status: 'DOWN',
        lastSeen: stale!.lastSeenAt!.toISOString(),
      }),
    ]);
    const [kept] = await ctx.db.select().from(devices).where(eq(devices.id, fresh!.id));
    expect(kept!.status).toBe('WARNING');
    // Offline is UNHEALTHY by the default health status settings.
    const [gone] = await ctx.db.select().from(devices).where(eq(devices.id, stale!.id));
    expect(gone!.healthStatus).toBe('UNHEALTHY');
  });

  it('prunes metric samples older than the retention', async () => {
    const [row] = await createDevices(1);
    const now = new Date('2031-06-10T00:00:00Z');
    const sample = (time: string) => ({
      deviceId: row!.id,
      organizationId,
      time: new Date(time),
      cpuPercent: 1,
      memoryPercent: 1,
      diskPercent: 1,
    });
    await ctx.db
      .insert(deviceMetrics)
      .values([sample('2031-06-01T00:00:00Z'), sample('2031-06-09T00:00:00Z')]);
    const sweeper = createStatusSweeper({
      db: ctx.db,
      offlineThresholdSeconds: 90,
      metricRetentionDays: 7,
      onStatusChanges: () => {},
      log,
      now: () => now,
    });
    await sweeper.sweep();
    const left = await ctx.db.select().from(deviceMetrics).where(eq(deviceMetrics.deviceId, row!.id));
    expect(left.map((s) => s.time.toISOString())).toEqual(['2031-06-09T00:00:00.000Z']);
  });
});
