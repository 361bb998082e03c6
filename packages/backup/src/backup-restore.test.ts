import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  filesUnder,
  KEK,
  manifestOf,
  newRepository,
  randomContent,
  removeDir,
  tempDir,
  textContent,
  withoutLocalPaths,
} from '../test/fixtures.ts';
import { backup } from './archive/archiver.ts';
import { nodeFs, type SourceFs } from './archive/source-fs.ts';
import { LocalBackend } from './backend/local.ts';
import { isStrataError } from './errors.ts';
import { Repository } from './repo/repository.ts';
import { restore } from './restore/restorer.ts';

const SPARSE_SIZE = 200 * 1024 * 1024;
const MARKER = 'PLAINTEXT-MARKER-7Q2';

/** A tree with what breaks naive backups: odd names, empty files, a large sparse file, links, modes, owners. */
const seedOddTree = async (root: string) => {
  const put = async (relative: string | Buffer, content: Buffer, mode = 0o644) => {
    const file = Buffer.isBuffer(relative)
      ? Buffer.concat([Buffer.from(`${root}/`), relative])
      : path.join(root, relative);
    await fsp.writeFile(file, content);
    await fsp.chmod(file, mode);
  };
  await fsp.mkdir(path.join(root, 'with space/inner folder'), { recursive: true });
  await fsp.mkdir(path.join(root, 'empty-dir'));
  await fsp.mkdir(path.join(root, 'nested/deep/deeper'), { recursive: true });
  await put('ünïcødé ✓ 名前.txt', textContent(MARKER, 10_000));
  await put('with space/a b c.md', textContent('notes', 3000));
  await put('with space/inner folder/.hidden', Buffer.from('hidden'));
  await put('new\nline.txt', Buffer.from('a name with a newline\n'));
  await put('tab\tand\\backslash', Buffer.from('tab'));
  await put('emoji 🎉', Buffer.from('party'));
  await put('-starts-with-dash', Buffer.from('dash'));
  await put(
    Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe, 0x2e, 0x62, 0x69, 0x6e]),
    Buffer.from('not utf-8 name'),
  );
  await put('empty.txt', Buffer.alloc(0));
  await put('nested/deep/deeper/random.bin', randomContent(3 * 1024 * 1024 + 17));
  await put('exec.sh', Buffer.from('#!/bin/sh\necho hi\n'), 0o755);
  await put('private.key', Buffer.from('secret'), 0o600);
  await put('readonly.txt', Buffer.from('read only'), 0o444);
  await fsp.chmod(path.join(root, 'with space'), 0o750);
  const sparse = path.join(root, 'sparse.img');
  await fsp.writeFile(sparse, '');
  await fsp.truncate(sparse, SPARSE_SIZE);
  const handle = await fsp.open(sparse, 'r+');
  await handle.write(Buffer.from('MIDDLE OF A SPARSE FILE'), 0, 23, SPARSE_SIZE / 2);
  await handle.close();
  await fsp.symlink('ünïcødé ✓ 名前.txt', path.join(root, 'link-to-file'));
  await fsp.symlink('/nonexistent/target', path.join(root, 'dangling-link'));
  await fsp.symlink('with space', path.join(root, 'link-to-dir'));
  if (process.getuid?.() === 0) await fsp.lchown(path.join(root, 'private.key'), 1234, 5678);
  await fsp.utimes(
    path.join(root, 'readonly.txt'),
    new Date('2001-02-03T04:05:06.789Z'),
    new Date('2001-02-03T04:05:06.789Z'),
  );
};

/** Wraps the real file system, counting the files opened for reading. */
const countingFs = () => {
  const opened: string[] = [];
  const fs: SourceFs = {
    ...nodeFs,
    open: (p) => {
      opened.push(p.toString());
      return nodeFs.open(p);
    },
  };
  return { fs, opened };
};

describe('backup and restore of a real tree', () => {
  let dir: string;
  let source: string;
  let repo: Repository;

  beforeAll(async () => {
    dir = await tempDir();
    source = path.join(dir, 'source');
    await fsp.mkdir(source);
    await seedOddTree(source);
    repo = await newRepository(path.join(dir, 'repo'));
  });
  afterAll(() => removeDir(dir));

  it('restores odd names, empty files, a sparse file, links and modes byte for byte', async () => {
    const { snapshot, errors } = await backup(repo, {
      paths: [source],
      planId: 'plan-1',
      deviceId: 'device-1',
    });
    expect(errors).toEqual([]);
    expect(snapshot.stats.filesNew).toBe(14);
    expect(snapshot.paths).toEqual([source]);

    const target = path.join(dir, 'restored');
    const result = await restore(repo, { snapshot: snapshot.id, target });
    expect(result.errors).toEqual([]);
    expect(result.filesRestored).toBe(14);
    expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));

    const restoredSparse = await fsp.stat(path.join(target, 'source/sparse.img'));
    expect(restoredSparse.size).toBe(SPARSE_SIZE);
    expect(restoredSparse.blocks * 512).toBeLessThan(1024 * 1024); // holes stay holes

    // the same without worker threads (the calling thread reads, opens and writes everything)
    const inThread = path.join(dir, 'restored-in-thread');
    await restore(repo, { snapshot: snapshot.id, target: inThread, workers: 0 });
    expect(await manifestOf(path.join(inThread, 'source'))).toEqual(await manifestOf(source));

    // and from a backend without local paths (a remote one): this thread reads the packs, the workers get the bytes
    const remote = await Repository.open(withoutLocalPaths(new LocalBackend(path.join(dir, 'repo'))), {
      kek: KEK,
    });
    const fromRemote = path.join(dir, 'restored-from-remote');
    await restore(remote, { snapshot: snapshot.id, target: fromRemote });
    expect(await manifestOf(path.join(fromRemote, 'source'))).toEqual(await manifestOf(source));
  });

  it('does not read files again that are unchanged since the parent snapshot', async () => {
    const first = countingFs();
    await backup(repo, { paths: [source], planId: 'plan-2', deviceId: 'device-1', fs: first.fs });
    expect(first.opened).toHaveLength(14);

    const second = countingFs();
    const { snapshot } = await backup(repo, {
      paths: [source],
      planId: 'plan-2',
      deviceId: 'device-1',
      fs: second.fs,
    });
    expect(second.opened).toEqual([]);
    expect(snapshot.stats).toMatchObject({ filesNew: 0, filesChanged: 0, filesUnmodified: 14 });
    // no data; at most the trees of the folders above (other tests change the temporary folder's mtime)
    expect(snapshot.stats.bytesAdded).toBeLessThan(2048);

    await fsp.appendFile(path.join(source, 'with space/a b c.md'), 'one more line\n');
    const third = countingFs();
    const changed = await backup(repo, {
      paths: [source],
      planId: 'plan-2',
      deviceId: 'device-1',
      fs: third.fs,
    });
    expect(third.opened).toEqual([path.join(source, 'with space/a b c.md')]);
    expect(changed.snapshot.stats).toMatchObject({ filesChanged: 1, filesUnmodified: 13 });
    expect(changed.snapshot.parent).toBe(snapshot.id);

    const full = countingFs();
    await backup(repo, {
      paths: [source],
      planId: 'plan-2',
      deviceId: 'device-1',
      fs: full.fs,
      parent: null,
    });
    expect(full.opened).toHaveLength(14);
  });

  it('leaves no plaintext in the repository: no content, no names', async () => {
    const random = await fsp.readFile(path.join(source, 'nested/deep/deeper/random.bin'));
    const needles = [
      Buffer.from(MARKER),
      Buffer.from('ünïcødé'),
      Buffer.from('with space'),
      random.subarray(1_000_000, 1_000_064),
    ];
    for (const file of await filesUnder(path.join(dir, 'repo'))) {
      if (path.basename(file) === 'config' || file.includes('/keys/')) continue;
      const bytes = await fsp.readFile(file);
      for (const needle of needles)
        expect(bytes.includes(needle), `${file} contains ${needle.subarray(0, 16)}`).toBe(false);
    }
  });

  it('reports progress with totals and an ETA', async () => {
    const reports: { filesDone: number; filesTotal: number; bytesDone: number; etaSeconds: number | null }[] =
      [];
    await backup(repo, {
      paths: [source],
      planId: 'plan-3',
      deviceId: 'device-1',
      parent: null,
      onProgress: (p) => reports.push(p),
      progressIntervalMs: 0,
    });
    const last = reports[reports.length - 1]!;
    expect(last.filesDone).toBe(14);
    expect(last.filesTotal).toBe(14);
    expect(last.bytesDone).toBeGreaterThan(SPARSE_SIZE);
    expect(reports.some((r) => r.etaSeconds !== null)).toBe(true);
  });

  it('walks a slow file system on the thread pool, and records entries that cannot be read', async () => {
    // lstat calls taking 3 ms each (a network share): after the first of a batch the rest go to the pool
    const calls = { sync: 0, async: 0 };
    const gone = Buffer.from(path.join(source, 'exec.sh'));
    const vanished = () => Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' });
    const slowFs: SourceFs = {
      ...nodeFs,
      lstatSync: (p) => {
        calls.sync++;
        const until = performance.now() + 3;
        while (performance.now() < until);
        if (p.equals(gone)) throw vanished();
        return nodeFs.lstatSync!(p);
      },
      lstat: (p) => {
        calls.async++;
        return p.equals(gone) ? Promise.reject(vanished()) : nodeFs.lstat(p);
      },
    };
    const { snapshot, errors } = await backup(repo, {
      paths: [source],
      planId: 'plan-5',
      deviceId: 'device-1',
      parent: null,
      fs: slowFs,
    });
    expect(errors).toEqual([{ path: gone.toString(), message: 'ENOENT: no such file' }]);
    expect(snapshot.stats.filesNew).toBe(13);
    expect(calls.async).toBeGreaterThan(calls.sync);
  });

  it('applies include and exclude rules', async () => {
    const { snapshot } = await backup(repo, {
      paths: [source],
      planId: 'plan-4',
      deviceId: 'device-1',
      exclude: ['*.img', 'with space'],
      include: ['*.txt', '/**/deeper'],
    });
    const target = path.join(dir, 'filtered');
    await restore(repo, { snapshot: snapshot.id, target });
    const names = [...(await manifestOf(path.join(target, 'source'))).keys()].sort();
    expect(names).toEqual(
      [
        '/empty.txt',
        '/nested',
        '/nested/deep',
        '/nested/deep/deeper',
        '/nested/deep/deeper/random.bin',
        '/new\nline.txt',
        '/readonly.txt',
        '/ünïcødé ✓ 名前.txt',
      ]
        .map((n) => Buffer.from(n).toString('latin1'))
        .sort(),
    );
  });
});

describe('restore of files that end in zeros', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => removeDir(dir));

  it('gives each file its size and bytes, the zeros at the end left as a hole', async () => {
    const source = path.join(dir, 'source');
    await fsp.mkdir(source);
    const zeros = (size: number) => Buffer.alloc(size);
    await fsp.writeFile(
      path.join(source, 'tail.bin'),
      Buffer.concat([randomContent(100_000), zeros(200_000)]),
    );
    await fsp.writeFile(path.join(source, 'only-zeros.bin'), zeros(300_000));
    await fsp.writeFile(
      path.join(source, 'large-tail.bin'),
      Buffer.concat([randomContent(3 * 1024 * 1024), zeros(1024 * 1024)]),
    );
    const repo = await newRepository(path.join(dir, 'repo'));
    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    for (const workers of [undefined, 0]) {
      const target = path.join(dir, `restored-${workers ?? 'workers'}`);
      await restore(repo, { snapshot: snapshot.id, target, workers });
      expect(await manifestOf(path.join(target, 'source'))).toEqual(await manifestOf(source));
      const tail = await fsp.stat(path.join(target, 'source/tail.bin'));
      expect(tail.blocks * 512).toBeLessThan(200_000);
    }
  });
});

describe('restore from a damaged repository', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => removeDir(dir));

  it('stops with CORRUPT when a blob does not open, whichever thread reads it', async () => {
    const source = path.join(dir, 'source');
    await fsp.mkdir(source);
    await fsp.writeFile(path.join(source, 'small.bin'), randomContent(300_000));
    await fsp.writeFile(path.join(source, 'large.bin'), randomContent(3 * 1024 * 1024));
    const repo = await newRepository(path.join(dir, 'repo'));
    const { snapshot } = await backup(repo, { paths: [source], planId: 'p', deviceId: 'd' });
    // one byte changed in the middle of every pack: inside the files' blobs (trees are small, at a pack's end)
    for (const pack of await filesUnder(path.join(dir, 'repo/data'))) {
      const bytes = await fsp.readFile(pack);
      bytes[Math.floor(bytes.length / 3)]! ^= 0xff;
      await fsp.writeFile(pack, bytes);
    }
    const remote = await Repository.open(withoutLocalPaths(new LocalBackend(path.join(dir, 'repo'))), {
      kek: KEK,
    });
    for (const [name, from, workers] of [
      ['workers reading the packs', repo, undefined],
      ['this thread reading for the workers', remote, undefined],
      ['no workers', repo, 0],
    ] as const) {
      const target = path.join(dir, `restored ${name}`);
      await expect(restore(from, { snapshot: snapshot.id, target, workers }), name).rejects.toSatisfy(
        (error) => isStrataError(error, 'CORRUPT'),
      );
    }
  });
});
