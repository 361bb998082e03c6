import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newRepository, removeDir, tempDir } from '../test/fixtures.ts';
import { manualClock } from './clock.ts';
import { isStrataError } from './errors.ts';
import { Lock } from './repo/lock.ts';
import type { Repository } from './repo/repository.ts';

const locked = (error: unknown) => isStrataError(error, 'LOCKED');

describe('locks', () => {
  let dir: string;
  let repo: Repository;
  const clock = manualClock('2026-05-04T12:00:00Z');

  beforeEach(async () => {
    dir = await tempDir();
    repo = await newRepository(path.join(dir, 'repo'), { clock });
  });
  afterEach(() => removeDir(dir));

  it('lets shared locks coexist and keeps the exclusive lock alone', async () => {
    const a = await Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 });
    const b = await Lock.acquire(repo, { exclusive: false, operation: 'check', refreshMs: 0 });
    await expect(Lock.acquire(repo, { exclusive: true, operation: 'prune', refreshMs: 0 })).rejects.toSatisfy(
      locked,
    );
    await a.release();
    await b.release();
    const prune = await Lock.acquire(repo, { exclusive: true, operation: 'prune', refreshMs: 0 });
    await expect(Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 })).rejects.toThrow(
      /locked by prune/,
    );
    await prune.release();
    expect(await repo.backend.list('locks')).toEqual([]);
  });

  it('removes a lock not refreshed for 30 minutes, and a refreshed lock stays', async () => {
    const forgotten = await Lock.acquire(repo, { exclusive: true, operation: 'prune', refreshMs: 0 });
    clock.advance(29 * 60 * 1000);
    await expect(
      Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 }),
    ).rejects.toSatisfy(locked);
    await forgotten.refresh();
    clock.advance(29 * 60 * 1000);
    await expect(
      Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 }),
    ).rejects.toSatisfy(locked);
    clock.advance(2 * 60 * 1000);
    const backup = await Lock.acquire(repo, { exclusive: false, operation: 'backup', refreshMs: 0 });
    expect(await repo.backend.list('locks')).toHaveLength(1); // the stale one is gone
    await backup.release();
  });
});
