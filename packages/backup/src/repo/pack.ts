import { createHash } from 'node:crypto';
import type { Backend } from '../backend/backend.ts';
import { type RepositoryKeys, SEAL_OVERHEAD, seal, unseal } from '../crypto/keys.ts';
import { StrataError } from '../errors.ts';

export type BlobType = 'data' | 'tree';
export type Compression = 'none' | 'zstd';

/** One blob inside a pack: where its sealed bytes are and what they hold. */
export type PackEntry = {
  /** HMAC-SHA-256 of the plaintext, hex. */
  id: string;
  type: BlobType;
  compression: Compression;
  /** Offset of the sealed blob in the pack. */
  offset: number;
  /** Length of the sealed blob (nonce, ciphertext, tag). */
  length: number;
  /** Length of the plaintext once opened and decompressed. */
  rawLength: number;
};

const HEADER_MAGIC = Buffer.from('STP1');
const HEADER_AAD = 'strata/v1/pack-header';
/** type, compression, offset, length, raw length, id. */
export const ENTRY_SIZE = 1 + 1 + 4 + 4 + 4 + 32;
/** The last bytes of a pack: the sealed header's length, little-endian. */
const TRAILER_SIZE = 4;

export const encodeEntry = (entry: PackEntry, target: Buffer, at: number): void => {
  target[at] = entry.type === 'tree' ? 1 : 0;
  target[at + 1] = entry.compression === 'zstd' ? 1 : 0;
  target.writeUInt32LE(entry.offset, at + 2);
  target.writeUInt32LE(entry.length, at + 6);
  target.writeUInt32LE(entry.rawLength, at + 10);
  target.write(entry.id, at + 14, 32, 'hex');
};

export const decodeEntry = (source: Buffer, at: number): PackEntry => {
  if (source[at]! > 1 || source[at + 1]! > 1)
    throw new StrataError('CORRUPT', 'unknown blob type or compression');
  return {
    type: source[at] === 1 ? 'tree' : 'data',
    compression: source[at + 1] === 1 ? 'zstd' : 'none',
    offset: source.readUInt32LE(at + 2),
    length: source.readUInt32LE(at + 6),
    rawLength: source.readUInt32LE(at + 10),
    id: source.toString('hex', at + 14, at + 46),
  };
};

/**
 * Collects sealed blobs into one pack file: blobs first, then the sealed header listing them, then the
 * header's length. The pack's id is the SHA-256 of the whole file, computed as the blobs arrive. Blobs are
 * copied into one buffer as they come (no copy of the whole pack at the end, and the sealed blob handed in is
 * free at once); it is allocated at `capacity` without being filled, so pages a small pack never reaches take
 * no memory, and grows if a blob does not fit.
 */
export class PackBuilder {
  private buffer: Buffer | undefined;
  private readonly hash = createHash('sha256');
  readonly entries: PackEntry[] = [];
  size = 0;

  constructor(private readonly capacity = 0) {}

  private reserve(bytes: number): Buffer {
    const needed = this.size + bytes;
    if (!this.buffer || this.buffer.length < needed) {
      const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.capacity, (this.buffer?.length ?? 0) * 2));
      this.buffer?.copy(grown, 0, 0, this.size);
      this.buffer = grown;
    }
    return this.buffer;
  }

  add(blob: Omit<PackEntry, 'offset' | 'length'>, sealed: Uint8Array): PackEntry {
    const entry = { ...blob, offset: this.size, length: sealed.length };
    this.reserve(sealed.length).set(sealed, this.size);
    this.hash.update(sealed);
    this.entries.push(entry);
    this.size += sealed.length;
    return entry;
  }

  finish(keys: RepositoryKeys): { id: string; bytes: Buffer; entries: PackEntry[] } {
    const plain = Buffer.alloc(8 + this.entries.length * ENTRY_SIZE);
    HEADER_MAGIC.copy(plain, 0);
    plain.writeUInt32LE(this.entries.length, 4);
    for (const [i, entry] of this.entries.entries()) encodeEntry(entry, plain, 8 + i * ENTRY_SIZE);
    const header = seal(keys.dataKey, plain, HEADER_AAD);
    const trailer = Buffer.alloc(TRAILER_SIZE);
    trailer.writeUInt32LE(header.length);
    this.hash.update(header).update(trailer);
    const buffer = this.reserve(header.length + TRAILER_SIZE);
    header.copy(buffer, this.size);
    trailer.copy(buffer, this.size + header.length);
    const bytes = buffer.subarray(0, this.size + header.length + TRAILER_SIZE);
    return { id: this.hash.digest('hex'), bytes, entries: this.entries };
  }
}

/** Reads the entries of a pack from its header: the last bytes of the file. */
export const parsePackHeader = (keys: RepositoryKeys, pack: Buffer, packId: string): PackEntry[] => {
  if (pack.length < TRAILER_SIZE + SEAL_OVERHEAD)
    throw new StrataError('CORRUPT', `pack ${packId}: too short`);
  const headerLength = pack.readUInt32LE(pack.length - TRAILER_SIZE);
  const headerStart = pack.length - TRAILER_SIZE - headerLength;
  if (headerStart < 0)
    throw new StrataError('CORRUPT', `pack ${packId}: header length ${headerLength} is impossible`);
  return decodeHeader(keys, pack.subarray(headerStart, pack.length - TRAILER_SIZE), packId, headerStart);
};

const decodeHeader = (
  keys: RepositoryKeys,
  sealed: Buffer,
  packId: string,
  blobsEnd: number,
): PackEntry[] => {
  const plain = unseal(keys.dataKey, sealed, HEADER_AAD, `pack ${packId} header`);
  if (!plain.subarray(0, 4).equals(HEADER_MAGIC))
    throw new StrataError('CORRUPT', `pack ${packId}: not a pack header`);
  const count = plain.readUInt32LE(4);
  if (plain.length !== 8 + count * ENTRY_SIZE)
    throw new StrataError('CORRUPT', `pack ${packId}: header size mismatch`);
  const entries: PackEntry[] = [];
  for (let i = 0; i < count; i++) {
    const entry = decodeEntry(plain, 8 + i * ENTRY_SIZE);
    if (entry.offset + entry.length > blobsEnd)
      throw new StrataError('CORRUPT', `pack ${packId}: blob ${entry.id} runs into the header`);
    entries.push(entry);
  }
  return entries;
};

/** Reads only a pack's tail (one range read when the header is small, two otherwise). */
export const readPackHeader = async (
  backend: Backend,
  keys: RepositoryKeys,
  packId: string,
  packSize?: number,
): Promise<PackEntry[]> => {
  const size = packSize ?? (await backend.stat('data', packId))?.size;
  if (size === undefined) throw new StrataError('NOT_FOUND', `pack ${packId} does not exist`);
  if (size < TRAILER_SIZE + SEAL_OVERHEAD) throw new StrataError('CORRUPT', `pack ${packId}: too short`);
  const guess = Math.min(size, 64 * 1024);
  const tail = await backend.read('data', packId, { offset: size - guess, length: guess });
  const headerLength = tail.readUInt32LE(tail.length - TRAILER_SIZE);
  const headerStart = size - TRAILER_SIZE - headerLength;
  if (headerStart < 0)
    throw new StrataError('CORRUPT', `pack ${packId}: header length ${headerLength} is impossible`);
  const sealed =
    headerLength + TRAILER_SIZE <= guess
      ? tail.subarray(guess - TRAILER_SIZE - headerLength, guess - TRAILER_SIZE)
      : await backend.read('data', packId, { offset: headerStart, length: headerLength });
  return decodeHeader(keys, sealed, packId, headerStart);
};
