import { isStrataError, Repository } from '@rmm/backup';
import { selectPaths, TreeCache } from '@rmm/backup/restore/select';
import type { BackupTreeEntry, BackupTreeResponse } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { backupError } from './errors.ts';
import { ensureKeys, organizationKeyOf } from './keys.ts';
import type { RepositoryStore } from './store.ts';
import { StoreBackend } from './store-backend.ts';

/**
 * One folder of a cloud revision, read by the server itself: the organization's repository in the server's
 * store, opened with the organization's restore key (the key file every repository of the organization gets).
 */

/** The engine's times are nanoseconds since the epoch, as decimal text. */
const isoOfNanoseconds = (value: string) => {
  try {
    return new Date(Number(BigInt(value) / 1_000_000n)).toISOString();
  } catch {
    return null;
  }
};

export const readRevisionTree = async (options: {
  db: Db;
  store: RepositoryStore;
  secretKey: Buffer;
  organizationId: number;
  revisionId: string;
  path: string;
}): Promise<BackupTreeResponse> => {
  const { db, store, organizationId, revisionId } = options;
  const keys = await ensureKeys(db, options.secretKey, organizationId);
  const backend = new StoreBackend(db, store, organizationId);
  let repository: Repository;
  try {
    repository = await Repository.open(backend, { organizationKey: organizationKeyOf(keys) });
  } catch (error) {
    if (isStrataError(error)) throw backupError('BACKUP_TREE_UNAVAILABLE');
    throw error;
  }
  try {
    await repository.loadIndex();
    const snapshot = await repository.loadSnapshot(revisionId).catch((error: unknown) => {
      throw isStrataError(error) ? backupError('BACKUP_REVISION_NOT_FOUND') : error;
    });
    const trees = new TreeCache(repository);
    const path = options.path.trim();
    let nodes: Awaited<ReturnType<TreeCache['load']>>['nodes'];
    if (path === '' || path === '/') nodes = (await trees.load(snapshot.tree)).nodes;
    else {
      const [selected] = await selectPaths(trees, snapshot, [path]).catch((error: unknown) => {
        throw isStrataError(error, 'NOT_FOUND') ? backupError('BACKUP_TREE_PATH_NOT_FOUND') : error;
      });
      const node = selected!.node;
      if (node.type !== 'dir' || !node.subtree) throw backupError('BACKUP_TREE_PATH_NOT_FOUND');
      nodes = (await trees.load(node.subtree)).nodes;
    }
    const entries = nodes.map(
      (node): BackupTreeEntry => ({
        name: node.name,
        type: node.type,
        size: node.size,
        mtime: isoOfNanoseconds(node.mtime),
      }),
    );
    return { revisionId, path: path === '' ? '/' : path, entries };
  } finally {
    await repository.close();
  }
};
