import { randomBytes } from 'node:crypto';
import {
  ACADEMY_TOKEN_PARAMETER,
  ACADEMY_TOKEN_TTL_SECONDS,
  type AcademySettings,
  type AcademySsoMethod,
  academyMessages,
  apiPaths,
  type UpdateAcademySettingsRequest,
} from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { getSetting, putSetting } from '../settings/repository.ts';
import { signHs256 } from './jwt.ts';

/**
 * The academy (spec §7 "a training-platform login path under /ws/integrations/"): a link in the help menu
 * that signs the user in at a training platform. Stored in settings under `academy`, the signing secret
 * encrypted with the server's key (AES-256-GCM, like organization credentials) and never answered or logged.
 * The SSO method is documented in docs/decisions.md "Academy single sign-on".
 */

const ACADEMY_KEY = 'academy';

type Stored = {
  enabled: boolean;
  provider: string;
  name: string;
  baseUrl: string;
  ssoMethod: AcademySsoMethod;
  secretEncrypted: string | null;
};

const defaults: Stored = {
  enabled: false,
  provider: 'academy',
  name: 'Academy',
  baseUrl: '',
  ssoMethod: 'JWT_HS256',
  secretEncrypted: null,
};

const readStored = async (db: DbOrTx): Promise<Stored> => ({
  ...defaults,
  ...((await getSetting<Partial<Stored>>(db, ACADEMY_KEY)) ?? {}),
});

const isConfigured = (stored: Stored) =>
  stored.enabled && stored.baseUrl !== '' && (stored.ssoMethod === 'NONE' || stored.secretEncrypted !== null);

const toSettings = (stored: Stored): AcademySettings => {
  const { secretEncrypted, ...rest } = stored;
  return {
    ...rest,
    secretSet: secretEncrypted !== null,
    loginPath: isConfigured(stored) ? apiPaths.academyLogin(stored.provider) : null,
  };
};

export const getAcademySettings = async (db: DbOrTx) => toSettings(await readStored(db));

/** The help menu's academy link, or null when the academy is not configured. */
export const academyLink = async (db: DbOrTx) => {
  const stored = await readStored(db);
  return isConfigured(stored)
    ? { name: stored.name, loginPath: apiPaths.academyLogin(stored.provider) }
    : null;
};

export const updateAcademySettings = async ({
  db,
  actor,
  secretKey,
  changes,
}: {
  db: Db;
  actor: Actor;
  secretKey: Buffer;
  changes: UpdateAcademySettingsRequest;
}) =>
  db.transaction(async (tx) => {
    const { secret, ...rest } = changes;
    const current = await readStored(tx);
    const next: Stored = {
      ...current,
      ...rest,
      secretEncrypted:
        secret === undefined
          ? current.secretEncrypted
          : secret === null
            ? null
            : encryptSecret(secretKey, secret),
    };
    if (next.enabled && next.baseUrl === '') throw badRequest(academyMessages.incomplete);
    if (next.enabled && next.ssoMethod === 'JWT_HS256' && next.secretEncrypted === null)
      throw badRequest(academyMessages.needsSecret);
    await putSetting(tx, ACADEMY_KEY, next);
    await insertActivity(tx, {
      actorId: actor.id,
      actorName: actor.email,
      action: 'settings.academy.update',
      targetType: 'settings',
      targetName: 'Academy',
      outcome: 'SUCCESS',
      // The secret never reaches the log: only whether it changed.
      detail: JSON.stringify({
        ...rest,
        ...(secret === undefined ? {} : { secret: secret === null ? 'removed' : 'changed' }),
      }),
    });
    return toSettings(next);
  });

/**
 * `GET /ws/integrations/{provider}/login`: where to send the signed-in user. JWT_HS256 adds a token signed
 * with the configured secret (`iss` the console's origin, `aud` the provider, `sub` the user id, `email`,
 * `name`, `iat`, `exp` five minutes on, a random `jti`) as `?jwt=`; NONE sends the user to the address as is.
 */
export const academyLoginUrl = async ({
  db,
  actor,
  secretKey,
  provider,
  issuer,
  now = new Date(),
}: {
  db: Db;
  actor: Actor;
  secretKey: Buffer;
  provider: string;
  issuer: string;
  now?: Date;
}): Promise<string> => {
  const stored = await readStored(db);
  if (!isConfigured(stored) || stored.provider !== provider) throw notFound();
  const url = new URL(stored.baseUrl);
  if (stored.ssoMethod === 'JWT_HS256') {
    const iat = Math.floor(now.getTime() / 1000);
    const token = signHs256(
      {
        iss: issuer,
        aud: stored.provider,
        sub: String(actor.id),
        email: actor.email,
        name: actor.name,
        iat,
        exp: iat + ACADEMY_TOKEN_TTL_SECONDS,
        jti: randomBytes(16).toString('base64url'),
      },
      decryptSecret(secretKey, stored.secretEncrypted!),
    );
    url.searchParams.set(ACADEMY_TOKEN_PARAMETER, token);
  }
  await insertActivity(db, {
    actorId: actor.id,
    actorName: actor.email,
    action: 'academy.login',
    targetType: 'integration',
    targetName: stored.name,
    outcome: 'SUCCESS',
  });
  return url.toString();
};
