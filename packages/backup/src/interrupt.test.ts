import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CrashingBackend,
  KEK,
  manifestOf,
  newRepository,
  randomContent,
  removeDir,
  tempDir,
} from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { LocalBackend } from './backend/local.ts';
import { check } from './check.ts';
import { manualClock } from './clock.ts';
import { isStrataError } from './errors.ts';
import { Repository } from './repo/repository.ts';
import { restore } from './restore/restorer.ts';

const MiB = 1024 * 1024;

describe('an interrupted backup', () => {
  let dir: string;
  let source: string;
  let repoDir: string;

  beforeEach(async () => {
    dir = await tempDir();
    source = path.join(dir, 'source');
    repoDir = path.join(dir, 'repo');
    for (let d = 0; d < 4; d++) {
      await fsp.mkdir(path.join(source, `folder-${d}`), { recursive: true });
      for (let i = 0; i < 10; i++)
        await fsp.writeFile(path.join(source, `folder-${d}/file-${i}.bin`), randomContent(MiB));
    }
  });
  afterEach(() => removeDir(dir));

  const expectRestoredEqual = async (repo: Repository, snapshot: string) => {
    const target = path.join(dir, `restored-${snapshot.slice(0, 8)}`);
    await restore(repo, { snapshot, target });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
  };

  it('cancelled half way leaves a valid repository, keeps the work done, and the next run completes', async () => {
    const repo = await newRepository(repoDir, { packSize: 4 * MiB });
    const controller = new AbortController();
    const cancelled = backup(repo, {
      paths: [source],
      planId: 'p',
      deviceId: 'd',
      signal: controller.signal,
      progressIntervalMs: 0,
      onProgress: (p) => {
        if (p.bytesDone > 16 * MiB) controller.abort();
      },
    });
    await expect(cancelled).rejects.toSatisfy((error) => isStrataError(error, 'ABORTED'));
    expect(await repo.listSnapshots()).toEqual([]);
    const afterCancel = await check(repo, { readData: true });
    expect(afterCancel.errors).toEqual([]);
    expect(afterCancel.packs).toBeGreaterThan(0); // packs and their index were written before stopping
    expect(await fsp.readdir(path.join(repoDir, 'locks'))).toEqual([]);

    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    expect(snapshot.stats.bytesAdded).toBeLessThan(30 * MiB); // what the cancelled run stored is not stored again
    expect((await check(repo, { readData: true })).errors).toEqual([]);
    await expectRestoredEqual(repo, snapshot.id);
  });

  it('killed while writing packs leaves a valid repository, and the next run completes', async () => {
    const clock = manualClock('2026-03-02T10:00:00Z');
    const local = new LocalBackend(repoDir, { fsync: false });
    await Repository.init(local, { kek: KEK }, { clock, packSize: 4 * MiB });
    const dying = await Repository.open(new CrashingBackend(local, 3), { kek: KEK }, { clock });
    await expect(backup(dying, { paths: [source], planId: 'p', deviceId: 'd' })).rejects.toThrow(
      'simulated crash',
    );

    // the dead process's lock is still there; after 30 minutes it is stale
    expect(await fsp.readdir(path.join(repoDir, 'locks'))).toHaveLength(1);
    clock.advance(31 * 60 * 1000);
    const repo = await Repository.open(local, { kek: KEK }, { clock });
    const afterKill = await check(repo, { readData: true });
    expect(afterKill.errors).toEqual([]);
    expect(afterKill.snapshots).toBe(0);
    expect(afterKill.unreferencedPacks.length).toBeGreaterThan(0); // written, never indexed: prune removes them

    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    expect(snapshot.stats.filesNew).toBe(40);
    expect((await check(repo, { readData: true })).errors).toEqual([]);
    await expectRestoredEqual(repo, snapshot.id);
  });
});
