import { isStrataError, LocalBackend, Repository } from '@rmm/backup';
import { Semaphore } from '@rmm/backup/limit';
import { listFolder, TreeCache } from '@rmm/backup/restore/select';
import { type AgentBackupTreeResult, backupTreePage, type ServerBackupTreeRequest } from '@rmm/domain';
import { agentKekOf, masterKeyOf } from './keys.ts';
import { describeError } from './outcome.ts';
import { folderOf, openErrorOf } from './repositories.ts';
import type { BackupSettings } from './settings.ts';
import type { ShareHost } from './share.ts';
import { backupTexts } from './texts.ts';

/**
 * The console's file browser over a revision that is only in a plan's local folder or share: the server asks
 * (`backupTreeRequest`, with the repository and the organization's master key added by the server process that
 * holds this connection) and the agent answers one page of one folder (`backupTreeResult`), read with the engine
 * as a restore reads it. Nothing is written (no lock: a reader of immutable files needs none) and nothing kept:
 * the repository is opened for the request and closed after it.
 */

export type TreeHost = {
  platform: NodeJS.Platform;
  shareHost: ShareHost;
  settings: Pick<BackupSettings, 'clock'>;
};

/** What the agent sends back, without the envelope (`v`, `type`, `deviceId`). */
export type TreeAnswer = Omit<AgentBackupTreeResult, 'v' | 'type' | 'deviceId'>;

/** Listings at once: each opens the repository and loads its index; more wait their turn. */
const CONCURRENT_LISTINGS = 2;
const ERROR_MAX = 1000;

class TreeFailure extends Error {
  constructor(
    message: string,
    readonly code?: 'PATH_NOT_FOUND' | 'REVISION_NOT_FOUND',
  ) {
    super(message);
  }
}

const readPage = async (repo: Repository, request: ServerBackupTreeRequest): Promise<TreeAnswer> => {
  await repo.loadIndex();
  const snapshot = await repo.loadSnapshot(request.revisionId).catch((error: unknown) => {
    if (!isStrataError(error)) throw error;
    throw new TreeFailure(
      backupTexts.treeRevisionMissing(request.revisionId, repo.backend.location),
      'REVISION_NOT_FOUND',
    );
  });
  const nodes = await listFolder(new TreeCache(repo), snapshot, request.path).catch((error: unknown) => {
    if (!isStrataError(error, 'NOT_FOUND')) throw error;
    throw new TreeFailure(backupTexts.treeFolderMissing(request.path), 'PATH_NOT_FOUND');
  });
  return { requestId: request.requestId, ...backupTreePage(nodes, request) };
};

/** One page of one folder of the revision, or why not (as text, with a code when the server knows one). */
export const listRevisionFolder = async (
  request: ServerBackupTreeRequest,
  host: TreeHost,
): Promise<TreeAnswer> => {
  try {
    const { source } = request;
    if (!source) throw new TreeFailure(backupTexts.noTreeSource);
    if (source.repository.type === 'CLOUD') throw new TreeFailure(backupTexts.treeNotLocal);
    const backend = new LocalBackend(await folderOf(source.repository, host), { fsync: false });
    let repo: Repository;
    try {
      const kek = agentKekOf(masterKeyOf(source));
      repo = await Repository.open(backend, { kek }, { clock: host.settings.clock });
    } catch (error) {
      await backend.close().catch(() => {});
      throw openErrorOf(error, backend.location);
    }
    try {
      return await readPage(repo, request);
    } finally {
      await repo.close();
    }
  } catch (error) {
    return {
      requestId: request.requestId,
      error: describeError(error).slice(0, ERROR_MAX),
      ...(error instanceof TreeFailure && error.code ? { code: error.code } : {}),
    };
  }
};

/** Answers the server's tree requests, a few at a time. */
export const createTreeLister = (host: TreeHost) => {
  const slots = new Semaphore(CONCURRENT_LISTINGS);
  return async (request: ServerBackupTreeRequest): Promise<TreeAnswer> => {
    await slots.acquire();
    try {
      return await listRevisionFolder(request, host);
    } finally {
      slots.release();
    }
  };
};
