import type { BigIntStats } from 'node:fs';
import os from 'node:os';
import nodePath from 'node:path';
import { isStrataError, throwIfAborted } from '../errors.ts';
import { createFilter, type PathFilter } from '../filter.ts';
import { mapLimit, Semaphore } from '../limit.ts';
import { displayPath, joinAbsolute, joinBytes, splitAbsolute } from '../paths.ts';
import { type ProgressCallback, ProgressMeter } from '../progress.ts';
import { BlobWriter } from '../repo/blob-writer.ts';
import { withLock } from '../repo/lock.ts';
import type { Repository } from '../repo/repository.ts';
import type { Snapshot, SnapshotStats } from '../repo/snapshot.ts';
import { nameBytesOf, nameKey, serializeTree, sortNodes, type Tree, type TreeNode } from '../tree.ts';
import { WorkerPool } from '../workers/pool.ts';
import { FileSaver } from './file-saver.ts';
import { isUnchanged, nodeFromStat, nodeFs, nodeTypeOf, type SourceFs } from './source-fs.ts';

export type BackupOptions = {
  /** Files and folders to back up; stored under their absolute paths. */
  paths: string[];
  planId: string;
  deviceId: string;
  hostname?: string;
  tags?: string[];
  /**
   * The snapshot to compare with: files unchanged since (size, mtime, ctime, inode) are not read again. Default:
   * the latest snapshot of the same plan and device. null reads every file (a full backup).
   */
  parent?: string | null;
  include?: string[];
  exclude?: string[];
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
  progressIntervalMs?: number;
  /** Files read at once (default: four per worker). */
  fileConcurrency?: number;
  /** Worker threads that read, chunk, compress and seal (default: one a core; 0 does it all on this thread). */
  workers?: number;
  /** Injected file-system calls (tests count reads); files are then read on this thread. */
  fs?: SourceFs;
};

export type EntryError = { path: string; message: string };

export type BackupResult = { snapshot: Snapshot; errors: EntryError[] };

/** An entry walked but maybe not yet saved: an object, because an async function cannot return a bare promise unresolved. */
type Pending = { node: Promise<TreeNode | null> };

const done = (node: TreeNode | null): Pending => ({ node: Promise.resolve(node) });

/** A folder on the way from the root to a path being backed up; `selected` when the path itself is one. */
type PathPrefix = { name: Buffer; children: Map<string, PathPrefix>; selected: boolean };

/** Time a folder's batch of lstat calls may take on the calling thread before the rest go to the thread pool. */
const SYNC_LSTAT_MS = 2;

/** Files waiting to be read or being read; the walk waits beyond this, so memory stays bounded. */
const MAX_QUEUED_FILES = 512;

/** Walks the paths, saves what changed, builds the trees bottom-up and saves the snapshot last. */
export class Archiver {
  private readonly fs: SourceFs;
  private readonly filter: PathFilter;
  private readonly writer: BlobWriter;
  private saver!: FileSaver;
  private readonly queue = new Semaphore(MAX_QUEUED_FILES);
  private readonly outstanding = new Set<Promise<unknown>>();
  private fatal: unknown;
  private readonly meter: ProgressMeter;
  readonly errors: EntryError[] = [];
  private readonly stats: SnapshotStats = {
    filesNew: 0,
    filesChanged: 0,
    filesUnmodified: 0,
    dirs: 0,
    bytesProcessed: 0,
    bytesTotal: 0,
    bytesAdded: 0,
    blobsAdded: 0,
    errors: 0,
    durationMs: 0,
  };

  constructor(
    private readonly repo: Repository,
    private readonly options: BackupOptions,
  ) {
    this.fs = options.fs ?? nodeFs;
    this.filter = createFilter(options);
    this.writer = new BlobWriter(repo);
    this.meter = new ProgressMeter('backup', repo.clock, options.onProgress, options.progressIntervalMs);
  }

  private startSaver(): void {
    // injected file calls (tests counting reads) run here: a worker thread could not call them
    // one worker a core: reading and sealing is CPU work (restore and check, bound by the file system, take one fewer)
    const workers = this.options.workers ?? (this.options.fs ? 0 : os.availableParallelism());
    this.saver = new FileSaver(this.fs, this.repo.chunker, this.writer, {
      concurrency: this.options.fileConcurrency,
      signal: this.options.signal,
      workers:
        workers > 0
          ? { size: workers, start: () => new WorkerPool(this.repo, { size: workers }) }
          : undefined,
      onBytes: (count) => {
        this.meter.bytesDone += count;
        this.meter.tick();
      },
    });
  }

  async run(): Promise<BackupResult> {
    const started = this.repo.clock.now();
    await this.repo.loadIndex();
    this.startSaver();
    try {
      return await this.archive(started);
    } finally {
      await this.saver.close();
    }
  }

  private async archive(started: Date): Promise<BackupResult> {
    const parent = await this.findParent();
    const parentRoot = parent ? await this.repo.loadTree(parent.tree).catch(() => null) : null;
    const scan = this.options.onProgress ? this.scan() : Promise.resolve();
    let tree: string;
    try {
      const root = await this.archivePrefix(this.prefixTree(), [], parentRoot);
      tree = root.id;
      await this.writer.flush();
    } catch (error) {
      // keep what is written: packs first, then their index; no snapshot, so the repository stays valid
      await Promise.allSettled([...this.outstanding]);
      await this.writer.flush().catch(() => {});
      throw error;
    } finally {
      await scan.catch(() => {});
    }
    this.stats.bytesProcessed = this.saver.bytesRead;
    this.stats.bytesAdded = this.writer.stats.bytesAdded;
    this.stats.blobsAdded = this.writer.stats.blobsAdded;
    this.stats.errors = this.errors.length;
    this.stats.durationMs = this.repo.clock.now().getTime() - started.getTime();
    this.meter.finish();
    const snapshot = await this.repo.saveSnapshot({
      planId: this.options.planId,
      deviceId: this.options.deviceId,
      hostname: this.options.hostname ?? os.hostname(),
      time: started.toISOString(),
      parent: parent?.id ?? null,
      tree,
      paths: this.rootPaths(),
      tags: this.options.tags ?? [],
      stats: this.stats,
    });
    return { snapshot, errors: this.errors };
  }

  private rootPaths(): string[] {
    return [...new Set(this.options.paths.map((p) => nodePath.resolve(p)))].sort();
  }

  private async findParent(): Promise<Snapshot | null> {
    const { parent, planId, deviceId } = this.options;
    if (parent === null) return null;
    if (parent) return this.repo.findSnapshot(parent);
    const candidates = (await this.repo.listSnapshots()).filter(
      (s) => s.planId === planId && s.deviceId === deviceId,
    );
    const paths = this.rootPaths().join('\0');
    return (
      candidates.findLast((s) => [...s.paths].sort().join('\0') === paths) ??
      candidates[candidates.length - 1] ??
      null
    );
  }

  /** The folders from the root down to each selected path; a path inside another selected one adds nothing. */
  private prefixTree(): PathPrefix {
    const root: PathPrefix = { name: Buffer.alloc(0), children: new Map(), selected: false };
    for (const path of this.options.paths) {
      let node = root;
      for (const component of splitAbsolute(path)) {
        if (node.selected) break;
        const name = Buffer.from(component);
        let child = node.children.get(nameKey(name));
        if (!child) {
          child = { name, children: new Map(), selected: false };
          node.children.set(nameKey(name), child);
        }
        node = child;
      }
      node.selected = true;
      node.children.clear();
    }
    return root;
  }

  /** Saves the tree of one folder on the way to the selected paths: only the selected children are in it. */
  private async archivePrefix(
    prefix: PathPrefix,
    components: Buffer[],
    previous: Tree | null,
  ): Promise<{ id: string }> {
    const previousByName = indexNodes(previous);
    const futures: Promise<TreeNode | null>[] = [];
    for (const child of prefix.children.values()) {
      const path = joinAbsolute([...components, child.name]);
      const stat = await this.fs.lstat(path).catch((error: Error) => this.entryError(path, error));
      if (!stat) continue;
      const before = previousByName.get(nameKey(child.name));
      if (child.selected) {
        const pending = await this.archiveEntry(path, child.name, stat, before);
        if (pending) futures.push(pending.node);
        continue;
      }
      const subtree = before?.subtree ? await this.repo.loadTree(before.subtree).catch(() => null) : null;
      const inner = await this.archivePrefix(child, [...components, child.name], subtree);
      futures.push(Promise.resolve({ ...nodeFromStat(child.name, 'dir', stat), subtree: inner.id }));
    }
    const nodes = (await Promise.all(futures)).filter((n): n is TreeNode => n !== null);
    return { id: await this.saveTree(nodes) };
  }

  /** Starts backing up one entry; resolves once it is walked, to a future of its node (null: left out). */
  private async archiveEntry(
    path: Buffer,
    name: Buffer,
    stat: BigIntStats,
    previous?: TreeNode,
    smallFiles?: SmallFileBatch,
  ): Promise<Pending | null> {
    const type = nodeTypeOf(stat);
    const shown = displayPath(path);
    if (type === null || this.filter.isExcluded(shown)) return null;
    if (type === 'dir') return this.walkDir(path, name, stat, previous);
    if (!this.filter.isIncluded(shown)) return null;
    if (type === 'symlink') {
      const target = await this.fs.readlink(path).catch((error: Error) => this.entryError(path, error));
      if (!target) return null;
      const text = target.toString('utf8');
      return done({
        ...nodeFromStat(name, 'symlink', stat),
        linkTarget: text,
        ...(Buffer.from(text).equals(target) ? {} : { linkTargetBytes: target.toString('base64') }),
      });
    }
    return this.archiveFile(path, name, stat, previous, smallFiles);
  }

  private async archiveFile(
    path: Buffer,
    name: Buffer,
    stat: BigIntStats,
    previous?: TreeNode,
    smallFiles?: SmallFileBatch,
  ): Promise<Pending> {
    if (isUnchanged(previous, stat) && previous.content!.every((id) => this.writer.has(id))) {
      this.stats.filesUnmodified++;
      this.countFile(previous.size);
      this.meter.bytesDone += previous.size;
      return done({ ...nodeFromStat(name, 'file', stat), content: previous.content });
    }
    await this.queue.acquire();
    const small = smallFiles !== undefined && Number(stat.size) < this.repo.config.chunker.minSize;
    const saving = small ? smallFiles.add(path, name, stat) : this.saver.save(path, name, stat);
    if (small && smallFiles.isFull) this.sendSmallFiles(smallFiles);
    const future = saving
      .then((node) => {
        if (previous?.type === 'file') this.stats.filesChanged++;
        else this.stats.filesNew++;
        this.countFile(node.size);
        return node;
      })
      .catch((error: Error) => this.entryError(path, error))
      .finally(() => this.queue.release());
    return { node: this.track(future) };
  }

  private countFile(size: number): void {
    this.stats.bytesTotal += size;
    this.meter.filesDone++;
    this.meter.tick();
  }

  private async walkDir(
    path: Buffer,
    name: Buffer,
    stat: BigIntStats,
    previous?: TreeNode,
  ): Promise<Pending> {
    this.stopIfFailed();
    this.stats.dirs++;
    const names = await this.fs.readdir(path).catch((error: Error) => this.entryError(path, error));
    const beforeTree =
      previous?.type === 'dir' && previous.subtree
        ? await this.repo.loadTree(previous.subtree).catch(() => null)
        : null;
    const previousByName = indexNodes(beforeTree);
    const sorted = (names ?? []).sort(Buffer.compare);
    const futures: Promise<TreeNode | null>[] = [];
    const smallFiles = this.saver.usesWorkers ? new SmallFileBatch() : undefined;
    try {
      for (let from = 0; from < sorted.length; from += 64) {
        const batch = sorted.slice(from, from + 64);
        const stats = await this.lstatAll(path, batch);
        for (let i = 0; i < batch.length; i++) {
          this.stopIfFailed();
          const childStat = stats[i];
          if (!childStat) continue;
          const child = batch[i]!;
          const before = previousByName.get(nameKey(child));
          const pending = await this.archiveEntry(
            joinBytes(path, child),
            child,
            childStat,
            before,
            smallFiles,
          );
          if (pending) futures.push(pending.node);
        }
      }
    } catch (error) {
      // a cancelled or failed walk: the files gathered here will not be read
      for (const item of smallFiles?.take() ?? []) item.reject(error as Error);
      throw error;
    }
    if (smallFiles) this.sendSmallFiles(smallFiles);
    const shown = displayPath(path);
    const node = Promise.all(futures).then(async (nodes) => {
      const kept = nodes.filter((n): n is TreeNode => n !== null);
      if (this.filter.hasIncludes && kept.length === 0 && !this.filter.isIncluded(shown)) return null;
      return { ...nodeFromStat(name, 'dir', stat), subtree: await this.saveTree(kept) };
    });
    return { node: this.track(node) };
  }

  /**
   * lstat of a folder's entries: on this thread while that is quick (a local disk answers in microseconds,
   * a thread-pool round trip costs more than the call), the rest in parallel on the thread pool once a batch
   * has taken SYNC_LSTAT_MS (a network share, where waits must overlap). null for an entry that failed.
   */
  private async lstatAll(folder: Buffer, names: Buffer[]): Promise<(BigIntStats | null)[]> {
    const stats: (BigIntStats | null)[] = [];
    const started = performance.now();
    while (this.fs.lstatSync && stats.length < names.length && performance.now() - started < SYNC_LSTAT_MS) {
      const path = joinBytes(folder, names[stats.length]!);
      try {
        stats.push(this.fs.lstatSync(path));
      } catch (error) {
        stats.push(this.entryError(path, error as Error));
      }
    }
    const rest = await mapLimit(names.slice(stats.length), 16, (name) =>
      this.fs
        .lstat(joinBytes(folder, name))
        .catch((error: Error) => this.entryError(joinBytes(folder, name), error)),
    );
    return [...stats, ...rest];
  }

  /** Hands the gathered small files to a worker in one task; each file's promise settles with its result. */
  private sendSmallFiles(batch: SmallFileBatch): void {
    const items = batch.take();
    if (items.length === 0) return;
    const sent = this.saver.saveSmall(items).then(
      (results) => {
        for (const [i, item] of items.entries()) {
          const result = results[i];
          if (result instanceof Error || result === undefined) item.reject(result ?? new Error('no result'));
          else item.resolve(result);
        }
      },
      (error: Error) => {
        for (const item of items) item.reject(error);
      },
    );
    this.track(sent);
  }

  private async saveTree(nodes: TreeNode[]): Promise<string> {
    const saved = await this.writer.save('tree', serializeTree({ nodes: sortNodes(nodes) }));
    return saved.id;
  }

  private track<T>(future: Promise<T>): Promise<T> {
    this.outstanding.add(future);
    future
      .catch((error) => {
        this.fatal ??= error; // entry errors were caught before: this one ends the backup
      })
      .finally(() => this.outstanding.delete(future));
    return future;
  }

  /** Stops the walk once the run is cancelled or something it started has failed for good. */
  private stopIfFailed(): void {
    throwIfAborted(this.options.signal);
    if (this.fatal) throw this.fatal;
  }

  /** A file-system error on one entry is recorded and the entry left out; anything else stops the backup. */
  private entryError(path: Buffer, error: Error): null {
    if (isStrataError(error) || !(error as NodeJS.ErrnoException).code) throw error;
    this.errors.push({ path: displayPath(path), message: error.message });
    return null;
  }

  /** Counts files and bytes ahead of the backup, for the progress's totals and ETA. */
  private async scan(): Promise<void> {
    const visit = async (path: Buffer): Promise<void> => {
      const stat = await this.fs.lstat(path).catch(() => null);
      const shown = displayPath(path);
      if (!stat || this.filter.isExcluded(shown)) return;
      if (stat.isDirectory()) {
        const names = await this.fs.readdir(path).catch(() => [] as Buffer[]);
        await mapLimit(names, 4, (name) => visit(joinBytes(path, name)));
      } else if (stat.isFile() && this.filter.isIncluded(shown)) {
        this.meter.filesTotal++;
        this.meter.bytesTotal += Number(stat.size);
      }
    };
    for (const path of this.rootPaths()) await visit(Buffer.from(path));
    this.meter.totalsFinal = true;
  }
}

type SmallFile = {
  path: Buffer;
  name: Buffer;
  stat: BigIntStats;
  resolve: (node: TreeNode) => void;
  reject: (error: Error) => void;
};

/** Small files of one folder waiting to go to a worker together (at most 64 files or 4 MiB a task). */
class SmallFileBatch {
  private items: SmallFile[] = [];
  private bytes = 0;

  get isFull(): boolean {
    return this.items.length >= 64 || this.bytes >= 4 * 1024 * 1024;
  }

  add(path: Buffer, name: Buffer, stat: BigIntStats): Promise<TreeNode> {
    this.bytes += Number(stat.size);
    return new Promise((resolve, reject) => this.items.push({ path, name, stat, resolve, reject }));
  }

  take(): SmallFile[] {
    const items = this.items;
    this.items = [];
    this.bytes = 0;
    return items;
  }
}

const indexNodes = (tree: Tree | null): Map<string, TreeNode> =>
  new Map((tree?.nodes ?? []).map((node) => [nameKey(nameBytesOf(node)), node]));

/** Backs up `options.paths` into a new snapshot, under a shared lock. */
export const backup = (repo: Repository, options: BackupOptions): Promise<BackupResult> =>
  withLock(repo, { exclusive: false, operation: 'backup' }, () => new Archiver(repo, options).run());
