import { defaultFeatureFlags, type FeatureFlags, type UpdateFeatureFlagsRequest } from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { getSetting, putSetting } from './repository.ts';

const FLAGS_KEY = 'featureFlags';

export const getFeatureFlags = async (db: DbOrTx): Promise<FeatureFlags> => ({
  ...defaultFeatureFlags,
  ...((await getSetting<Partial<FeatureFlags>>(db, FLAGS_KEY)) ?? {}),
});

export const updateFeatureFlags = async ({
  db,
  actor,
  changes,
}: {
  db: Db;
  actor: Actor;
  changes: UpdateFeatureFlagsRequest;
}) =>
  db.transaction(async (tx) => {
    const next = { ...(await getFeatureFlags(tx)), ...changes };
    await putSetting(tx, FLAGS_KEY, next);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.featureFlags.update',
      targetType: 'settings',
      targetName: 'Feature flags',
      outcome: 'SUCCESS',
      detail: JSON.stringify(changes),
    });
    return next;
  });
