import { createHash, createHmac } from 'node:crypto';
import { type RepositoryKeys, unseal } from '../crypto/keys.ts';
import { zstdDecompress } from '../crypto/zstd.ts';
import { parsePackHeader } from './pack.ts';

export type PackVerification = { blobs: number; errors: { file: string; message: string }[] };

/**
 * Checks a pack read whole: its SHA-256 against its name, then every blob opened (authenticated), decompressed,
 * its length and its HMAC against its id. Runs in a worker thread or on the calling one.
 */
export const verifyPackBytes = async (
  keys: Pick<RepositoryKeys, 'idKey' | 'dataKey'>,
  packId: string,
  bytes: Buffer,
): Promise<PackVerification> => {
  const errors: PackVerification['errors'] = [];
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== packId)
    errors.push({ file: packId, message: `pack content does not match its name (SHA-256 ${actual})` });
  const entries = parsePackHeader({ ...keys, chunkerKey: Buffer.alloc(0) }, bytes, packId);
  for (const entry of entries) {
    try {
      const payload = unseal(
        keys.dataKey,
        bytes.subarray(entry.offset, entry.offset + entry.length),
        undefined,
        `blob ${entry.id}`,
      );
      const plain = entry.compression === 'zstd' ? await zstdDecompress(payload) : payload;
      if (plain.length !== entry.rawLength)
        throw new Error(`blob ${entry.id}: ${plain.length} bytes, header says ${entry.rawLength}`);
      if (createHmac('sha256', keys.idKey).update(plain).digest('hex') !== entry.id) {
        throw new Error(`blob ${entry.id}: content does not match its id`);
      }
    } catch (error) {
      errors.push({ file: `${packId}/${entry.id}`, message: (error as Error).message });
    }
  }
  return { blobs: entries.length, errors };
};
