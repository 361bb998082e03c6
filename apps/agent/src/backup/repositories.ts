import path from 'node:path';
import { type Backend, fileTypes, isStrataError, LocalBackend, type Repository } from '@rmm/backup';
import { type AgentBackupJob, type AgentBackupRepository, BACKUP_REPOSITORY_PATH } from '@rmm/domain';
import { HttpStoreBackend } from './http-backend.ts';
import { ensureOrganizationKeyFile, openRepository, organizationKeyFileOf } from './keys.ts';
import type { ProgressReporter } from './progress.ts';
import type { BackupSettings } from './settings.ts';
import type { ShareHost } from './share.ts';
import { resolveShareFolder } from './share.ts';
import { createStoreClient } from './store-client.ts';
import { backupTexts } from './texts.ts';
import { ThrottledDataBackend } from './throttle.ts';

/** What every backup-engine job works with: who the agent is, how to reach the server, its settings. */
export type BackupJobEnv = {
  deviceId: number;
  jobUid: string;
  /** The server the agent is connected to, and its Device authorization (the repository store, extract uploads). */
  serverUrl: string | undefined;
  authorization: string | undefined;
  settings: BackupSettings;
  platform: NodeJS.Platform;
  shareHost: ShareHost;
  hostname: string;
  /** Where the agent keeps its state (extract zips wait here until uploaded). */
  stateDir: string;
  signal: AbortSignal;
  progress: ProgressReporter;
};

export const storeClientFor = (env: BackupJobEnv) => {
  if (!env.serverUrl || !env.authorization) throw new Error(backupTexts.noCloudConnection);
  return createStoreClient({
    serverUrl: env.serverUrl,
    authorization: env.authorization,
    settings: env.settings.store,
    sleep: (ms, signal) => env.settings.clock.sleep(ms, signal),
    signal: env.signal,
  });
};

/** The folder of a LOCAL or NETWORK_SHARE repository on this device (a share connected or found mounted). */
export const folderOf = async (
  repository: AgentBackupRepository,
  env: Pick<BackupJobEnv, 'platform' | 'shareHost'>,
): Promise<string> => {
  if (!repository.path) throw new Error(backupTexts.noRepositoryPath(repository.type));
  const folder =
    repository.type === 'NETWORK_SHARE'
      ? await resolveShareFolder(repository, env.platform, env.shareHost)
      : repository.path;
  const isAbsolute = env.platform === 'win32' ? path.win32.isAbsolute(folder) : path.posix.isAbsolute(folder);
  if (!isAbsolute) throw new Error(backupTexts.relativeRepositoryPath(folder));
  return folder;
};

/** The backend of a repository of the job: a folder, a share's folder, or the server's store; throttled. */
export const backendFor = async (
  repository: AgentBackupRepository,
  job: AgentBackupJob,
  env: BackupJobEnv,
): Promise<Backend> => {
  const backend: Backend =
    repository.type === 'CLOUD'
      ? new HttpStoreBackend(storeClientFor(env), env.serverUrl!, repository.url || BACKUP_REPOSITORY_PATH)
      : new LocalBackend(await folderOf(repository, env), { fsync: env.settings.fsync });
  return job.throttle
    ? new ThrottledDataBackend(backend, job.throttle, env.settings.clock, env.signal)
    : backend;
};

/** Why a repository did not open, in words for the technician (a wrong key, no repository there). */
export const openErrorOf = (error: unknown, location: string): unknown => {
  if (isStrataError(error, 'WRONG_KEY') || isStrataError(error, 'NO_KEY'))
    return new Error(backupTexts.wrongKey(location), { cause: error });
  if (isStrataError(error, 'NOT_A_REPOSITORY'))
    return new Error(backupTexts.notARepository(location), { cause: error });
  return error;
};

/**
 * Opens one of the job's repositories with the organization's master key. `create`: a backup or upsync makes
 * it on first use (from the organization's master key and chunker), and writes the organization key file into
 * it when it has none of that fingerprint.
 */
export const openJobRepository = async (
  repository: AgentBackupRepository,
  job: AgentBackupJob,
  env: BackupJobEnv,
  options: { create: boolean },
): Promise<Repository> => {
  // a key file the server got wrong is refused before anything is made
  if (options.create) organizationKeyFileOf(job.keys);
  const backend = await backendFor(repository, job, env);
  let repo: Repository;
  try {
    repo = await openRepository(backend, job.keys, {
      clock: env.settings.clock,
      packSize: env.settings.packSize,
      create: options.create,
    });
  } catch (error) {
    await backend.close().catch(() => {});
    throw openErrorOf(error, backend.location);
  }
  if (options.create) {
    try {
      await ensureOrganizationKeyFile(repo, job.keys);
    } catch (error) {
      await repo.close().catch(() => {});
      throw error;
    }
  }
  return repo;
};

/** Bytes of every file of the repository (the storage pages show it for folders and shares). */
export const repositorySize = async (backend: Backend): Promise<number> => {
  let total = 0;
  for (const type of fileTypes) for (const file of await backend.list(type)) total += file.size;
  return total;
};
