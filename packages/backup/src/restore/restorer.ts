import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import nodePath from 'node:path';
import { isStrataError, StrataError, throwIfAborted } from '../errors.ts';
import { mapLimit, Semaphore } from '../limit.ts';
import { displayPath, joinAbsolute, joinBytes } from '../paths.ts';
import { type ProgressCallback, ProgressMeter } from '../progress.ts';
import { withLock } from '../repo/lock.ts';
import type { Repository } from '../repo/repository.ts';
import { linkTargetOf, nameBytesOf, type TreeNode } from '../tree.ts';
import { WorkerPool } from '../workers/pool.ts';
import { BlobReader } from './blob-reader.ts';
import { countSelection, type Selected, selectPaths, TreeCache } from './select.ts';

export type CollisionHandling = 'overwrite' | 'skip' | 'keepBoth';

export type RestoreOptions = {
  /** Snapshot id, unique id prefix, or "latest". */
  snapshot: string;
  /** Files and folders to restore, as backed up ("/home/a/docs"); default: all the snapshot's paths. */
  paths?: string[];
  /** Folder to restore into, each selected item under its own name; omitted: in place, at the original paths. */
  target?: string;
  /** When a file is already there: replace it (default), leave it, or restore beside it as "name (restored 1).ext". */
  collision?: CollisionHandling;
  /** Restore mode bits, and owner and group when running as root (default true). */
  restorePermissions?: boolean;
  /**
   * Restore files of the snapshot that are missing at the destination ("deleted since"); default true. With
   * false only files still present are brought back to the snapshot's version.
   */
  restoreDeletedFiles?: boolean;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  progressIntervalMs?: number;
  /** Files written at once (default: four per worker). */
  concurrency?: number;
  /** Worker threads that read and open blobs and write files (default: one a core, at most 4; 0: this thread). */
  workers?: number;
};

export type RestoreResult = {
  filesRestored: number;
  filesSkipped: number;
  /** Files restored beside an existing one (keepBoth), with the names they got. */
  renamed: { path: string; restoredAs: string }[];
  dirs: number;
  links: number;
  bytesWritten: number;
  errors: { path: string; message: string }[];
};

type Pending = { done: Promise<void> };
type Place = { path: Buffer; replaces: boolean; exists?: boolean };
const settled: Pending = { done: Promise.resolve() };

const ZERO_BLOCK = Buffer.alloc(64 * 1024);
/** Plaintext bytes of one part of a file handed to a worker. */
const PART_BYTES = 8 * 1024 * 1024;
/** Worker threads a restore starts by default, at most (see run). */
const MAX_WORKERS = 4;
/** Files up to this size go to the worker in batches (see SmallFiles). */
const SMALL_FILE = 1024 * 1024;

const folderOf = (path: Buffer) => Buffer.from(nodePath.dirname(path.toString('latin1')), 'latin1');

/** A worker's report of a failed part, as an error with the errno code when it had one. */
const partError = (result: { code?: string; message: string }): Error =>
  result.code
    ? Object.assign(new Error(result.message), { code: result.code })
    : new StrataError('CORRUPT', result.message);

/** Small files of one folder gathered for one worker task: up to 64 files or 4 MiB. */
class SmallFiles {
  private items: { node: TreeNode; place: Place; settle: (error: Error | null) => void }[] = [];
  private bytes = 0;

  constructor(
    private readonly restorer: Restorer,
    private readonly folder: Buffer,
  ) {}

  /** Adds a file; resolves once it is queued, to the file's completion (file-system errors recorded, not thrown). */
  async add(node: TreeNode, place: Place): Promise<{ done: Promise<void> }> {
    const written = new Promise<Error | null>((settle) => this.items.push({ node, place, settle }));
    this.bytes += node.size;
    if (this.items.length >= 64 || this.bytes >= 4 * 1024 * 1024) await this.send();
    return {
      done: written.then((error) => {
        if (error) this.restorer.failFile(place.path, error);
      }),
    };
  }

  /** Sends what is gathered (at the end of the folder, or when full). */
  async send(): Promise<void> {
    const items = this.items;
    if (items.length === 0) return;
    this.items = [];
    this.bytes = 0;
    const { done } = await this.restorer.queue(() =>
      this.restorer.writeSmallFiles(
        this.folder,
        items.map(({ node, place }) => ({ node, place })),
      ),
    );
    void done.then(
      (errors) => {
        for (const [i, item] of items.entries()) item.settle(errors[i] ?? null);
      },
      (error: Error) => {
        for (const item of items) item.settle(error);
      },
    );
  }
}
const isRoot = () => process.getuid?.() === 0;

export class Restorer {
  private readonly trees: TreeCache;
  private readonly blobs: BlobReader;
  private files!: Semaphore;
  private pool: WorkerPool | undefined;
  private readonly queued = new Semaphore(512);
  private readonly memory = new Semaphore(32 * 1024 * 1024);
  private readonly reserved = new Set<string>();
  private readonly outstanding = new Set<Promise<unknown>>();
  private readonly meter: ProgressMeter;
  readonly result: RestoreResult = {
    filesRestored: 0,
    filesSkipped: 0,
    renamed: [],
    dirs: 0,
    links: 0,
    bytesWritten: 0,
    errors: [],
  };
  private readonly collision: CollisionHandling;
  private readonly permissions: boolean;
  private readonly deleted: boolean;

  constructor(
    private readonly repo: Repository,
    private readonly options: RestoreOptions,
  ) {
    this.trees = new TreeCache(repo);
    this.blobs = new BlobReader(repo);
    this.meter = new ProgressMeter('restore', repo.clock, options.onProgress, options.progressIntervalMs);
    this.collision = options.collision ?? 'overwrite';
    this.permissions = options.restorePermissions ?? true;
    this.deleted = options.restoreDeletedFiles ?? true;
  }

  async run(): Promise<RestoreResult> {
    await this.repo.loadIndex();
    // one a core, at most four: creating files is the kernel's CPU work (inode allocation), and a folder's files
    // all go to one worker, so two workers create in two folders at once; beyond a few the disk is the limit
    // and each worker is another isolate's memory (docs/decisions.md, restore workers). Started first: they
    // boot while the trees are walked and counted.
    const workers = this.options.workers ?? Math.min(MAX_WORKERS, os.availableParallelism());
    this.pool = workers > 0 ? new WorkerPool(this.repo, { size: workers, withKnownIds: false }) : undefined;
    this.files = new Semaphore(this.options.concurrency ?? (this.pool ? this.pool.size * 4 : 4));
    try {
      const snapshot = await this.repo.findSnapshot(this.options.snapshot);
      const selected = await selectPaths(this.trees, snapshot, this.options.paths);
      const totals = await countSelection(this.trees, selected);
      Object.assign(this.meter, { filesTotal: totals.files, bytesTotal: totals.bytes, totalsFinal: true });
      // which packs to read whole: only when this thread reads them (workers read a local repository's themselves)
      if (!this.pool || !this.repo.backend.localPath) {
        const packSizes = new Map((await this.repo.backend.list('data')).map((f) => [f.name, f.size]));
        this.blobs.plan(totals.blobs, packSizes);
      }
      return await this.restoreSelected(selected);
    } finally {
      await this.pool?.close();
    }
  }

  private async restoreSelected(selected: Selected[]): Promise<RestoreResult> {
    const target = this.options.target ? Buffer.from(nodePath.resolve(this.options.target)) : null;
    if (target) await fsp.mkdir(target, { recursive: true });
    const pendings: Promise<void>[] = [];
    try {
      for (const { node, components } of selected) {
        const destination = target
          ? joinBytes(target, nameBytesOf(node))
          : joinAbsolute([...components, nameBytesOf(node)]);
        if (!target) await fsp.mkdir(joinAbsolute(components), { recursive: true });
        pendings.push((await this.restoreNode(node, destination, false)).done);
      }
      await Promise.all(pendings);
    } catch (error) {
      await Promise.allSettled([...this.outstanding]);
      throw error;
    }
    this.meter.finish();
    return this.result;
  }

  /** `fresh`: the folder it goes into was just created, so nothing is there yet (no need to look). */
  private restoreNode(node: TreeNode, destination: Buffer, fresh: boolean): Promise<Pending> {
    throwIfAborted(this.options.signal);
    if (node.type === 'dir') return this.restoreDir(node, destination, fresh);
    if (node.type === 'symlink') return this.restoreLink(node, destination, fresh);
    return this.restoreFile(node, destination, fresh);
  }

  /** What is at `path` now, or null. */
  private existing(path: Buffer): Promise<Stats | null> {
    return fsp.lstat(path).catch(() => null);
  }

  /**
   * Where the entry goes given what is there, null to leave it out. `replaces`: an existing file or link is
   * overwritten, so the new one is written beside it and renamed over it (never half a file in its place).
   */
  private async placeFor(node: TreeNode, destination: Buffer, fresh: boolean): Promise<Place | null> {
    if (fresh) return { path: destination, replaces: false };
    const existing = await this.existing(destination);
    if (!existing) return this.deleted ? { path: destination, replaces: false } : this.skip(node);
    if (node.type === 'dir' && existing.isDirectory())
      return { path: destination, replaces: false, exists: true };
    if (this.collision === 'skip') return this.skip(node);
    if (this.collision === 'keepBoth') {
      const renamed = await this.freeName(destination);
      this.result.renamed.push({ path: displayPath(destination), restoredAs: displayPath(renamed) });
      return { path: renamed, replaces: false };
    }
    if (existing.isDirectory())
      return this.record(destination, 'a folder is in the way; it was left as it is');
    if (node.type === 'dir') {
      await fsp.rm(destination, { force: true }); // a file or link where a folder belongs
      return { path: destination, replaces: false };
    }
    return { path: destination, replaces: true };
  }

  private skip(node: TreeNode): null {
    if (node.type === 'file') this.result.filesSkipped++;
    return null;
  }

  /** "report.pdf" → "report (restored 1).pdf", the first number not taken. */
  private async freeName(path: Buffer): Promise<Buffer> {
    const text = path.toString('latin1');
    const slash = text.lastIndexOf(nodePath.sep);
    const name = text.slice(slash + 1);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; ; n++) {
      const candidate = `${text.slice(0, slash + 1)}${stem} (restored ${n})${ext}`;
      if (this.reserved.has(candidate)) continue;
      const bytes = Buffer.from(candidate, 'latin1');
      if (await this.existing(bytes)) continue;
      this.reserved.add(candidate);
      return bytes;
    }
  }

  private async restoreDir(node: TreeNode, destination: Buffer, fresh: boolean): Promise<Pending> {
    const place = await this.placeFor(node, destination, fresh);
    if (!place) return settled;
    let created = false;
    if (!place.exists) {
      created = await fsp.mkdir(place.path).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') this.fail(place.path, error);
          return false;
        },
      );
    }
    this.result.dirs++;
    const children = node.subtree ? (await this.trees.load(node.subtree)).nodes : [];
    const pendings: Promise<void>[] = [];
    const batch = this.pool ? new SmallFiles(this, place.path) : undefined;
    for (const child of children) {
      const destination = joinBytes(place.path, nameBytesOf(child));
      const pending =
        child.type === 'file'
          ? await this.restoreFile(child, destination, created, batch)
          : await this.restoreNode(child, destination, created);
      pendings.push(pending.done);
    }
    await batch?.send();
    return { done: this.track(Promise.all(pendings).then(() => this.applyMetadata(node, place.path))) };
  }

  private async restoreLink(node: TreeNode, destination: Buffer, fresh: boolean): Promise<Pending> {
    const place = await this.placeFor(node, destination, fresh);
    if (!place) return settled;
    const path = place.replaces ? this.tempBeside(place.path) : place.path;
    try {
      await fsp.symlink(linkTargetOf(node), path);
      await this.applyMetadata(node, path);
      if (place.replaces) await fsp.rename(path, place.path);
      this.result.links++;
    } catch (error) {
      if (place.replaces) await fsp.rm(path, { force: true });
      this.fail(place.path, error as Error);
    }
    return settled;
  }

  private async restoreFile(
    node: TreeNode,
    destination: Buffer,
    fresh: boolean,
    batch?: SmallFiles,
  ): Promise<Pending> {
    const place = await this.placeFor(node, destination, fresh);
    if (!place) {
      this.meter.bytesDone += node.size;
      return settled;
    }
    if (batch && node.size <= SMALL_FILE) return { done: this.track((await batch.add(node, place)).done) };
    await this.queued.acquire();
    const done = this.files
      .use(() => this.writeFile(node, place))
      .catch((error: Error) => this.fail(place.path, error))
      .finally(() => this.queued.release());
    return { done: this.track(done.then(() => {})) };
  }

  private async writeFile(node: TreeNode, place: Place): Promise<void> {
    throwIfAborted(this.options.signal);
    if (this.pool) return this.writeFileInWorker(this.pool, node, place);
    const temp = place.replaces ? this.tempBeside(place.path) : place.path;
    // private while written when its own mode follows; otherwise the usual mode for new files (umask applies)
    const handle = await fsp.open(temp, 'wx', this.permissions ? 0o600 : 0o666);
    try {
      await this.writeContent(handle, node);
      await handle.truncate(node.size);
    } catch (error) {
      await handle.close();
      await fsp.rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    await this.applyMetadata(node, temp);
    if (place.replaces) await fsp.rename(temp, place.path);
    this.result.filesRestored++;
    this.result.bytesWritten += node.size;
    this.meter.filesDone++;
    this.meter.tick();
  }

  /** Hands the file's sealed blobs to a worker in parts of about 8 MiB; the last part sets metadata (and renames). */
  private async writeFileInWorker(pool: WorkerPool, node: TreeNode, place: Place): Promise<void> {
    const temp = place.replaces ? this.tempBeside(place.path) : place.path;
    const ids = node.content ?? [];
    const parts: string[][] = [[]];
    let partBytes = 0;
    for (const id of ids) {
      const size = this.blobs.sizeOf(id);
      if (partBytes > 0 && partBytes + size > PART_BYTES) {
        parts.push([]);
        partBytes = 0;
      }
      parts[parts.length - 1]!.push(id);
      partBytes += size;
    }
    let offset = 0;
    try {
      for (const [i, part] of parts.entries()) {
        throwIfAborted(this.options.signal);
        const bytes = part.reduce((sum, id) => sum + this.blobs.sizeOf(id), 0);
        await this.memory.acquire(bytes);
        try {
          const blobs = await Promise.all(part.map((id) => this.blobs.sourceOf(id)));
          const last = i === parts.length - 1;
          const filePart = {
            path: temp,
            offset,
            blobs,
            create: i === 0,
            createMode: this.permissions ? 0o600 : 0o666,
            finish: last ? this.finishFor(node, place) : undefined,
          };
          const [result] = await pool.writeFiles([filePart], folderOf(place.path));
          if (result && !('bytes' in result)) throw partError(result);
        } finally {
          this.memory.release(bytes);
        }
        offset += bytes;
        this.meter.bytesDone += bytes;
        this.meter.tick();
      }
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    this.result.filesRestored++;
    this.result.bytesWritten += node.size;
    this.meter.filesDone++;
    this.meter.tick();
  }

  /**
   * Writes small files of one folder in one worker task: one message each way for up to 64 files. Each file is
   * written whole or not at all (a replaced one goes through a temporary name).
   */
  async writeSmallFiles(
    folder: Buffer,
    items: { node: TreeNode; place: Place }[],
  ): Promise<(Error | null)[]> {
    const pool = this.pool!;
    const bytes = items.reduce((sum, item) => sum + item.node.size, 0);
    await this.memory.acquire(bytes);
    try {
      throwIfAborted(this.options.signal);
      const parts = await Promise.all(
        items.map(async ({ node, place }) => ({
          path: place.replaces ? this.tempBeside(place.path) : place.path,
          offset: 0,
          blobs: await Promise.all((node.content ?? []).map((id) => this.blobs.sourceOf(id))),
          create: true,
          createMode: this.permissions ? 0o600 : 0o666,
          finish: this.finishFor(node, place),
        })),
      );
      const results = await pool.writeFiles(parts, folder);
      return Promise.all(
        results.map(async (result, i) => {
          const { node, place } = items[i]!;
          if ('bytes' in result) {
            this.result.filesRestored++;
            this.result.bytesWritten += node.size;
            this.meter.filesDone++;
            this.meter.bytesDone += node.size;
            this.meter.tick();
            return null;
          }
          if (place.replaces) await fsp.rm(parts[i]!.path, { force: true });
          return partError(result);
        }),
      );
    } finally {
      this.memory.release(bytes);
    }
  }

  /** Starts `work` as one of the writes at once once it has a place in the queue (which bounds memory). */
  async queue<T>(work: () => Promise<T>): Promise<{ done: Promise<T> }> {
    await this.queued.acquire();
    return { done: this.files.use(work).finally(() => this.queued.release()) };
  }

  /** A write error: recorded for the file when the file system said no, fatal otherwise (a damaged blob). */
  failFile(path: Buffer, error: Error): void {
    this.fail(path, error);
  }

  private finishFor(node: TreeNode, place: Place) {
    const owner = this.permissions && isRoot() ? { uid: node.uid, gid: node.gid } : {};
    return {
      size: node.size,
      rename: place.replaces ? place.path : undefined,
      mode: this.permissions ? node.mode : undefined,
      ...owner,
      mtimeSeconds: Number(BigInt(node.mtime) / 1000n) / 1e6,
    };
  }

  /** Writes the blobs at their offsets, leaving all-zero blocks as holes (the file is truncated to size after). */
  private async writeContent(handle: FileHandle, node: TreeNode): Promise<void> {
    const ids = node.content ?? [];
    const offsets: number[] = [];
    let offset = 0;
    for (const id of ids) {
      offsets.push(offset);
      offset += this.blobs.sizeOf(id);
    }
    await mapLimit(ids, 4, async (id, i) => {
      const size = this.blobs.sizeOf(id);
      await this.memory.acquire(size);
      try {
        throwIfAborted(this.options.signal);
        await writeSparse(handle, await this.blobs.load(id), offsets[i]!);
      } finally {
        this.memory.release(size);
      }
      this.meter.bytesDone += size;
      this.meter.tick();
    });
  }

  private async applyMetadata(node: TreeNode, path: Buffer): Promise<void> {
    const isLink = node.type === 'symlink';
    if (this.permissions) {
      if (isRoot()) await fsp.lchown(path, node.uid, node.gid);
      if (!isLink) await fsp.chmod(path, node.mode);
    }
    const seconds = Number(BigInt(node.mtime) / 1000n) / 1e6;
    if (isLink) await fsp.lutimes(path, seconds, seconds);
    else await fsp.utimes(path, seconds, seconds);
  }

  private tempBeside(place: Buffer): Buffer {
    const folder = nodePath.dirname(place.toString('latin1'));
    return Buffer.from(`${folder}${nodePath.sep}.strata-restore-${randomBytes(6).toString('hex')}`, 'latin1');
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.outstanding.add(work);
    work.catch(() => {}).finally(() => this.outstanding.delete(work));
    return work;
  }

  /** A file-system error on one entry is recorded; anything else (cancel, a damaged repository) stops the restore. */
  private fail(path: Buffer, error: Error): null {
    if (isStrataError(error) || !(error as NodeJS.ErrnoException).code) throw error;
    return this.record(path, error.message);
  }

  private record(path: Buffer, message: string): null {
    this.result.errors.push({ path: displayPath(path), message });
    return null;
  }
}

/** Writes `data` at `position`, skipping 64 KiB blocks that are all zeros. */
const writeSparse = async (handle: FileHandle, data: Buffer, position: number): Promise<void> => {
  const block = ZERO_BLOCK.length;
  let runStart = -1;
  for (let at = 0; at <= data.length; at += block) {
    const end = Math.min(at + block, data.length);
    const zero = at === data.length || data.subarray(at, end).equals(ZERO_BLOCK.subarray(0, end - at));
    if (!zero && runStart < 0) runStart = at;
    if (zero && runStart >= 0) {
      await writeAll(handle, data.subarray(runStart, at), position + runStart);
      runStart = -1;
    }
  }
  if (runStart >= 0) await writeAll(handle, data.subarray(runStart), position + runStart);
};

const writeAll = async (handle: FileHandle, data: Buffer, position: number): Promise<void> => {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await handle.write(data, done, data.length - done, position + done);
    done += bytesWritten;
  }
};

/** Restores files and folders of a snapshot (see RestoreOptions), under a shared lock. */
export const restore = (repo: Repository, options: RestoreOptions): Promise<RestoreResult> =>
  withLock(repo, { exclusive: false, operation: 'restore' }, () => new Restorer(repo, options).run());
