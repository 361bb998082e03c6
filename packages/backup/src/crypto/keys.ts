import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  scrypt,
} from 'node:crypto';
import { StrataError } from '../errors.ts';

/** 256-bit keys throughout. */
export const KEY_LENGTH = 32;
const NONCE_LENGTH = 12;
const TAG_LENGTH = 16;
/** What AES-256-GCM adds to every sealed message: the random nonce before, the tag after. */
export const SEAL_OVERHEAD = NONCE_LENGTH + TAG_LENGTH;
const KW_IV = Buffer.from('a6a6a6a6a6a6a6a6', 'hex');
const HKDF_SALT = Buffer.from('strata/v1');

/** The keys every repository operation uses, all derived from the random master key. */
export type RepositoryKeys = {
  /** HMAC-SHA-256 key of blob ids: equal plaintexts get equal ids only under this repository's master key. */
  readonly idKey: Buffer;
  /** AES-256-GCM key of blobs, pack headers, index files, snapshots, locks and deletion marks. */
  readonly dataKey: Buffer;
  /** Seeds the chunker's gear table (with the config's seed): chunk boundaries reveal nothing to a reader of the packs. */
  readonly chunkerKey: Buffer;
};

export const newMasterKey = (): Buffer => randomBytes(KEY_LENGTH);

const derive = (masterKey: Buffer, info: string, length = KEY_LENGTH): Buffer =>
  Buffer.from(hkdfSync('sha256', masterKey, HKDF_SALT, info, length));

export const deriveKeys = (masterKey: Buffer): RepositoryKeys => ({
  idKey: derive(masterKey, 'strata/v1/blob-id'),
  dataKey: derive(masterKey, 'strata/v1/data'),
  chunkerKey: derive(masterKey, 'strata/v1/chunker'),
});

/** The 256 gear values of the chunker, from the chunker key and the config's public seed. */
export const gearTable = (keys: RepositoryKeys, seed: Buffer): Uint32Array => {
  const bytes = Buffer.from(hkdfSync('sha256', keys.chunkerKey, seed, 'strata/v1/gear', 1024));
  return new Uint32Array(bytes.buffer, bytes.byteOffset, 256).slice();
};

/** A blob's id: HMAC-SHA-256 of its plaintext. */
export const blobIdOf = (keys: RepositoryKeys, plaintext: Uint8Array): Buffer =>
  createHmac('sha256', keys.idKey).update(plaintext).digest();

/** SHA-256 of a whole file: the id of packs, index files, snapshots and key files. */
export const fileIdOf = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** AES-256-GCM with a random 96-bit nonce: nonce ‖ ciphertext ‖ tag. `aad` binds the message to its kind. */
export const seal = (key: Buffer, plaintext: Uint8Array, aad?: string): Buffer => {
  const nonce = randomBytes(NONCE_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  if (aad) cipher.setAAD(Buffer.from(aad));
  const body = cipher.update(plaintext);
  cipher.final();
  return Buffer.concat([nonce, body, cipher.getAuthTag()]);
};

/** Opens what seal() made; CORRUPT when the message was altered or sealed under another key. */
export const unseal = (key: Buffer, sealed: Uint8Array, aad?: string, what = 'message'): Buffer => {
  if (sealed.length < SEAL_OVERHEAD) throw new StrataError('CORRUPT', `${what}: too short to be sealed`);
  const nonce = sealed.subarray(0, NONCE_LENGTH);
  const tag = sealed.subarray(sealed.length - TAG_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  if (aad) decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  const body = decipher.update(sealed.subarray(NONCE_LENGTH, sealed.length - TAG_LENGTH));
  try {
    decipher.final();
  } catch (error) {
    throw new StrataError(
      'CORRUPT',
      `${what}: authentication failed (altered, or not sealed under this key)`,
      {
        cause: error,
      },
    );
  }
  return body;
};

/** AES-256 Key Wrap (RFC 3394): 40 bytes for a 32-byte key, with an integrity check built in. */
export const wrapKey = (kek: Buffer, key: Buffer): Buffer => {
  const cipher = createCipheriv('id-aes256-wrap', kek, KW_IV);
  return Buffer.concat([cipher.update(key), cipher.final()]);
};

/** WRONG_KEY when `kek` is not the key that wrapped it. */
export const unwrapKey = (kek: Buffer, wrapped: Buffer): Buffer => {
  try {
    const decipher = createDecipheriv('id-aes256-wrap', kek, KW_IV);
    return Buffer.concat([decipher.update(wrapped), decipher.final()]);
  } catch (error) {
    throw new StrataError('WRONG_KEY', 'The key does not open this repository.', { cause: error });
  }
};

/** A short public fingerprint of a key-encryption key, so that opening picks the key file it wraps. */
export const keyFingerprint = (kek: Buffer): string =>
  createHash('sha256').update('strata/v1/key-id').update(kek).digest('hex').slice(0, 32);

export type ScryptParams = { N: number; r: number; p: number; salt: string };

export const defaultScryptParams = (): ScryptParams => ({
  N: 2 ** 15,
  r: 8,
  p: 1,
  salt: randomBytes(16).toString('base64'),
});

/** A key-encryption key from a password (scrypt), for people who open a repository by hand. */
export const passwordKek = (password: string, params: ScryptParams): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFC'),
      Buffer.from(params.salt, 'base64'),
      KEY_LENGTH,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
