import {
  defaultFeatureFlags,
  defaultSecuritySettings,
  type FeatureFlags,
  type SecuritySettings,
  securityMessages,
  type UpdateFeatureFlagsRequest,
  type UpdateSecuritySettingsRequest,
} from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest } from '../../lib/errors.ts';
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

export const SECURITY_KEY = 'security';

/** Stored settings over the defaults: a field added later takes its default until changed. */
export const securitySettingsOf = (
  stored: Partial<SecuritySettings> | null | undefined,
): SecuritySettings => ({
  ...defaultSecuritySettings,
  ...(stored ?? {}),
});

export const getSecuritySettings = async (db: DbOrTx): Promise<SecuritySettings> =>
  securitySettingsOf(await getSetting<Partial<SecuritySettings>>(db, SECURITY_KEY));

export const updateSecuritySettings = async ({
  db,
  actor,
  changes,
}: {
  db: Db;
  actor: Actor;
  changes: UpdateSecuritySettingsRequest;
}) =>
  db.transaction(async (tx) => {
    const next = { ...(await getSecuritySettings(tx)), ...changes };
    // Technicians without a factor set up an authenticator app at sign-in: it must be allowed.
    if (next.mfaRequired && !next.allowedMfaTypes.includes('TOTP'))
      throw badRequest(securityMessages.requiredNeedsTotp);
    await putSetting(tx, SECURITY_KEY, next);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.security.update',
      targetType: 'settings',
      targetName: 'Security settings',
      outcome: 'SUCCESS',
      detail: JSON.stringify(changes),
    });
    return next;
  });
