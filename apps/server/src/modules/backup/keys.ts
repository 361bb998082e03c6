import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/database.ts';
import { decryptSecret, encryptSecret } from '../../lib/crypto.ts';
import { findSealedKeys, insertSealedKeys } from './keys-repository.ts';

/**
 * An organization's backup keys (docs/decisions.md, "Backup"): a random 256-bit repository master key and
 * a random 256-bit restore key (KEK) with its id, sealed under the server's key at rest and made on first
 * use. Callers keep them in memory for one message or one download; nothing here logs them.
 */
export type OrganizationKeys = { masterKey: Buffer; restoreKeyId: string; restoreKey: Buffer };

/** RFC 3394's default initial value. */
const KW_IV = Buffer.from('A6A6A6A6A6A6A6A6', 'hex');

/** AES-256 Key Wrap (RFC 3394) of the master key under the restore key: 40 bytes. */
export const wrapMasterKey = (masterKey: Buffer, restoreKey: Buffer): Buffer => {
  const cipher = createCipheriv('id-aes256-wrap', restoreKey, KW_IV);
  return Buffer.concat([cipher.update(masterKey), cipher.final()]);
};

/** The master key from its wrapping (throws when the restore key is not the one it was wrapped under). */
export const unwrapMasterKey = (wrapped: Buffer, restoreKey: Buffer): Buffer => {
  const decipher = createDecipheriv('id-aes256-wrap', restoreKey, KW_IV);
  return Buffer.concat([decipher.update(wrapped), decipher.final()]);
};

const open = (
  secretKey: Buffer,
  sealed: { masterKeyEncrypted: string; restoreKeyId: string; restoreKeyEncrypted: string },
) => ({
  masterKey: Buffer.from(decryptSecret(secretKey, sealed.masterKeyEncrypted), 'base64'),
  restoreKeyId: sealed.restoreKeyId,
  restoreKey: Buffer.from(decryptSecret(secretKey, sealed.restoreKeyEncrypted), 'base64'),
});

/** The organization's keys, made now if it has none (concurrent first uses end with one pair). */
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
    restoreKeyId: randomUUID(),
    restoreKeyEncrypted: encryptSecret(secretKey, randomBytes(32).toString('base64')),
  });
  return open(secretKey, (await findSealedKeys(db, organizationId))!);
};
