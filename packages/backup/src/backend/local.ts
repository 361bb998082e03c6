import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { StrataError } from '../errors.ts';
import { type Backend, type ByteRange, type FileInfo, type FileType, fileTypes } from './backend.ts';
import { fileOfPath, filePath, subFolderDepth, typeFolder } from './layout.ts';

const TEMP_PREFIX = '.tmp-';
const HANDLE_CACHE_SIZE = 16;

export type LocalBackendOptions = {
  /** Flush each written file to disk before it is renamed into place (default true): a pack is durable before the index names it. */
  fsync?: boolean;
};

const isNotFound = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * A repository in a folder: a local disk or a mounted network share (SMB, NFS), its files where the layout
 * (`layout.ts`) puts them. Writes go to a temporary file in the target folder and are renamed into place, which
 * is atomic on both.
 */
export class LocalBackend implements Backend {
  readonly location: string;
  private readonly fsync: boolean;
  private readonly handles = new HandleCache(HANDLE_CACHE_SIZE);

  constructor(folder: string, options: LocalBackendOptions = {}) {
    this.location = path.resolve(folder);
    this.fsync = options.fsync ?? true;
  }

  private pathOf(type: FileType, name: string): string {
    return path.join(this.location, ...filePath(type, name).split('/'));
  }

  /** The folders a type's files sit in, each with its path in the layout. */
  private async foldersOf(type: FileType): Promise<{ folder: string; relative: string }[]> {
    let folders = [{ folder: path.join(this.location, typeFolder(type)), relative: typeFolder(type) }];
    for (let depth = subFolderDepth(type); depth > 0; depth--) {
      const next: typeof folders = [];
      for (const { folder, relative } of folders)
        for (const sub of await readdirOrEmpty(folder))
          if (!sub.startsWith('.'))
            next.push({ folder: path.join(folder, sub), relative: `${relative}/${sub}` });
      folders = next;
    }
    return folders;
  }

  localPath(type: FileType, name: string): string {
    return this.pathOf(type, name);
  }

  async list(type: FileType): Promise<FileInfo[]> {
    if (type === 'config') {
      const info = await this.stat('config', 'config');
      return info ? [info] : [];
    }
    const result: FileInfo[] = [];
    for (const { folder, relative } of await this.foldersOf(type)) {
      for (const name of await readdirOrEmpty(folder)) {
        // temporary files of unfinished writes, and anything not where the layout would put it
        if (fileOfPath(`${relative}/${name}`)?.type !== type) continue;
        const stat = await fsp.stat(path.join(folder, name)).catch(() => null);
        if (stat?.isFile()) result.push({ name, size: stat.size });
      }
    }
    return result;
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    const file = this.pathOf(type, name);
    if (!range) {
      try {
        return await fsp.readFile(file);
      } catch (error) {
        throw notFoundOr(error, type, name);
      }
    }
    // Packs are read blob by blob during restore and check: keep a few handles open rather than one open per blob.
    const lease = this.handles.acquire(file);
    const handle = await lease.handle.catch((error) => {
      lease.release();
      throw notFoundOr(error, type, name);
    });
    try {
      const buffer = Buffer.allocUnsafe(range.length);
      let done = 0;
      while (done < range.length) {
        const { bytesRead } = await handle.read(buffer, done, range.length - done, range.offset + done);
        if (bytesRead === 0) {
          throw new StrataError(
            'CORRUPT',
            `${type}/${name}: range ${range.offset}+${range.length} runs past the end`,
          );
        }
        done += bytesRead;
      }
      return buffer;
    } finally {
      lease.release();
    }
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    const file = this.pathOf(type, name);
    const folder = path.dirname(file);
    const temp = path.join(folder, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
    let handle: FileHandle;
    try {
      handle = await fsp.open(temp, 'wx', 0o600);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      await fsp.mkdir(folder, { recursive: true });
      handle = await fsp.open(temp, 'wx', 0o600);
    }
    try {
      await handle.writeFile(data);
      if (this.fsync) await handle.sync();
    } catch (error) {
      await handle.close().catch(() => {});
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await this.handles.evict(file);
    await fsp.rename(temp, file);
  }

  async remove(type: FileType, name: string): Promise<void> {
    const file = this.pathOf(type, name);
    await this.handles.evict(file);
    await fsp.rm(file, { force: true });
  }

  async stat(type: FileType, name: string): Promise<FileInfo | null> {
    try {
      const stat = await fsp.stat(this.pathOf(type, name));
      return { name, size: stat.size };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Removes temporary files that a killed process left behind (older than `olderThanMs`). */
  async removeStaleTemporaryFiles(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    const folders: string[] = [];
    for (const type of fileTypes) folders.push(...(await this.foldersOf(type)).map((f) => f.folder));
    for (const folder of folders) {
      for (const name of await readdirOrEmpty(folder)) {
        if (!name.startsWith(TEMP_PREFIX)) continue;
        const file = path.join(folder, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && now - stat.mtimeMs > olderThanMs) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }

  async close(): Promise<void> {
    await this.handles.closeAll();
  }
}

const readdirOrEmpty = async (folder: string): Promise<string[]> => {
  try {
    return await fsp.readdir(folder);
  } catch (error) {
    if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return [];
    throw error;
  }
};

const notFoundOr = (error: unknown, type: FileType, name: string): unknown =>
  isNotFound(error)
    ? new StrataError('NOT_FOUND', `${type}/${name} does not exist`, { cause: error })
    : error;

type CachedHandle = { opening: Promise<FileHandle>; users: number; evicted: boolean };

/** Open read handles by path, least recently used closed first; a handle in use is closed when its last reader is done. */
class HandleCache {
  private readonly entries = new Map<string, CachedHandle>();
  constructor(private readonly capacity: number) {}

  acquire(file: string): { handle: Promise<FileHandle>; release: () => void } {
    let entry = this.entries.get(file);
    if (entry) this.entries.delete(file);
    else {
      const created: CachedHandle = { opening: fsp.open(file, 'r'), users: 0, evicted: false };
      created.opening.catch(() => {
        if (this.entries.get(file) === created) this.entries.delete(file);
      });
      entry = created;
    }
    this.entries.set(file, entry);
    entry.users++;
    this.trim();
    const leased = entry;
    return {
      handle: leased.opening,
      release: () => {
        leased.users--;
        if (leased.evicted && leased.users === 0) {
          this.lost.delete(leased);
          void leased.opening.then((h) => h.close()).catch(() => {});
        }
      },
    };
  }

  /** Closes the handle of a file about to be replaced or removed. */
  async evict(file: string): Promise<void> {
    const entry = this.entries.get(file);
    if (!entry) return;
    this.entries.delete(file);
    entry.evicted = true;
    if (entry.users === 0) await entry.opening.then((h) => h.close()).catch(() => {});
    else this.lost.add(entry);
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values(), ...this.lost.values()];
    this.entries.clear();
    this.lost.clear();
    await Promise.all(all.map((e) => e.opening.then((h) => h.close()).catch(() => {})));
  }

  /** Evicted handles still being read from. */
  private readonly lost = new Set<CachedHandle>();

  private trim(): void {
    for (const [file, entry] of this.entries) {
      if (this.entries.size <= this.capacity) return;
      this.entries.delete(file);
      entry.evicted = true;
      if (entry.users > 0) this.lost.add(entry);
      else void entry.opening.then((h) => h.close()).catch(() => {});
    }
  }
}
