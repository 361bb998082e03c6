import { StrataError, throwIfAborted } from './errors.ts';
import { type ProgressCallback, ProgressMeter } from './progress.ts';
import { BlobWriter } from './repo/blob-writer.ts';
import { encodeIndexFile, type IndexFileContent } from './repo/index-file.ts';
import { withLock } from './repo/lock.ts';
import type { PackEntry } from './repo/pack.ts';
import type { Repository } from './repo/repository.ts';
import type { Snapshot } from './repo/snapshot.ts';

export type CopyOptions = {
  /** Snapshots to copy (ids or prefixes); default every live snapshot of the source. */
  snapshots?: string[];
  /** Packs copied whole between two index files (default 4): what a kill can cost to copy again. */
  packsPerIndex?: number;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
};

export type CopyResult = {
  copied: string[];
  /** Where each snapshot is after the copy: only in the source, only in the destination, or in both. */
  onlySource: string[];
  onlyDestination: string[];
  both: string[];
  packsCopied: number;
  blobsCopied: number;
  bytesCopied: number;
};

/**
 * Copies snapshots from one repository to another that shares its master key (upsync: local → the server's
 * store). Whatever blobs the destination lacks travel sealed as they are: whole packs when the destination
 * needs all of a pack, else blob by blob into new packs. Packs go first, then their index, then the snapshots,
 * so a copy stopped at any point leaves the destination valid; running it again finishes the job.
 */
export const copy = async (
  source: Repository,
  destination: Repository,
  options: CopyOptions = {},
): Promise<CopyResult> => {
  if (!source.sharesKeyWith(destination)) {
    throw new StrataError(
      'INVALID_ARGUMENT',
      'The two repositories do not share a master key: create the destination with initCopy.',
    );
  }
  return withLock(source, { exclusive: false, operation: 'copy (source)' }, () =>
    withLock(destination, { exclusive: false, operation: 'copy (destination)' }, () =>
      copyLocked(source, destination, options),
    ),
  );
};

const copyLocked = async (
  source: Repository,
  destination: Repository,
  options: CopyOptions,
): Promise<CopyResult> => {
  await Promise.all([source.loadIndex(), destination.loadIndex()]);
  const sourceSnapshots = await source.listSnapshots();
  const present = new Set((await destination.backend.list('snapshots')).map((f) => f.name));
  const chosen = options.snapshots
    ? await Promise.all(options.snapshots.map((id) => source.findSnapshot(id)))
    : sourceSnapshots;
  const missing = chosen.filter((s) => !present.has(s.id));
  const needed = await missingBlobs(source, destination, missing, options.signal);
  const meter = new ProgressMeter('copy', source.clock, options.onProgress);
  const byPack = groupByPack(source, needed);
  const result: CopyResult = {
    copied: [],
    onlySource: [],
    onlyDestination: [],
    both: [],
    packsCopied: 0,
    blobsCopied: 0,
    bytesCopied: 0,
  };
  meter.bytesTotal = [...byPack.values()].flat().reduce((sum, e) => sum + e.length, 0);
  meter.totalsFinal = true;

  const writer = new BlobWriter(destination, { packsPerIndex: options.packsPerIndex ?? 4 });
  const packsPerIndex = options.packsPerIndex ?? 4;
  let unindexed: IndexFileContent['packs'] = [];
  const writeIndex = async () => {
    if (unindexed.length === 0) return;
    const file = encodeIndexFile(destination.keys, { supersedes: [], packs: unindexed });
    await destination.backend.write('index', file.name, file.bytes);
    for (const pack of unindexed) destination.index.addPack(pack.id, pack.entries);
    unindexed = [];
  };
  const wholePacks = wholePackSet(source, byPack);
  for (const [packId, entries] of byPack) {
    throwIfAborted(options.signal);
    const bytes = await source.backend.read('data', packId);
    if (wholePacks.has(packId)) {
      await destination.backend.write('data', packId, bytes);
      unindexed.push({ id: packId, entries });
      result.packsCopied++;
      if (unindexed.length >= packsPerIndex) await writeIndex();
    } else {
      for (const { offset, length, ...blob } of entries)
        await writer.addSealed(blob, bytes.subarray(offset, offset + length));
    }
    result.blobsCopied += entries.length;
    result.bytesCopied += entries.reduce((sum, e) => sum + e.length, 0);
    meter.bytesDone = result.bytesCopied;
    meter.tick();
  }
  await writer.flush();
  await writeIndex();
  for (const snapshot of missing) {
    // the sealed file travels as it is: same key, same bytes, same id
    await destination.backend.write(
      'snapshots',
      snapshot.id,
      await source.backend.read('snapshots', snapshot.id),
    );
    result.copied.push(snapshot.id);
  }
  meter.finish();
  return { ...result, ...(await sides(source, destination)) };
};

/** Blobs (trees and data) of `snapshots` that the destination's index lacks. */
const missingBlobs = async (
  source: Repository,
  destination: Repository,
  snapshots: Snapshot[],
  signal: AbortSignal | undefined,
): Promise<Set<string>> => {
  const seen = new Set<string>();
  const needed = new Set<string>();
  const walk = async (treeId: string): Promise<void> => {
    if (seen.has(treeId)) return;
    seen.add(treeId);
    throwIfAborted(signal);
    if (!destination.index.has(treeId)) needed.add(treeId);
    for (const node of (await source.loadTree(treeId)).nodes) {
      for (const id of node.content ?? []) if (!destination.index.has(id)) needed.add(id);
      if (node.subtree) await walk(node.subtree);
    }
  };
  for (const snapshot of snapshots) await walk(snapshot.tree);
  return needed;
};

const groupByPack = (source: Repository, needed: Set<string>): Map<string, PackEntry[]> => {
  const byPack = new Map<string, PackEntry[]>();
  for (const id of needed) {
    const entry = source.index.get(id);
    if (!entry) throw new StrataError('CORRUPT', `blob ${id} of the source is not in its index (run check)`);
    const { pack, ...place } = entry;
    byPack.set(pack, [...(byPack.get(pack) ?? []), { id, ...place }]);
  }
  for (const entries of byPack.values()) entries.sort((a, b) => a.offset - b.offset);
  return byPack;
};

/** Packs of which the destination needs every blob the source index places there: copied byte for byte. */
const wholePackSet = (source: Repository, byPack: Map<string, PackEntry[]>): Set<string> => {
  const counts = new Map<string, number>();
  for (const [, entry] of source.index.entries()) counts.set(entry.pack, (counts.get(entry.pack) ?? 0) + 1);
  return new Set(
    [...byPack].filter(([pack, entries]) => counts.get(pack) === entries.length).map(([pack]) => pack),
  );
};

const sides = async (source: Repository, destination: Repository) => {
  const inSource = new Set((await source.listSnapshots()).map((s) => s.id));
  const inDestination = new Set((await destination.listSnapshots()).map((s) => s.id));
  return {
    onlySource: [...inSource].filter((id) => !inDestination.has(id)),
    onlyDestination: [...inDestination].filter((id) => !inSource.has(id)),
    both: [...inSource].filter((id) => inDestination.has(id)),
  };
};
