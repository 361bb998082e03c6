import type { Writable } from 'node:stream';
import { throwIfAborted } from '../errors.ts';
import { type ProgressCallback, ProgressMeter } from '../progress.ts';
import { withLock } from '../repo/lock.ts';
import type { Repository } from '../repo/repository.ts';
import { linkTargetOf, nameBytesOf, type TreeNode } from '../tree.ts';
import { ZipWriter } from '../zip.ts';
import { BlobReader } from './blob-reader.ts';
import { countSelection, selectPaths, TreeCache } from './select.ts';

export type ExtractOptions = {
  snapshot: string;
  /** Chosen files and folders, as backed up ("/home/a/docs"); each becomes a top-level entry of the zip. */
  files?: string[];
  folders?: string[];
  /** Where the zip goes (an HTTP response, a file); left open at the end. */
  output: Writable;
  /** Deflate level 1-9 (default 6). Files whose data did not compress in the repository are stored as they are. */
  level?: number;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
};

export type ExtractResult = { files: number; dirs: number; links: number; bytes: number };

const mtimeOf = (node: TreeNode) => new Date(Number(BigInt(node.mtime) / 1_000_000n));

/** Streams the chosen files and folders of a snapshot as a zip archive, holding at most one blob at a time. */
export const extract = (repo: Repository, options: ExtractOptions): Promise<ExtractResult> =>
  withLock(repo, { exclusive: false, operation: 'extract' }, async () => {
    await repo.loadIndex();
    const snapshot = await repo.findSnapshot(options.snapshot);
    const trees = new TreeCache(repo);
    const blobs = new BlobReader(repo);
    const paths = [...(options.folders ?? []), ...(options.files ?? [])];
    const selected = await selectPaths(trees, snapshot, paths);
    const meter = new ProgressMeter('extract', repo.clock, options.onProgress);
    const totals = await countSelection(trees, selected);
    Object.assign(meter, { filesTotal: totals.files, bytesTotal: totals.bytes, totalsFinal: true });
    const zip = new ZipWriter(options.output, options.level);
    const result: ExtractResult = { files: 0, dirs: 0, links: 0, bytes: 0 };

    const content = async function* (node: TreeNode) {
      for (const id of node.content ?? []) {
        throwIfAborted(options.signal);
        const data = await blobs.load(id);
        meter.bytesDone += data.length;
        meter.tick();
        yield data;
      }
    };
    const add = async (node: TreeNode, name: Buffer): Promise<void> => {
      if (node.type === 'dir') {
        await zip.addDirectory(name, mtimeOf(node), node.mode);
        result.dirs++;
        const children = node.subtree ? (await trees.load(node.subtree)).nodes : [];
        for (const child of children)
          await add(child, Buffer.concat([name, Buffer.from('/'), nameBytesOf(child)]));
      } else if (node.type === 'symlink') {
        await zip.addSymlink(name, linkTargetOf(node), mtimeOf(node));
        result.links++;
      } else {
        const first = node.content?.[0];
        const stored = first !== undefined && repo.index.get(first)?.compression === 'none';
        await zip.addFile(
          name,
          mtimeOf(node),
          node.mode,
          node.size,
          content(node),
          stored ? 'store' : 'deflate',
        );
        result.files++;
        result.bytes += node.size;
        meter.filesDone++;
      }
    };
    for (const { node } of selected) await add(node, nameBytesOf(node));
    await zip.finish();
    meter.finish();
    return result;
  });
