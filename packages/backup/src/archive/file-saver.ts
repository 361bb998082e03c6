import type { BigIntStats } from 'node:fs';
import type { FastCdc } from '../chunker.ts';
import { throwIfAborted } from '../errors.ts';
import { Semaphore } from '../limit.ts';
import type { BlobWriter } from '../repo/blob-writer.ts';
import type { TreeNode } from '../tree.ts';
import type { WorkerPool } from '../workers/pool.ts';
import type { ChunkInfo } from '../workers/protocol.ts';
import { nodeFromStat, type SourceFs } from './source-fs.ts';

export type FileSaverOptions = {
  /** Files read at once (default 4): enough to keep both cores busy with small files. */
  concurrency?: number;
  /** Plaintext bytes handed to the blob writer and not yet sealed into a pack (default 64 MiB). */
  bytesInFlight?: number;
  signal?: AbortSignal;
  /** Called with each block of bytes read, for progress. */
  onBytes?: (count: number) => void;
  /** Worker threads that read, chunk and seal (the default path), started on first use; without, the main thread does it all. */
  workers?: { size: number; start: () => WorkerPool };
};

/** Reads files in chunks and saves the chunks as data blobs; at most `concurrency` files at once. */
export class FileSaver {
  private readonly files: Semaphore;
  private readonly bytes: Semaphore;
  bytesRead = 0;

  constructor(
    private readonly fs: SourceFs,
    private readonly chunker: FastCdc,
    private readonly writer: BlobWriter,
    private readonly options: FileSaverOptions = {},
  ) {
    this.files = new Semaphore(options.concurrency ?? (options.workers ? options.workers.size * 3 : 4));
    this.bytes = new Semaphore(options.bytesInFlight ?? 64 * 1024 * 1024);
  }

  private started: WorkerPool | undefined;

  /** The worker pool, started when the first file needs reading (a backup with nothing changed starts none). */
  private pool(): WorkerPool | undefined {
    if (!this.started && this.options.workers) this.started = this.options.workers.start();
    return this.started;
  }

  get usesWorkers(): boolean {
    return this.options.workers !== undefined;
  }

  async close(): Promise<void> {
    await this.started?.close();
  }

  /** Waits for a reading slot, then reads and saves the file; resolves to its tree node. */
  save(path: Buffer, name: Buffer, stat: BigIntStats): Promise<TreeNode> {
    const pool = this.pool();
    return this.files.use(() =>
      pool ? this.readInWorker(pool, path, name, stat) : this.read(path, name, stat),
    );
  }

  /**
   * Small files (a single chunk when stat'ed) in one worker task: one message each way for many files. Each
   * entry of the result is the file's node, or the error that kept it out.
   */
  async saveSmall(items: { path: Buffer; name: Buffer; stat: BigIntStats }[]): Promise<(TreeNode | Error)[]> {
    const pool = this.pool()!;
    const results: (TreeNode | Error)[] = [];
    const files = items.map((item) => ({ path: item.path, size: Number(item.stat.size) }));
    await this.files.use(() =>
      pool.chunkSmallFiles(files, async (index, result) => {
        const item = items[index]!;
        if (!('chunks' in result)) {
          results[index] = Object.assign(new Error(result.message), { code: result.code });
          return;
        }
        throwIfAborted(this.options.signal);
        for (const chunk of result.chunks) await this.store(chunk);
        this.bytesRead += result.size;
        const content = result.chunks.map((chunk) => chunk.id);
        results[index] = { ...nodeFromStat(item.name, 'file', item.stat), size: result.size, content };
      }),
    );
    return results;
  }

  /** A chunk from a worker into a pack, unless the repository has it already. */
  private async store(chunk: ChunkInfo): Promise<void> {
    this.options.onBytes?.(chunk.rawLength);
    if (!chunk.sealed || this.writer.has(chunk.id)) return;
    const { id, rawLength, compression = 'none' } = chunk;
    const sealed = Buffer.from(chunk.sealed.buffer, chunk.sealed.byteOffset, chunk.sealed.byteLength);
    await this.writer.addSealed({ id, type: 'data', compression, rawLength }, sealed);
  }

  /** The worker reads and seals; here the sealed chunks go into packs, in order. */
  private async readInWorker(
    pool: WorkerPool,
    path: Buffer,
    name: Buffer,
    stat: BigIntStats,
  ): Promise<TreeNode> {
    throwIfAborted(this.options.signal);
    this.writer.throwIfFailed();
    const content: string[] = [];
    const size = await pool.chunkFile(path, Number(stat.size), async (chunk) => {
      throwIfAborted(this.options.signal);
      content.push(chunk.id);
      await this.store(chunk);
    });
    this.bytesRead += size;
    return { ...nodeFromStat(name, 'file', stat), size, content };
  }

  private async read(path: Buffer, name: Buffer, stat: BigIntStats): Promise<TreeNode> {
    const { signal, onBytes } = this.options;
    throwIfAborted(signal);
    this.writer.throwIfFailed();
    const handle = await this.fs.open(path);
    const saves: Promise<{ id: string }>[] = [];
    let size = 0;
    try {
      let position = 0;
      const source = async (target: Buffer, offset: number, length: number) => {
        const { bytesRead } = await handle.read(target, offset, length, position);
        position += bytesRead;
        return bytesRead;
      };
      for await (const chunk of this.chunker.chunks(source, Number(stat.size))) {
        throwIfAborted(signal);
        this.writer.throwIfFailed();
        size += chunk.length;
        onBytes?.(chunk.length);
        await this.bytes.acquire(chunk.length);
        const saved = this.writer.save('data', chunk).finally(() => this.bytes.release(chunk.length));
        saved.catch(() => {}); // handled below, by Promise.all or allSettled
        saves.push(saved);
      }
    } catch (error) {
      // let the chunks already handed over finish, so that a cancelled backup flushes a quiet writer
      await Promise.allSettled(saves);
      throw error;
    } finally {
      await handle.close();
    }
    const content = (await Promise.all(saves)).map((saved) => saved.id);
    this.bytesRead += size;
    return { ...nodeFromStat(name, 'file', stat), size, content };
  }
}
