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
  textContent,
} from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { LocalBackend } from './backend/local.ts';
import { check } from './check.ts';
import { copy } from './copy.ts';
import { isStrataError } from './errors.ts';
import { Repository } from './repo/repository.ts';
import { restore } from './restore/restorer.ts';

const MiB = 1024 * 1024;

describe('copy (upsync)', () => {
  let dir: string;
  let source: string;
  let local: Repository;
  let first: string;
  let second: string;

  beforeEach(async () => {
    dir = await tempDir();
    source = path.join(dir, 'source');
    await fsp.mkdir(source);
    for (let i = 0; i < 12; i++) await fsp.writeFile(path.join(source, `file-${i}.bin`), randomContent(MiB));
    await fsp.writeFile(path.join(source, 'notes.txt'), textContent('notes', 100_000));
    local = await newRepository(path.join(dir, 'local'), { packSize: 4 * MiB });
    first = (await backup(local, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot.id;
    await fsp.writeFile(path.join(source, 'file-3.bin'), randomContent(MiB));
    second = (await backup(local, { paths: [source], planId: 'p', deviceId: 'd' })).snapshot.id;
  });
  afterEach(() => removeDir(dir));

  it('resumes after a kill: the re-run finishes, the copy restores byte for byte, a third run copies nothing', async () => {
    const cloudBackend = new LocalBackend(path.join(dir, 'cloud'), { fsync: false });
    await local.initCopy(cloudBackend, { kek: KEK });

    // pack, index, pack, index, pack, then the kill: two packs are copied and indexed
    const dying = await Repository.open(new CrashingBackend(cloudBackend, 5), { kek: KEK });
    await expect(copy(local, dying, { packsPerIndex: 1 })).rejects.toThrow('simulated crash');
    const cloudAfterKill = await Repository.open(cloudBackend, { kek: KEK });
    const partial = await check(cloudAfterKill);
    expect(partial.errors).toEqual([]);
    expect(partial.snapshots).toBe(0);

    const cloud = await Repository.open(cloudBackend, { kek: KEK });
    const result = await copy(local, cloud);
    const fresh = await local.initCopy(new LocalBackend(path.join(dir, 'fresh'), { fsync: false }), {
      kek: KEK,
    });
    const full = await copy(local, fresh);
    expect(result.bytesCopied).toBeLessThan(full.bytesCopied); // the packs indexed before the kill are not copied again
    expect(result.copied.sort()).toEqual([first, second].sort());
    expect(result.both.sort()).toEqual([first, second].sort());
    expect(result.onlySource).toEqual([]);
    expect(result.onlyDestination).toEqual([]);
    expect((await check(cloud, { readData: true })).errors).toEqual([]);

    const target = path.join(dir, 'restored');
    await restore(cloud, { snapshot: second, target });
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));

    const again = await copy(local, cloud);
    expect(again).toMatchObject({ copied: [], packsCopied: 0, blobsCopied: 0 });
  });

  it('copies chosen snapshots and reports which snapshots are on which side', async () => {
    const cloud = await local.initCopy(new LocalBackend(path.join(dir, 'cloud'), { fsync: false }), {
      kek: KEK,
    });
    const result = await copy(local, cloud, { snapshots: [first.slice(0, 10)] });
    expect(result).toMatchObject({
      copied: [first],
      both: [first],
      onlySource: [second],
      onlyDestination: [],
    });
    // whole packs travel as they are: the destination's packs are byte-identical files
    const localPacks = new Set((await local.backend.list('data')).map((f) => f.name));
    expect((await cloud.backend.list('data')).filter((f) => localPacks.has(f.name)).length).toBeGreaterThan(
      0,
    );
  });

  it('refuses a destination with another master key', async () => {
    const stranger = await newRepository(path.join(dir, 'stranger'));
    await expect(copy(local, stranger)).rejects.toSatisfy((error) =>
      isStrataError(error, 'INVALID_ARGUMENT'),
    );
  });
});
