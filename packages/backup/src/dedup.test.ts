import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicRepository, folderSize, removeDir, seededBytes, tempDir } from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import type { Repository } from './repo/repository.ts';

const MiB = 1024 * 1024;
const FILE_SIZE = 1.5 * MiB;
const DATA_SIZE = 40 * FILE_SIZE + 24 * MiB; // 84 MiB, incompressible: stored bytes track the data

describe('deduplication', () => {
  let dir: string;
  let source: string;
  let repoDir: string;
  let repo: Repository;

  beforeAll(async () => {
    dir = await tempDir();
    source = path.join(dir, 'source');
    repoDir = path.join(dir, 'repo');
    await fsp.mkdir(source);
    for (let i = 0; i < 40; i++)
      await fsp.writeFile(path.join(source, `part-${i}.bin`), seededBytes(`part-${i}`, FILE_SIZE));
    await fsp.writeFile(path.join(source, 'large.bin'), seededBytes('large', 24 * MiB));
    repo = await deterministicRepository(repoDir);
  });
  afterAll(() => removeDir(dir));

  it('stores the data once; reading all of it again adds nothing', async () => {
    const first = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    expect(first.snapshot.stats.bytesAdded).toBeGreaterThan(DATA_SIZE);
    expect(first.snapshot.stats.bytesAdded).toBeLessThan(DATA_SIZE * 1.001);
    const stored = await folderSize(repoDir);

    const again = await backup(repo, {
      paths: [source],
      planId: 'p',
      deviceId: 'd',
      parent: null,
      workers: 0,
    });
    expect(again.snapshot.stats.bytesProcessed).toBe(DATA_SIZE);
    // no data; at most the trees of the folders above (other tests change the temporary folder's mtime)
    expect(again.snapshot.stats.bytesAdded).toBeLessThan(2048);
    expect((await folderSize(repoDir)) - stored).toBeLessThan(16 * 1024); // a snapshot, no pack
  });

  it('adds about 5% when 5% of the files change', async () => {
    const before = await folderSize(repoDir);
    const changedFiles = ['part-7.bin', 'part-8.bin', 'part-9.bin'];
    for (const name of changedFiles)
      await fsp.writeFile(path.join(source, name), seededBytes(`${name} v2`, FILE_SIZE));
    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    expect(snapshot.stats.filesChanged).toBe(3);
    const share = ((await folderSize(repoDir)) - before) / DATA_SIZE;
    expect(share).toBeGreaterThan((3 * FILE_SIZE) / DATA_SIZE); // 5.36%
    expect(share).toBeLessThan(0.055);
  });

  it('adds only the chunks around an edit inside a large file, and realigns after an insertion', async () => {
    const before = await folderSize(repoDir);
    const large = await fsp.open(path.join(source, 'large.bin'), 'r+');
    await large.write(seededBytes('edit', 64 * 1024), 0, 64 * 1024, 10 * MiB);
    await large.close();
    const original = await fsp.readFile(path.join(source, 'part-3.bin'));
    await fsp.writeFile(
      path.join(source, 'part-3.bin'),
      Buffer.concat([Buffer.from('inserted at the start'), original]),
    );
    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    expect(snapshot.stats.filesChanged).toBe(2);
    const added = (await folderSize(repoDir)) - before;
    // the chunks around the edit (about 1.2 MiB each) and the first chunk of part-3: far below the 25.5 MiB read
    expect(added).toBeGreaterThan(MiB);
    expect(added).toBeLessThan(5 * MiB);
  });
});
