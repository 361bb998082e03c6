import { randomBytes } from 'node:crypto';
import { keyFingerprint } from '@rmm/backup/crypto/keys';
import { type ChunkerParams, defaultChunkerParams } from '@rmm/backup/repo/config';
import { makeKeyFile, type OrganizationKey } from '@rmm/backup/repo/key-files';
import type { DbOrTx } from '../../db/database.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { findSealedKeys, insertSealedKeys, type SealedKeys } from './keys-repository.ts';

/**
 * An organization's backup keys (docs/decisions.md, "Backup"): a random 256-bit repository master key, a random
 * 256-bit restore key (the KEK of the organization's key files), and the chunker parameters all its
 * repositories share, sealed under the server's key at rest and made on first use. Callers keep them in
 * memory for one message, one download or one read; nothing here logs them.
 */
export type OrganizationKeys = {
  organizationId: number;
  masterKey: Buffer;
  restoreKey: Buffer;
  chunker: ChunkerParams;
  createdAt: Date;
};

const open = (secretKey: Buffer, sealed: SealedKeys): OrganizationKeys => ({
  organizationId: sealed.organizationId,
  masterKey: Buffer.from(decryptSecret(secretKey, sealed.masterKeyEncrypted), 'base64'),
  restoreKey: Buffer.from(decryptSecret(secretKey, sealed.restoreKeyEncrypted), 'base64'),
  chunker: sealed.chunker,
  createdAt: sealed.createdAt,
});

/** The organization's keys, made now if it has none (concurrent first uses end with one set). */
export const ensureKeys = async (
  db: DbOrTx,
  secretKey: Buffer,
  organizationId: number,
): Promise<OrganizationKeys> => {
  const found = await findSealedKeys(db, organizationId);
  if (found) return open(secretKey, found);
  await insertSealedKeys(db, {
    organizationId,
    masterKeyEncrypted: encryptSecret(secretKey, randomBytes(32).toString('base64')),
    restoreKeyEncrypted: encryptSecret(secretKey, randomBytes(32).toString('base64')),
    chunker: defaultChunkerParams(),
  });
  return open(secretKey, (await findSealedKeys(db, organizationId))!);
};

/** The restore key as the engine reads it (`OrganizationKey`): what the downloadable file holds. */
export const organizationKeyOf = (keys: OrganizationKeys): OrganizationKey => ({
  type: 'strata-organization-key',
  version: 1,
  organizationId: String(keys.organizationId),
  fingerprint: keyFingerprint(keys.restoreKey),
  key: keys.restoreKey.toString('base64'),
});

/**
 * The engine's key file of the restore key (the master key wrapped under it), dated at the keys' creation so
 * that it is the same file, of the same name, in every job.
 */
export const organizationKeyFileOf = async (keys: OrganizationKeys) => {
  const organizationKey = organizationKeyOf(keys);
  const file = await makeKeyFile(
    keys.masterKey,
    { organizationKey },
    keys.createdAt,
    'organization restore key',
  );
  return {
    name: file.name,
    content: file.bytes.toString('base64'),
    fingerprint: organizationKey.fingerprint,
  };
};
