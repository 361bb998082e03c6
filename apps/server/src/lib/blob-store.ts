import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Files on the filesystem (docs/architecture.md "Files"): each blob is one file named by its id in
 * `<root>/`, written first to `<root>/tmp/<random>.part` and renamed into place once complete (after an
 * fsync), so a reader never sees half a file and a crash leaves only a temp file, which `sweepTemp` removes.
 * Several server processes share blobs only when `<root>` is on a shared filesystem.
 */

/** Ids are uuids (or other names of letters, digits and dashes): never a path. */
const ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/;

/** A blob being written: append bytes, then commit it under an id, or discard it. */
export type BlobWriter = {
  readonly tempPath: string;
  /** Appends bytes; resolves once they are written (the caller's backpressure). */
  write: (bytes: Uint8Array) => Promise<void>;
  /** Flushes, syncs and closes the temp file; bytes written so far. */
  finish: () => Promise<number>;
  /** Renames the finished temp file to the blob `id`. */
  commit: (id: string) => Promise<void>;
  /** Closes and removes the temp file; safe to call twice and after commit (then it does nothing). */
  discard: () => Promise<void>;
};

export type BlobStore = {
  readonly root: string;
  createWriter: () => Promise<BlobWriter>;
  /** Size of a blob, or undefined when there is none. */
  size: (id: string) => Promise<number | undefined>;
  openRead: (id: string) => fs.ReadStream;
  /** Removes a blob; true when there was one. */
  remove: (id: string) => Promise<boolean>;
  /** Ids of the blobs last written before `before` (for the sweep that removes blobs without a record). */
  listOlderThan: (before: Date) => Promise<string[]>;
  /** Removes temp files older than `before` (uploads cut off by a crash); answers how many. */
  sweepTemp: (before: Date) => Promise<number>;
  /** Temp files present now (tests check that a refused upload leaves none). */
  listTemp: () => Promise<string[]>;
};

const checkId = (id: string) => {
  if (!ID.test(id)) throw new Error(`not a blob id: ${JSON.stringify(id)}`);
  return id;
};

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export const createBlobStore = (root: string): BlobStore => {
  const tempDir = path.join(root, 'tmp');
  let ready: Promise<void> | undefined;
  const ensureDirs = () => {
    ready ??= fsp.mkdir(tempDir, { recursive: true, mode: 0o700 }).then(() => {});
    return ready;
  };
  const blobPath = (id: string) => path.join(root, checkId(id));

  const createWriter = async (): Promise<BlobWriter> => {
    await ensureDirs();
    const tempPath = path.join(tempDir, `${randomUUID()}.part`);
    const handle = await fsp.open(tempPath, 'wx', 0o600);
    let size = 0;
    let state: 'open' | 'finished' | 'committed' | 'discarded' = 'open';
    return {
      tempPath,
      write: async (bytes) => {
        if (state !== 'open') throw new Error('blob writer is not open');
        let offset = 0;
        while (offset < bytes.length) {
          const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
          offset += bytesWritten;
        }
        size += bytes.length;
      },
      finish: async () => {
        if (state !== 'open') throw new Error('blob writer is not open');
        await handle.sync();
        await handle.close();
        state = 'finished';
        return size;
      },
      commit: async (id) => {
        if (state !== 'finished') throw new Error('finish the blob before committing it');
        await fsp.rename(tempPath, blobPath(id));
        state = 'committed';
      },
      discard: async () => {
        if (state === 'committed' || state === 'discarded') return;
        if (state === 'open') await handle.close().catch(() => {});
        state = 'discarded';
        await fsp.rm(tempPath, { force: true });
      },
    };
  };

  const size = async (id: string) => {
    try {
      return (await fsp.stat(blobPath(id))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };

  const remove = async (id: string) => {
    try {
      await fsp.unlink(blobPath(id));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  };

  const entriesOlderThan = async (dir: string, before: Date, isWanted: (name: string) => boolean) => {
    await ensureDirs();
    const names = (await fsp.readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isWanted(entry.name))
      .map((entry) => entry.name);
    const old: string[] = [];
    for (const name of names) {
      const stat = await fsp.stat(path.join(dir, name)).catch(() => undefined);
      if (stat && stat.mtime < before) old.push(name);
    }
    return old;
  };

  return {
    root,
    createWriter,
    size,
    openRead: (id) => fs.createReadStream(blobPath(id)),
    remove,
    listOlderThan: (before) => entriesOlderThan(root, before, (name) => ID.test(name)),
    sweepTemp: async (before) => {
      const old = await entriesOlderThan(tempDir, before, (name) => name.endsWith('.part'));
      await Promise.all(old.map((name) => fsp.rm(path.join(tempDir, name), { force: true })));
      return old.length;
    },
    listTemp: async () => {
      await ensureDirs();
      return (await fsp.readdir(tempDir)).filter((name) => name.endsWith('.part'));
    },
  };
};
