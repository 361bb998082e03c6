import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deterministicRepository, removeDir, seededBytes, tempDir } from '../../test/fixtures.ts';
import type { Repository } from '../repo/repository.ts';
import { WorkerPool } from './pool.ts';
import type { ChunkInfo } from './protocol.ts';

const MiB = 1024 * 1024;

describe('worker pool', () => {
  let dir: string;
  let repo: Repository;

  beforeAll(async () => {
    dir = await tempDir();
    repo = await deterministicRepository(path.join(dir, 'repo'));
    await repo.loadIndex();
  });
  afterAll(() => removeDir(dir));

  it('cuts files as the calling thread would, under a credit smaller than one batch, with a slow consumer', async () => {
    const files = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const file = path.join(dir, `file-${i}.bin`);
        const data = seededBytes(`pool ${i}`, 6 * MiB + i);
        await fsp.writeFile(file, data);
        return { file, data };
      }),
    );
    const pool = new WorkerPool(repo, { size: 1, tasksPerWorker: 3, creditBytes: MiB });
    try {
      const results = await Promise.all(
        files.map(async ({ file }) => {
          const chunks: ChunkInfo[] = [];
          const size = await pool.chunkFile(Buffer.from(file), 6 * MiB, async (chunk) => {
            chunks.push(chunk);
            await new Promise((resolve) => setTimeout(resolve, 5)); // a pack writer that makes the worker wait
          });
          return { size, chunks };
        }),
      );
      for (const [i, { size, chunks }] of results.entries()) {
        const data = files[i]!.data;
        expect(size).toBe(data.length);
        const expected: string[] = [];
        let at = 0;
        while (at < data.length) {
          const length = repo.chunker.cut(data, at, data.length);
          expected.push(repo.blobId(data.subarray(at, at + length)));
          at += length;
        }
        expect(chunks.map((c) => c.id)).toEqual(expected);
        expect(chunks.every((c) => c.sealed && c.compression === 'none')).toBe(true); // random data: stored as it is
      }
    } finally {
      await pool.close();
    }
  });

  it('reports a file it cannot open with the error code', async () => {
    const pool = new WorkerPool(repo, { size: 1 });
    try {
      await expect(
        pool.chunkFile(Buffer.from(path.join(dir, 'missing')), 10, async () => {}),
      ).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await pool.close();
    }
  });
});
