import { StrataError, throwIfAborted } from './errors.ts';
import { mapLimit } from './limit.ts';
import { BlobWriter } from './repo/blob-writer.ts';
import { decodeIndexFile, encodeIndexFile, type IndexFileContent } from './repo/index-file.ts';
import { withLock } from './repo/lock.ts';
import type { PackEntry } from './repo/pack.ts';
import type { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';

/** How long a forgotten snapshot stays restorable before prune may reclaim its space. */
export const DELETION_HOLD_HOURS = 72;

export type PruneOptions = {
  holdHours?: number;
  /** A partly used pack is rewritten when at least this share of its bytes is unused (default 0.2). */
  repackThreshold?: number;
  dryRun?: boolean;
  signal?: AbortSignal;
};

export type PruneResult = {
  /** Forgotten snapshots whose hold had passed: removed. */
  snapshotsRemoved: string[];
  /** Forgotten snapshots still in their hold: kept, with their data. */
  snapshotsHeld: string[];
  packsDeleted: number;
  packsRepacked: number;
  packsWritten: number;
  blobsRemoved: number;
  bytesBefore: number;
  bytesAfter: number;
  indexFilesReplaced: number;
};

type PackPlan = { id: string; size: number; entries: PackEntry[]; used: PackEntry[] };

const INDEX_ENTRIES_PER_FILE = 50_000;

/**
 * Reclaims the space of snapshots forgotten more than `holdHours` ago, under the exclusive lock. Order keeps the
 * repository valid if it stops at any point: remove the expired snapshots; write the used blobs of partly used
 * packs into new packs; write the new index (the last file names the old ones it supersedes); remove the old
 * index files; remove packs nothing uses any more.
 */
export const prune = (repo: Repository, options: PruneOptions = {}): Promise<PruneResult> =>
  withLock(repo, { exclusive: true, operation: 'prune' }, async () => {
    const now = repo.clock.now().getTime();
    const holdMs = (options.holdHours ?? DELETION_HOLD_HOURS) * 3_600_000;
    const snapshots = await repo.listSnapshots({ includeDeleted: true });
    const isExpired = (s: Snapshot) =>
      s.deletedAt !== undefined && new Date(s.deletedAt).getTime() + holdMs <= now;
    const expired = snapshots.filter(isExpired);
    const live = snapshots.filter((s) => !isExpired(s));
    const index = await repo.loadIndex();
    const used = await usedBlobs(repo, live, options.signal);

    const indexFiles = [...index.files];
    const contents = await mapLimit(indexFiles, 8, async (name) =>
      decodeIndexFile(repo.keys, await repo.backend.read('index', name), name),
    );
    const sizes = new Map((await repo.backend.list('data')).map((f) => [f.name, f.size]));
    const plans = planPacks(contents, sizes, used, (id) => index.get(id)?.pack);
    const threshold = options.repackThreshold ?? 0.2;
    const unusedShare = (p: PackPlan) =>
      1 - p.used.reduce((sum, e) => sum + e.length, 0) / Math.max(1, p.size);
    const drop = plans.filter((p) => p.used.length === 0);
    const repack = plans.filter(
      (p) => p.used.length > 0 && p.used.length < p.entries.length && unusedShare(p) >= threshold,
    );
    const keep = plans.filter((p) => !drop.includes(p) && !repack.includes(p));
    const indexed = new Set(plans.map((p) => p.id));
    const orphans = [...sizes.keys()].filter((id) => !indexed.has(id));
    const bytesBefore = [...sizes.values()].reduce((a, b) => a + b, 0);
    const result: PruneResult = {
      snapshotsRemoved: expired.map((s) => s.id),
      snapshotsHeld: live.filter((s) => s.deletedAt).map((s) => s.id),
      packsDeleted: drop.length + repack.length + orphans.length,
      packsRepacked: repack.length,
      packsWritten: 0,
      blobsRemoved: [...drop, ...repack].reduce((n, p) => n + p.entries.length - p.used.length, 0),
      bytesBefore,
      bytesAfter: bytesBefore,
      indexFilesReplaced: indexFiles.length,
    };
    if (options.dryRun) return result;

    for (const s of expired) {
      await repo.backend.remove('snapshots', s.id);
      await repo.backend.remove('deleted', s.id);
    }
    const writer = new BlobWriter(repo, { writeIndex: false });
    for (const pack of repack) {
      throwIfAborted(options.signal);
      const bytes = await repo.backend.read('data', pack.id);
      for (const { offset, length, ...blob } of pack.used)
        await writer.addSealed(blob, bytes.subarray(offset, offset + length));
    }
    await writer.flush();
    result.packsWritten = writer.written.length;
    const packs = [...keep.map((p) => ({ id: p.id, entries: p.entries })), ...writer.written];
    const before = (await repo.backend.list('index')).map((f) => f.name);
    const written = await writeIndexFiles(repo, packs, indexFiles);
    // every older index file goes, also any a stopped prune superseded but did not remove
    for (const name of before) if (!written.has(name)) await repo.backend.remove('index', name);
    for (const id of [...drop.map((p) => p.id), ...repack.map((p) => p.id), ...orphans])
      await repo.backend.remove('data', id);
    result.bytesAfter = (await repo.backend.list('data')).reduce((sum, f) => sum + f.size, 0);
    await repo.loadIndex();
    return result;
  });

/** Every tree and data blob the live snapshots reach; a tree that cannot be read stops prune (it would lose data). */
const usedBlobs = async (
  repo: Repository,
  snapshots: Snapshot[],
  signal: AbortSignal | undefined,
): Promise<Set<string>> => {
  const used = new Set<string>();
  const walk = async (treeId: string): Promise<void> => {
    if (used.has(treeId)) return;
    throwIfAborted(signal);
    used.add(treeId);
    const tree = await repo.loadTree(treeId).catch((error) => {
      throw new StrataError('CORRUPT', `prune stopped: tree ${treeId} cannot be read (run check)`, {
        cause: error,
      });
    });
    for (const node of tree.nodes) {
      for (const id of node.content ?? []) {
        if (!repo.index.has(id))
          throw new StrataError('CORRUPT', `prune stopped: blob ${id} is not in the index (run check)`);
        used.add(id);
      }
      if (node.subtree) await walk(node.subtree);
    }
  };
  for (const snapshot of snapshots) await walk(snapshot.tree);
  return used;
};

/** Each pack's blobs, and those of them that are used there (a blob stored twice counts where the index finds it). */
const planPacks = (
  contents: IndexFileContent[],
  sizes: Map<string, number>,
  used: Set<string>,
  canonicalPack: (blobId: string) => string | undefined,
): PackPlan[] => {
  const plans = new Map<string, PackPlan>();
  for (const content of contents) {
    for (const pack of content.packs) {
      if (plans.has(pack.id)) continue;
      const size = sizes.get(pack.id);
      if (size === undefined) continue; // a pack the index names but that is gone: check reports it
      const usedHere = pack.entries.filter((e) => used.has(e.id) && canonicalPack(e.id) === pack.id);
      plans.set(pack.id, { id: pack.id, size, entries: pack.entries, used: usedHere });
    }
  }
  return [...plans.values()];
};

/** Writes the new index in parts; only the last part names the files it supersedes, so a partial write loses nothing. */
const writeIndexFiles = async (
  repo: Repository,
  packs: IndexFileContent['packs'],
  supersedes: string[],
): Promise<Set<string>> => {
  const names = new Set<string>();
  const parts: IndexFileContent['packs'][] = [[]];
  let count = 0;
  for (const pack of packs) {
    if (count + pack.entries.length > INDEX_ENTRIES_PER_FILE && parts[parts.length - 1]!.length > 0) {
      parts.push([]);
      count = 0;
    }
    parts[parts.length - 1]!.push(pack);
    count += pack.entries.length;
  }
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    const file = encodeIndexFile(repo.keys, { supersedes: last ? supersedes : [], packs: parts[i]! });
    await repo.backend.write('index', file.name, file.bytes);
    names.add(file.name);
  }
  return names;
};
