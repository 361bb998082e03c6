import { isStrataError, Repository } from '@rmm/backup';
import { listFolder, TreeCache } from '@rmm/backup/restore/select';
import { type BackupTreeResponse, backupTreePage } from '@rmm/domain';
import type { Db } from '../../db/database.ts';
import { backupError } from './errors.ts';
import { ensureKeys, organizationKeyOf } from './keys.ts';
import type { RepositoryStore } from './store.ts';
import { StoreBackend } from './store-backend.ts';

/**
 * One page of one folder of a cloud revision, read by the server itself: the organization's repository in the
 * server's store, opened with the organization's restore key (the key file every repository of the
 * organization gets). A revision only in a local folder or share is read by its device's agent (`agent-tree.ts`).
 */
export const readRevisionTree = async (options: {
  db: Db;
  store: RepositoryStore;
  secretKey: Buffer;
  organizationId: number;
  revisionId: string;
  path: string;
  offset: number;
  limit: number;
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
    const path = options.path.trim();
    const nodes = await listFolder(new TreeCache(repository), snapshot, path).catch((error: unknown) => {
      throw isStrataError(error, 'NOT_FOUND') ? backupError('BACKUP_TREE_PATH_NOT_FOUND') : error;
    });
    return {
      revisionId,
      path: path === '' ? '/' : path,
      ...backupTreePage(nodes, options),
      readBy: 'SERVER',
    };
  } finally {
    await repository.close();
  }
};
