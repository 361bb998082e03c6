import { type Clock, isStrataError, prune, Repository, systemClock } from '@rmm/backup';
import type { Db } from '../../db/database.ts';
import { insertActivity } from '../activities/repository.ts';
import { findOrganization } from '../organizations/repository.ts';
import { findCloudOrganizations } from './data-repository.ts';
import { ensureKeys, organizationKeyOf } from './keys.ts';
import type { RepositoryStore } from './store.ts';
import { StoreBackend } from './store-backend.ts';

/**
 * The server's prune of its cloud repositories (agents never delete there but locks): every organization's
 * repository, opened with its restore key, gives back the space of revisions forgotten more than 72 hours ago
 * (the engine's hold). The engine's exclusive lock keeps it from running beside a backup, an upsync or another
 * process's prune: such a repository is skipped until the next round.
 */

type Logger = { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type CloudPruneOptions = { db: Db; store: RepositoryStore; secretKey: Buffer; log: Logger };

const pruneOne = async (options: CloudPruneOptions, organizationId: number, clock: Clock) => {
  const { db, store, secretKey } = options;
  const keys = await ensureKeys(db, secretKey, organizationId);
  const backend = new StoreBackend(db, store, organizationId, { overQuota: true });
  const repository = await Repository.open(backend, { organizationKey: organizationKeyOf(keys) }, { clock });
  try {
    return await prune(repository);
  } finally {
    await repository.close();
  }
};

export const createCloudPrune = (options: CloudPruneOptions) => {
  /** One round over every cloud repository; answers the organizations whose repository gave space back. */
  const run = async (now?: Date) => {
    const clock: Clock = now ? { ...systemClock, now: () => now } : systemClock;
    const pruned: number[] = [];
    for (const organizationId of await findCloudOrganizations(options.db)) {
      try {
        const result = await pruneOne(options, organizationId, clock);
        if (result.snapshotsRemoved.length === 0 && result.packsDeleted === 0) continue;
        pruned.push(organizationId);
        const organization = await findOrganization(options.db, 'all', organizationId);
        await insertActivity(options.db, {
          actorId: null,
          actorName: 'backup prune',
          action: 'backup.prune',
          targetType: 'organization',
          targetId: organizationId,
          targetName: organization?.name ?? null,
          organizationId,
          organizationName: organization?.name ?? null,
          outcome: 'SUCCESS',
          detail: `${result.snapshotsRemoved.length} revisions removed, ${result.bytesBefore - result.bytesAfter} bytes given back`,
        });
      } catch (error) {
        // Locked (a backup is writing), no repository yet, or not opened by the organization's key: next round.
        if (isStrataError(error))
          options.log.warn({ organizationId, code: error.code }, 'backup prune skipped');
        else options.log.error({ err: error, organizationId }, 'backup prune failed');
      }
    }
    return pruned;
  };
  return { run };
};

export type CloudPrune = ReturnType<typeof createCloudPrune>;
