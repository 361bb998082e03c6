import { StrataError } from '../errors.ts';
import { snapshotComponents } from '../paths.ts';
import type { Repository } from '../repo/repository.ts';
import type { Snapshot } from '../repo/snapshot.ts';
import { nameBytesOf, type Tree, type TreeNode } from '../tree.ts';

/** A node chosen for restore or extract, with the names of the folders above it in the snapshot. */
export type Selected = { node: TreeNode; components: Buffer[] };

/** Trees opened in this run, the most recent `capacity` of them. */
export class TreeCache {
  private readonly trees = new Map<string, Promise<Tree>>();
  constructor(
    private readonly repo: Repository,
    private readonly capacity = 1024,
  ) {}

  load(id: string): Promise<Tree> {
    let tree = this.trees.get(id);
    if (tree) this.trees.delete(id);
    else {
      tree = this.repo.loadTree(id);
      tree.catch(() => this.trees.delete(id));
    }
    this.trees.set(id, tree);
    if (this.trees.size > this.capacity) this.trees.delete(this.trees.keys().next().value!);
    return tree;
  }
}

/**
 * Finds each path ("/home/a/docs", "/home/a/notes.txt") in the snapshot's tree. Without paths, the snapshot's
 * own backed-up paths are selected.
 */
export const selectPaths = async (
  trees: TreeCache,
  snapshot: Snapshot,
  paths: readonly string[] | undefined,
): Promise<Selected[]> => {
  const wanted = paths && paths.length > 0 ? paths : snapshot.paths;
  const selected: Selected[] = [];
  for (const path of wanted) {
    const components = snapshotComponents(path).map((c) => Buffer.from(c));
    if (components.length === 0) {
      const root = await trees.load(snapshot.tree);
      for (const node of root.nodes) selected.push({ node, components: [] });
      continue;
    }
    let tree = await trees.load(snapshot.tree);
    let node: TreeNode | undefined;
    for (let i = 0; i < components.length; i++) {
      node = tree.nodes.find((n) => nameBytesOf(n).equals(components[i]!));
      if (!node) throw new StrataError('NOT_FOUND', `${path} is not in snapshot ${snapshot.id.slice(0, 8)}`);
      if (i < components.length - 1) {
        if (node.type !== 'dir' || !node.subtree)
          throw new StrataError('NOT_FOUND', `${path} is not in snapshot ${snapshot.id.slice(0, 8)}`);
        tree = await trees.load(node.subtree);
      }
    }
    selected.push({ node: node!, components: components.slice(0, -1) });
  }
  return selected;
};

/**
 * The entries of one folder of a snapshot ('' or '/': its top), as stored (sorted by the bytes of their names);
 * NOT_FOUND when the path is not a folder of the snapshot. What the console's file browser shows.
 */
export const listFolder = async (trees: TreeCache, snapshot: Snapshot, path: string): Promise<TreeNode[]> => {
  const wanted = path.trim();
  if (snapshotComponents(wanted).length === 0) return (await trees.load(snapshot.tree)).nodes;
  const [selected] = await selectPaths(trees, snapshot, [wanted]);
  const node = selected!.node;
  if (node.type !== 'dir' || !node.subtree)
    throw new StrataError('NOT_FOUND', `${wanted} is not a folder in snapshot ${snapshot.id.slice(0, 8)}`);
  return (await trees.load(node.subtree)).nodes;
};

/** Files, bytes and data blobs below the selection (for the progress's totals and the reader's plan). */
export const countSelection = async (
  trees: TreeCache,
  selected: readonly Selected[],
): Promise<{ files: number; bytes: number; blobs: string[] }> => {
  const total = { files: 0, bytes: 0, blobs: [] as string[] };
  const visit = async (node: TreeNode): Promise<void> => {
    if (node.type === 'file') {
      total.files++;
      total.bytes += node.size;
      for (const id of node.content ?? []) total.blobs.push(id);
    } else if (node.type === 'dir' && node.subtree) {
      for (const child of (await trees.load(node.subtree)).nodes) await visit(child);
    }
  };
  for (const { node } of selected) await visit(node);
  return total;
};
