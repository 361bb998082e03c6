import { createRequire } from 'node:module';

type Bindings = {
  compress(data: Buffer, level?: number | null): Promise<Buffer>;
  decompress(data: Buffer): Promise<Buffer>;
};

// The package's index.js drops the level argument; its native binding takes it (both run on the libuv thread pool).
const bindings = createRequire(import.meta.url)('@mongodb-js/zstd/bindings.js') as Bindings;

export const zstdCompress = (data: Buffer, level: number): Promise<Buffer> => bindings.compress(data, level);
export const zstdDecompress = (data: Buffer): Promise<Buffer> => bindings.decompress(data);
