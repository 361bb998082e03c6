import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Backend, ByteRange, FileType } from '../src/backend/backend.ts';
import { LocalBackend } from '../src/backend/local.ts';
import type { Clock } from '../src/clock.ts';
import { Repository } from '../src/repo/repository.ts';

/** A folder in the system's temporary directory, removed by cleanup(). */
export const tempDir = async (prefix = 'strata-test-'): Promise<string> =>
  fsp.mkdtemp(path.join(os.tmpdir(), prefix));

export const removeDir = (dir: string) => fsp.rm(dir, { recursive: true, force: true });

export const KEK = Buffer.alloc(32, 0x5a);

export const newRepository = async (folder: string, options: { clock?: Clock; packSize?: number } = {}) =>
  Repository.init(new LocalBackend(folder, { fsync: false }), { kek: KEK }, options);

export const openRepository = (folder: string, options: { clock?: Clock } = {}) =>
  Repository.open(new LocalBackend(folder, { fsync: false }), { kek: KEK }, options);

/** Text that compresses, with a marker so that tests can look for it in the repository's files. */
export const textContent = (marker: string, size: number): Buffer => {
  const line = `${marker} the quick brown fox jumps over the lazy dog ${marker}\n`;
  return Buffer.from(line.repeat(Math.ceil(size / line.length)).slice(0, size));
};

export const randomContent = (size: number): Buffer => randomBytes(size);

/** Everything about a tree that a restore must reproduce, by relative path (names as latin1 keep any bytes). */
export type Manifest = Map<
  string,
  {
    type: string;
    mode: number;
    uid: number;
    gid: number;
    size: number;
    sha256?: string;
    link?: string;
    mtimeMs: number;
  }
>;

export const manifestOf = async (root: string): Promise<Manifest> => {
  const result: Manifest = new Map();
  const rootBytes = Buffer.from(root);
  const visit = async (dir: Buffer, relative: string) => {
    for (const name of (await fsp.readdir(dir, { encoding: 'buffer' })).sort(Buffer.compare)) {
      const full = Buffer.concat([dir, Buffer.from('/'), name]);
      const rel = `${relative}/${name.toString('latin1')}`;
      const stat = await fsp.lstat(full);
      const base = {
        mode: stat.mode & 0o7777,
        uid: stat.uid,
        gid: stat.gid,
        size: 0,
        mtimeMs: Math.floor(stat.mtimeMs),
      };
      if (stat.isDirectory()) {
        result.set(rel, { ...base, type: 'dir', mtimeMs: 0 });
        await visit(full, rel);
      } else if (stat.isSymbolicLink()) {
        result.set(rel, {
          ...base,
          type: 'symlink',
          mode: 0,
          link: (await fsp.readlink(full, { encoding: 'buffer' })).toString('latin1'),
        });
      } else {
        result.set(rel, { ...base, type: 'file', size: stat.size, sha256: await sha256File(full) });
      }
    }
  };
  await visit(rootBytes, '');
  return result;
};

export const sha256File = (file: Buffer | string): Promise<string> =>
  new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file, { highWaterMark: 1024 * 1024 })
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Bytes of all files under a folder. */
export const folderSize = async (folder: string): Promise<number> => {
  let total = 0;
  for (const entry of await fsp.readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await fsp.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
};

/** All files under a folder, for tests that damage one. */
export const filesUnder = async (folder: string): Promise<string[]> =>
  (await fsp.readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

/** The same incompressible bytes for the same seed (AES-256-CTR keystream), so that chunk boundaries repeat run to run. */
export const seededBytes = (seed: string, size: number): Buffer => {
  const key = createHash('sha256').update(seed).digest();
  return createCipheriv('aes-256-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
};

/** A repository with a fixed master key and chunker seed: the same data cuts into the same chunks every run. */
export const deterministicRepository = (folder: string, options: { clock?: Clock } = {}) =>
  Repository.init(
    new LocalBackend(folder, { fsync: false }),
    { kek: KEK },
    {
      ...options,
      from: {
        masterKey: Buffer.alloc(32, 1),
        chunker: {
          algorithm: 'fastcdc',
          minSize: 512 * 1024,
          avgSize: 1024 * 1024,
          maxSize: 8 * 1024 * 1024,
          seed: '00'.repeat(16),
        },
      },
    },
  );

/** The backend as a remote one is: the same files, but no local paths (restore's workers get the bytes). */
export const withoutLocalPaths = (inner: Backend): Backend => ({
  location: inner.location,
  list: (type) => inner.list(type),
  read: (type, name, range) => inner.read(type, name, range),
  write: (type, name, data) => inner.write(type, name, data),
  remove: (type, name) => inner.remove(type, name),
  stat: (type, name) => inner.stat(type, name),
  close: () => inner.close(),
});

/**
 * A backend that dies like a killed process: after `writesBeforeCrash` writes, every call fails (so a lock it
 * holds is left behind, as a kill would leave it).
 */
export class CrashingBackend implements Backend {
  private writes = 0;
  crashed = false;
  constructor(
    private readonly inner: Backend,
    private readonly writesBeforeCrash: number,
  ) {}
  get location() {
    return this.inner.location;
  }
  private alive() {
    if (this.crashed) throw new Error('simulated crash');
  }
  async write(type: FileType, name: string, data: Uint8Array) {
    this.alive();
    if (type !== 'locks' && ++this.writes > this.writesBeforeCrash) {
      this.crashed = true;
      this.alive();
    }
    return this.inner.write(type, name, data);
  }
  async list(type: FileType) {
    this.alive();
    return this.inner.list(type);
  }
  async read(type: FileType, name: string, range?: ByteRange) {
    this.alive();
    return this.inner.read(type, name, range);
  }
  async remove(type: FileType, name: string) {
    this.alive();
    return this.inner.remove(type, name);
  }
  async stat(type: FileType, name: string) {
    this.alive();
    return this.inner.stat(type, name);
  }
  close() {
    return this.inner.close();
  }
}
