import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manifestOf, newRepository, randomContent, removeDir, tempDir } from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { check } from './check.ts';
import { manualClock } from './clock.ts';
import { isStrataError } from './errors.ts';
import { prune } from './prune.ts';
import { Lock } from './repo/lock.ts';
import type { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';
import { restore } from './restore/restorer.ts';
import { applyRetention, forget } from './retention.ts';

const MiB = 1024 * 1024;
const HOUR = 3_600_000;

describe('forget and prune', () => {
  let dir: string;
  let source: string;
  let repo: Repository;
  const clock = manualClock('2026-04-01T08:00:00Z');

  beforeEach(async () => {
    dir = await tempDir();
    source = path.join(dir, 'source');
    await fsp.mkdir(source);
    clock.set('2026-04-01T08:00:00Z');
    repo = await newRepository(path.join(dir, 'repo'), { clock, packSize: 2 * MiB });
  });
  afterEach(() => removeDir(dir));

  const packBytes = async () => (await repo.backend.list('data')).reduce((sum, f) => sum + f.size, 0);

  it('holds a forgotten snapshot 72 hours, then reclaims its space; the rest stays restorable', async () => {
    for (let i = 0; i < 6; i++) await fsp.writeFile(path.join(source, `old-${i}.bin`), randomContent(MiB));
    await fsp.writeFile(path.join(source, 'kept.bin'), randomContent(MiB));
    const old = (await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot;
    for (let i = 0; i < 6; i++) await fsp.rm(path.join(source, `old-${i}.bin`));
    await fsp.writeFile(path.join(source, 'new.bin'), randomContent(MiB));
    clock.advance(HOUR);
    const current = (await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot;

    await forget(repo, { snapshots: [old.id] });
    expect((await repo.listSnapshots()).map((s) => s.id)).toEqual([current.id]);
    const before = await packBytes();

    clock.advance(71 * HOUR);
    const held = await prune(repo);
    expect(held).toMatchObject({ snapshotsRemoved: [], snapshotsHeld: [old.id], blobsRemoved: 0 });
    expect(await packBytes()).toBe(before);
    const early = path.join(dir, 'early');
    await restore(repo, { snapshot: old.id, target: early }); // still restorable during the hold
    expect((await manifestOf(path.join(early, 'source'))).size).toBe(7);

    clock.advance(2 * HOUR);
    const reclaimed = await prune(repo);
    expect(reclaimed.snapshotsRemoved).toEqual([old.id]);
    expect(reclaimed.blobsRemoved).toBeGreaterThanOrEqual(6);
    expect(await packBytes()).toBeLessThan(before - 5.5 * MiB);
    expect(reclaimed.bytesAfter).toBe(await packBytes());
    await expect(repo.findSnapshot(old.id)).rejects.toSatisfy((e) => isStrataError(e, 'NOT_FOUND'));

    const checked = await check(repo, { readData: true });
    expect(checked.errors).toEqual([]);
    expect(checked.unreferencedPacks).toEqual([]);
    const target = path.join(dir, 'restored');
    await restore(repo, { snapshot: current.id, target });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  });

  it('takes the exclusive lock: no prune while a backup holds its shared lock', async () => {
    const backupLock = await Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 });
    await expect(prune(repo)).rejects.toSatisfy((e) => isStrataError(e, 'LOCKED'));
    await backupLock.release();
    await expect(prune(repo)).resolves.toMatchObject({ snapshotsRemoved: [] });
  });

  it('applies a retention policy per plan and marks, not removes, what it forgets', async () => {
    await fsp.writeFile(path.join(source, 'a.txt'), 'a');
    const ids: string[] = [];
    for (let day = 0; day < 4; day++) {
      for (const hour of [9, 15]) {
        clock.set(`2026-04-0${day + 1}T${String(hour).padStart(2, '0')}:00:00Z`);
        ids.push((await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot.id);
      }
    }
    const otherPlan = (await backup(repo, { paths: [source], planId: 'other', deviceId: 'd' })).snapshot.id;
    const { kept, forgotten } = await forget(repo, { policy: { keepLast: 1, keepDaily: 3 } });
    // newest of each of the last three days; the other plan's only snapshot is its last
    expect(kept.map((s) => s.id).sort()).toEqual([ids[7], ids[5], ids[3], otherPlan].sort());
    expect(forgotten).toHaveLength(5);
    const all = await repo.listSnapshots({ includeDeleted: true });
    expect(all.filter((s) => s.deletedAt)).toHaveLength(5);
  });
});

describe('retention rules', () => {
  const snapshot = (time: string, id = time): Snapshot =>
    ({
      id,
      time,
      planId: 'p',
      deviceId: 'd',
      hostname: 'h',
      parent: null,
      tree: '',
      paths: [],
      tags: [],
      stats: {} as Snapshot['stats'],
    }) as Snapshot;
  const kept = (snapshots: Snapshot[], policy: Parameters<typeof applyRetention>[1]) =>
    applyRetention(snapshots, policy)
      .filter((d) => d.keep)
      .map((d) => d.snapshot.time);

  const daily = Array.from({ length: 90 }, (_, i) =>
    snapshot(new Date(Date.UTC(2026, 0, 1 + i, 23, 30)).toISOString()),
  );

  it('keeps the newest of each of the last N days, weeks and months', () => {
    expect(kept(daily, { keepDaily: 2 })).toEqual(['2026-03-31T23:30:00.000Z', '2026-03-30T23:30:00.000Z']);
    expect(kept(daily, { keepWeekly: 2 })).toEqual(['2026-03-31T23:30:00.000Z', '2026-03-29T23:30:00.000Z']); // Sundays end ISO weeks
    expect(kept(daily, { keepMonthly: 3 })).toEqual([
      '2026-03-31T23:30:00.000Z',
      '2026-02-28T23:30:00.000Z',
      '2026-01-31T23:30:00.000Z',
    ]);
    expect(kept(daily, { keepLast: 1, keepMonthly: 1 })).toEqual(['2026-03-31T23:30:00.000Z']);
  });

  it('counts days in the policy time zone', () => {
    // 21:00 and 23:30 UTC on 31 March are one day in UTC, two days in Berlin (23:00 and 01:30 CEST)
    expect(
      kept([snapshot('2026-03-31T21:00:00Z', 'a'), snapshot('2026-03-31T23:30:00Z', 'b')], {
        keepDaily: 2,
        timeZone: 'Europe/Berlin',
      }),
    ).toHaveLength(2);
    expect(
      kept([snapshot('2026-03-31T21:00:00Z', 'a'), snapshot('2026-03-31T23:30:00Z', 'b')], {
        keepDaily: 2,
        timeZone: 'UTC',
      }),
    ).toHaveLength(1);
  });

  it('keeps everything without a policy', () => {
    expect(kept(daily, {})).toHaveLength(90);
  });
});
