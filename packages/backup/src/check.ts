import { throwIfAborted } from './errors.ts';
import { mapLimit } from './limit.ts';
import { type ProgressCallback, ProgressMeter } from './progress.ts';
import { loadIndex } from './repo/index-file.ts';
import { withLock } from './repo/lock.ts';
import { type PackEntry, parsePackHeader, readPackHeader } from './repo/pack.ts';
import type { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';
import { verifyPackBytes } from './repo/verify-pack.ts';
import type { TreeNode } from './tree.ts';
import { defaultWorkers, WorkerPool } from './workers/pool.ts';

export type CheckOptions = {
  /** Also read every pack: its SHA-256 against its name, every blob opened and its HMAC against its id. */
  readData?: boolean;
  /** Worker threads that verify packs with readData (default: one per core; 0: this thread does it). */
  workers?: number;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
};

export type CheckErrorKind = 'index' | 'pack' | 'blob' | 'snapshot' | 'tree';
export type CheckError = { kind: CheckErrorKind; file: string; message: string };

export type CheckResult = {
  ok: boolean;
  snapshots: number;
  packs: number;
  blobs: number;
  /** Bytes of pack files checked (all of them read with readData, their headers only otherwise). */
  bytes: number;
  /** File entries of all snapshots whose content was found in the index. */
  files: number;
  trees: number;
  errors: CheckError[];
  /** Not errors: packs no index names (left by an interrupted run; prune removes them). */
  unreferencedPacks: string[];
};

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const sameEntry = (a: Omit<PackEntry, 'id'>, b: Omit<PackEntry, 'id'>) =>
  a.offset === b.offset &&
  a.length === b.length &&
  a.rawLength === b.rawLength &&
  a.type === b.type &&
  a.compression === b.compression;

/**
 * Checks a repository. Structure: every index file opens; every pack the index names exists and its header lists
 * the same blobs at the same places; every snapshot opens and every tree it reaches opens; every blob a tree
 * names is in the index. With readData, every byte of every pack is read and verified.
 */
export const check = (repo: Repository, options: CheckOptions = {}): Promise<CheckResult> =>
  withLock(repo, { exclusive: false, operation: 'check' }, async () => {
    const result: CheckResult = {
      ok: true,
      snapshots: 0,
      packs: 0,
      blobs: 0,
      bytes: 0,
      files: 0,
      trees: 0,
      errors: [],
      unreferencedPacks: [],
    };
    const fail = (kind: CheckErrorKind, file: string, error: unknown) =>
      result.errors.push({ kind, file, message: describe(error) });
    const index = await loadIndex(repo.backend, repo.keys, ({ file, error }) => fail('index', file, error));
    repo.useIndex(index);
    const meter = new ProgressMeter(
      options.readData ? 'check read-data' : 'check',
      repo.clock,
      options.onProgress,
    );

    const packSizes = new Map((await repo.backend.list('data')).map((f) => [f.name, f.size]));
    const byPack = new Map<string, PackEntry[]>();
    for (const [id, entry] of index.entries()) {
      const list = byPack.get(entry.pack) ?? [];
      list.push({ ...entry, id });
      byPack.set(entry.pack, list);
    }
    result.unreferencedPacks = [...packSizes.keys()].filter((id) => !byPack.has(id));
    meter.filesTotal = byPack.size;
    meter.bytesTotal = [...byPack.keys()].reduce((sum, id) => sum + (packSizes.get(id) ?? 0), 0);
    meter.totalsFinal = true;

    const workers = options.workers ?? defaultWorkers();
    const pool =
      options.readData && workers > 0
        ? new WorkerPool(repo, { size: workers, withKnownIds: false, tasksPerWorker: 2 })
        : undefined;
    try {
      await mapLimit([...byPack], pool ? pool.size * 2 : 2, async ([packId, expected]) => {
        throwIfAborted(options.signal);
        const size = packSizes.get(packId);
        if (size === undefined)
          return fail('pack', packId, new Error(`missing: the index names it for ${expected.length} blobs`));
        result.packs++;
        try {
          const header = options.readData
            ? await readWholePack(
                repo,
                pool,
                packId,
                (blobs) => (result.blobs += blobs),
                (file, error) => fail('blob', file, error),
              )
            : await readPackHeader(repo.backend, repo.keys, packId, size);
          const inHeader = new Map(header.map((e) => [e.id, e]));
          for (const entry of expected) {
            const found = inHeader.get(entry.id);
            if (!found) fail('pack', packId, new Error(`the header does not list blob ${entry.id}`));
            else if (!sameEntry(found, entry))
              fail('pack', packId, new Error(`the header disagrees with the index on blob ${entry.id}`));
          }
          if (!options.readData) result.blobs += expected.length;
        } catch (error) {
          fail('pack', packId, error);
        }
        result.bytes += size;
        meter.filesDone++;
        meter.bytesDone += size;
        meter.tick();
      });
    } finally {
      await pool?.close();
    }

    await checkSnapshots(repo, result, fail, options.signal);
    meter.finish();
    result.ok = result.errors.length === 0;
    return result;
  });

/** Reads a pack whole and verifies it (see verifyPackBytes), in a worker when there is a pool. */
const readWholePack = async (
  repo: Repository,
  pool: WorkerPool | undefined,
  packId: string,
  countBlobs: (n: number) => void,
  fail: (file: string, error: unknown) => void,
): Promise<PackEntry[]> => {
  const bytes = await repo.backend.read('data', packId);
  const entries = parsePackHeader(repo.keys, bytes, packId);
  const verified = pool
    ? await pool.openPack(packId, bytes)
    : await verifyPackBytes(repo.keys, packId, bytes);
  for (const error of verified.errors) fail(error.file, new Error(error.message));
  countBlobs(verified.blobs);
  return entries;
};

const checkSnapshots = async (
  repo: Repository,
  result: CheckResult,
  fail: (kind: CheckErrorKind, file: string, error: unknown) => void,
  signal: AbortSignal | undefined,
): Promise<void> => {
  const seenTrees = new Set<string>();
  const walk = async (treeId: string, where: string): Promise<void> => {
    if (seenTrees.has(treeId)) return;
    seenTrees.add(treeId);
    throwIfAborted(signal);
    let nodes: TreeNode[];
    try {
      nodes = (await repo.loadTree(treeId)).nodes;
    } catch (error) {
      return void fail('tree', `${where} (tree ${treeId})`, error);
    }
    result.trees++;
    for (const node of nodes) {
      const path = `${where}/${node.name}`;
      if (node.type === 'dir' && node.subtree) await walk(node.subtree, path);
      if (node.type !== 'file') continue;
      const missing = (node.content ?? []).filter((id) => !repo.index.has(id));
      if (missing.length > 0)
        fail('blob', path, new Error(`${missing.length} data blob(s) not in the index, e.g. ${missing[0]}`));
      else result.files++;
    }
  };
  for (const { name } of await repo.backend.list('snapshots')) {
    let snapshot: Snapshot;
    try {
      snapshot = await repo.loadSnapshot(name);
    } catch (error) {
      fail('snapshot', name, error);
      continue;
    }
    result.snapshots++;
    await walk(snapshot.tree, '');
  }
};
