import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { StrataError } from '../errors.ts';
import { Semaphore } from '../limit.ts';
import type { Repository } from '../repo/repository.ts';
import type {
  ChunkInfo,
  FileChunks,
  FilePart,
  FromWorker,
  PackMessage,
  PartResult,
  ToWorker,
  WorkerSetup,
} from './protocol.ts';

/**
 * For check: one worker fewer than cores, at least one. The calling thread reads packs and zstd runs on the
 * libuv thread pool: on the 2-core machine of docs/benchmarks.md one worker beat two at read-data checks.
 * Backup takes one a core, restore one a core up to four (see Archiver and Restorer).
 */
export const defaultWorkers = (): number => Math.max(1, os.availableParallelism() - 1);

const entry = new URL('./worker-entry.mjs', import.meta.url);
const script = new URL(`./worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url).href;

type Pending = {
  onChunk?: (chunk: ChunkInfo) => Promise<void>;
  onFile?: (index: number, result: FileChunks) => Promise<void>;
  resolve: (message: FromWorker) => void;
  reject: (error: Error) => void;
};

/** An error the worker met on a file (it vanished, it cannot be read), with the errno code when there is one. */
export class WorkerTaskError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** The sorted ids of the repository's blobs, 32 bytes each, in memory the workers share. */
const knownIds = (repo: Repository): SharedArrayBuffer => {
  // lowercase hex sorts as its bytes do: sorting the strings is much cheaper than Buffer.compare calls
  const ids = [...repo.index.entries()].map(([id]) => id).sort();
  const shared = new SharedArrayBuffer(ids.length * 32);
  const view = Buffer.from(shared);
  ids.forEach((id, i) => {
    view.write(id, i * 32, 32, 'hex');
  });
  return shared;
};

/** A view that owns its whole ArrayBuffer (transferable without taking other views' bytes along), copying if needed. */
const ownBuffer = (bytes: Uint8Array): Uint8Array =>
  bytes.byteOffset === 0 &&
  bytes.byteLength === bytes.buffer.byteLength &&
  !(bytes.buffer instanceof SharedArrayBuffer)
    ? bytes
    : new Uint8Array(bytes);

const fnv1a = (bytes: Uint8Array): number => {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

type Slot = { worker: Worker; tasks: Semaphore; queue: Promise<void> };

/**
 * Worker threads for the engine's CPU-bound work. One pool serves one operation on one repository: it gets
 * the keys and the ids the repository held when it started.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly pending = new Map<number, Pending>();
  private nextTask = 1;
  private nextSlot = 0;
  private failure: Error | undefined;
  private readonly creditBytes: number;

  constructor(
    repo: Repository,
    options: { size?: number; tasksPerWorker?: number; creditBytes?: number; withKnownIds?: boolean } = {},
  ) {
    const size = options.size ?? defaultWorkers();
    this.creditBytes = options.creditBytes ?? 16 * 1024 * 1024;
    const setup: WorkerSetup = {
      script,
      idKey: repo.keys.idKey,
      dataKey: repo.keys.dataKey,
      gear: repo.chunker.gearTable,
      chunker: repo.config.chunker,
      level: repo.config.compression.level,
      known: options.withKnownIds === false ? new SharedArrayBuffer(0) : knownIds(repo),
      creditBytes: this.creditBytes,
    };
    for (let i = 0; i < size; i++) {
      const worker = new Worker(entry, { workerData: setup });
      const slot: Slot = {
        worker,
        tasks: new Semaphore(options.tasksPerWorker ?? 3),
        queue: Promise.resolve(),
      };
      worker.on('message', (message: FromWorker) => this.receive(slot, message));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new StrataError('CORRUPT', `a worker thread stopped (exit code ${code})`));
      });
      this.slots.push(slot);
    }
  }

  get size(): number {
    return this.slots.length;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
  }

  private receive(slot: Slot, message: FromWorker): void {
    const pending = this.pending.get(message.task);
    if (!pending) return;
    // one message at a time per worker, in order: the acknowledgement waits until the pack writer has room
    slot.queue = slot.queue.then(async () => {
      if (message.kind === 'chunks') {
        try {
          for (const chunk of message.chunks) await pending.onChunk!(chunk);
        } catch (error) {
          pending.reject(error as Error);
        }
        const acknowledged = message.chunks.reduce((sum, c) => sum + (c.sealed ? c.rawLength : 0), 0);
        if (acknowledged > 0)
          slot.worker.postMessage({ kind: 'ack', bytes: acknowledged } satisfies ToWorker);
        if (!message.done) return;
      }
      if (message.kind === 'files-chunked') {
        try {
          for (const [i, result] of message.results.entries()) await pending.onFile!(i, result);
        } catch (error) {
          pending.reject(error as Error);
        }
        slot.worker.postMessage({ kind: 'ack', bytes: message.reserve } satisfies ToWorker);
      }
      this.pending.delete(message.task);
      if (message.kind === 'error') pending.reject(new WorkerTaskError(message.message, message.code));
      else pending.resolve(message);
    });
  }

  /**
   * Runs a task on the next worker (round robin), or on the worker of its `shard`; waits while that worker
   * has its fill of tasks.
   */
  private async run(
    task: (id: number) => ToWorker,
    transfer: ArrayBuffer[],
    pending: Omit<Pending, 'resolve' | 'reject'>,
    shard?: Uint8Array,
  ) {
    if (this.failure) throw this.failure;
    const index = shard ? fnv1a(shard) : this.nextSlot++;
    const slot = this.slots[index % this.slots.length]!;
    await slot.tasks.acquire();
    try {
      const id = this.nextTask++;
      return await new Promise<FromWorker>((resolve, reject) => {
        this.pending.set(id, { ...pending, resolve, reject });
        slot.worker.postMessage(task(id), transfer);
      });
    } finally {
      slot.tasks.release();
    }
  }

  /** Reads, chunks and seals a file in a worker; `onChunk` gets each chunk in order. Resolves to the bytes read. */
  async chunkFile(path: Buffer, size: number, onChunk: (chunk: ChunkInfo) => Promise<void>): Promise<number> {
    const done = await this.run((task) => ({ kind: 'chunk-file', task, path, size }), [], { onChunk });
    return (done as { done?: { size: number } }).done?.size ?? 0;
  }

  /**
   * Reads, chunks and seals small files in one worker task; `onFile` gets each file's chunks (or its error) in
   * order. `reserve`: credits the task takes first, at least the files' sizes (at most the worker's credit).
   */
  async chunkSmallFiles(
    files: { path: Buffer; size: number }[],
    onFile: (index: number, result: FileChunks) => Promise<void>,
  ): Promise<void> {
    const reserve = Math.min(
      this.creditBytes,
      files.reduce((sum, f) => sum + f.size, 0),
    );
    await this.run((task) => ({ kind: 'chunk-files', task, files, reserve }), [], { onFile });
  }

  /** Opens (and with `verify` hashes) every blob of a pack in a worker. The pack's bytes move to the worker. */
  async openPack(packId: string, pack: Buffer): Promise<PackMessage> {
    const own = ownBuffer(pack);
    return (await this.run(
      (task) => ({ kind: 'open-pack', task, packId, pack: own }),
      [own.buffer as ArrayBuffer],
      {},
    )) as PackMessage;
  }

  /**
   * Writes parts of files in a worker (see FilePart), in order: blobs given as bytes move to the worker, blobs
   * given by their place in a pack file it reads itself. Files of one folder all go to one worker: two threads
   * creating files in one folder wait on each other's folder lock in the kernel (on ext4, six times slower
   * than one thread alone).
   */
  async writeFiles(parts: FilePart[], folder: Uint8Array): Promise<PartResult[]> {
    const owned = parts.map((part) => ({
      ...part,
      blobs: part.blobs.map((b) => ('sealed' in b ? { ...b, sealed: ownBuffer(b.sealed) } : b)),
    }));
    const transfer = owned.flatMap((part) =>
      part.blobs.flatMap((b) => ('sealed' in b ? [b.sealed.buffer as ArrayBuffer] : [])),
    );
    const done = await this.run(
      (id) => ({ kind: 'write-files', task: id, parts: owned }),
      transfer,
      {},
      folder,
    );
    return (done as { results: PartResult[] }).results;
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
