import { randomBytes } from 'node:crypto';
import { StrataError } from '../errors.ts';

export const REPOSITORY_VERSION = 1;

export type ChunkerParams = {
  algorithm: 'fastcdc';
  minSize: number;
  avgSize: number;
  maxSize: number;
  /** Public seed of the gear table (hex); the table itself also needs the master key. */
  seed: string;
};

/** The repository's one plaintext file: what a reader needs before any key. */
export type RepositoryConfig = {
  version: number;
  /** Random, hex; a copy of a repository gets its own id but keeps the chunker (so that both deduplicate alike). */
  id: string;
  createdAt: string;
  chunker: ChunkerParams;
  /** Target size of a pack file in bytes. */
  packSize: number;
  compression: { algorithm: 'zstd'; level: number };
};

export const MiB = 1024 * 1024;

export const defaultChunkerParams = (): ChunkerParams => ({
  algorithm: 'fastcdc',
  minSize: 512 * 1024,
  avgSize: MiB,
  maxSize: 8 * MiB,
  seed: randomBytes(16).toString('hex'),
});

export const newConfig = (
  now: Date,
  options: { chunker?: ChunkerParams; packSize?: number; compressionLevel?: number } = {},
): RepositoryConfig => ({
  version: REPOSITORY_VERSION,
  id: randomBytes(16).toString('hex'),
  createdAt: now.toISOString(),
  chunker: options.chunker ?? defaultChunkerParams(),
  packSize: options.packSize ?? 16 * MiB,
  compression: { algorithm: 'zstd', level: options.compressionLevel ?? 2 },
});

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;

export const parseConfig = (bytes: Buffer, location: string): RepositoryConfig => {
  let config: RepositoryConfig;
  try {
    config = JSON.parse(bytes.toString('utf8')) as RepositoryConfig;
  } catch (error) {
    throw new StrataError('NOT_A_REPOSITORY', `${location}: the config file is not JSON`, { cause: error });
  }
  if (config.version !== REPOSITORY_VERSION) {
    throw new StrataError(
      'NOT_A_REPOSITORY',
      `${location}: repository version ${config.version} is not supported`,
    );
  }
  const { minSize, avgSize, maxSize } = config.chunker ?? {};
  if (
    !(isPowerOfTwo(avgSize) && minSize > 64 && minSize < avgSize && avgSize < maxSize && maxSize < 2 ** 31)
  ) {
    throw new StrataError('NOT_A_REPOSITORY', `${location}: the chunker parameters are invalid`);
  }
  return config;
};
