// A worker thread of the engine: reads and chunks files, hashes, compresses and seals the chunks (backup),
// and opens and verifies whole packs (check). Synchronous file calls here cost a few microseconds each,
// against a thread-pool round trip for every call on the main thread.
import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { FastCdc } from '../chunker.ts';
import { looksIncompressible } from '../crypto/compressibility.ts';
import { unseal } from '../crypto/keys.ts';
import { zstdCompress, zstdDecompress } from '../crypto/zstd.ts';
import { Semaphore } from '../limit.ts';
import { verifyPackBytes } from '../repo/verify-pack.ts';
import type {
  ChunkFilesTask,
  ChunkFileTask,
  ChunkInfo,
  FileChunks,
  FilePart,
  FromWorker,
  OpenPackTask,
  PartResult,
  ToWorker,
  WorkerSetup,
  WriteFilesTask,
} from './protocol.ts';

const setup = workerData as WorkerSetup;
const idKey = Buffer.from(setup.idKey);
const dataKey = Buffer.from(setup.dataKey);
const keys = { idKey, dataKey, chunkerKey: Buffer.alloc(0) };
const chunker = new FastCdc(setup.chunker, setup.gear);
const known = Buffer.from(setup.known);
const knownCount = known.length / 32;
const credits = new Semaphore(setup.creditBytes);
/** A compressed chunk is kept only when it saves at least this share (as in BlobWriter). */
const MIN_SAVING = 1 / 32;
/** Flushes the batches of the files being read (see prepare). */
const batchFlushers = new Set<() => void>();
/** Sealed plaintext bytes gathered before a message goes to the main thread (fewer, larger messages). */
const BATCH_BYTES = 4 * 1024 * 1024;
/** Chunks of one file compressing at once. */
const CHUNKS_IN_FLIGHT = 3;

const post = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  parentPort!.postMessage(message, transfer);

const isKnown = (id: Buffer): boolean => {
  let low = 0;
  let high = knownCount - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = known.compare(id, 0, 32, middle * 32, middle * 32 + 32);
    if (order === 0) return true;
    if (order < 0) low = middle + 1;
    else high = middle - 1;
  }
  return false;
};

/** Seals into a buffer of its own (never a slice of Node's shared pool), so that it can be transferred. */
const sealForTransfer = (payload: Buffer): Uint8Array => {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
  const body = cipher.update(payload);
  cipher.final();
  const sealed = new Uint8Array(12 + body.length + 16);
  sealed.set(nonce, 0);
  sealed.set(body, 12);
  sealed.set(cipher.getAuthTag(), 12 + body.length);
  return sealed;
};

const prepare = async (chunk: Buffer, reserved = false): Promise<ChunkInfo> => {
  const idBytes = createHmac('sha256', idKey).update(chunk).digest();
  const id = idBytes.toString('hex');
  if (isKnown(idBytes)) return { id, rawLength: chunk.length };
  if (!reserved && !credits.tryAcquire(chunk.length)) {
    // out of credits: send every batch still gathering, so that the main thread can acknowledge them
    for (const flush of batchFlushers) flush();
    await credits.acquire(chunk.length);
  }
  let payload = chunk;
  let compression: 'none' | 'zstd' = 'none';
  if (chunk.length > 64 && !looksIncompressible(chunk)) {
    const compressed = await zstdCompress(chunk, setup.level);
    if (compressed.length <= chunk.length * (1 - MIN_SAVING)) {
      payload = compressed;
      compression = 'zstd';
    }
  }
  const sealed = sealForTransfer(payload);
  // credits are counted in plaintext bytes; the main thread acknowledges the same number
  return { id, rawLength: chunk.length, sealed, compression };
};

const chunkFile = async ({ task, path, size }: ChunkFileTask): Promise<void> => {
  let fd: number;
  try {
    fd = fs.openSync(Buffer.from(path), 'r');
  } catch (error) {
    return post({
      kind: 'error',
      task,
      code: (error as NodeJS.ErrnoException).code,
      message: (error as Error).message,
    });
  }
  let position = 0;
  const inFlight: Promise<ChunkInfo>[] = [];
  let batch: ChunkInfo[] = [];
  let batchBytes = 0;
  const flush = (done?: { size: number }) => {
    if (batch.length === 0 && !done) return;
    const transfer = batch.flatMap((c) => (c.sealed ? [c.sealed.buffer as ArrayBuffer] : []));
    post({ kind: 'chunks', task, chunks: batch, done }, transfer);
    batch = [];
    batchBytes = 0;
  };
  const takeFirst = async () => {
    const chunk = await inFlight.shift()!;
    batch.push(chunk);
    batchBytes += chunk.sealed ? chunk.rawLength : 0;
    // a full batch goes; so does any batch while a chunk waits for credits that only its acknowledgement frees
    if (batchBytes >= BATCH_BYTES || credits.isContended) flush();
  };
  const flushBatch = () => flush();
  batchFlushers.add(flushBatch);
  try {
    const read = (target: Buffer, offset: number, length: number) => {
      const count = fs.readSync(fd, target, offset, length, position);
      position += count;
      return count;
    };
    for (const chunk of chunker.chunksSync(read, size)) {
      inFlight.push(prepare(chunk));
      if (inFlight.length >= CHUNKS_IN_FLIGHT) await takeFirst();
    }
    while (inFlight.length > 0) await takeFirst();
    flush({ size: position });
  } catch (error) {
    await Promise.allSettled(inFlight);
    if (batch.length > 0) flush();
    post({
      kind: 'error',
      task,
      code: (error as NodeJS.ErrnoException).code,
      message: (error as Error).message,
    });
  } finally {
    batchFlushers.delete(flushBatch);
    fs.closeSync(fd);
  }
};

/** Reads a whole file (it may have grown since it was stat'ed). */
const readWhole = (path: Uint8Array, size: number): Buffer => {
  const fd = fs.openSync(Buffer.from(path), 'r');
  try {
    let buffer = Buffer.allocUnsafe(size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const count = fs.readSync(fd, buffer, length, buffer.length - length, length);
      if (count === 0) return buffer.subarray(0, length);
      length += count;
    }
  } finally {
    fs.closeSync(fd);
  }
};

const chunkSmallFiles = async ({ task, files, reserve }: ChunkFilesTask): Promise<void> => {
  // credits for the whole batch first: a batch that waits holds none, so batches cannot block each other
  await credits.acquire(reserve);
  const results = await Promise.all(
    files.map(async ({ path, size }): Promise<FileChunks> => {
      try {
        const data = readWhole(path, size);
        let at = 0;
        const chunks: Promise<ChunkInfo>[] = [];
        while (at < data.length) {
          const length = chunker.cut(data, at, data.length);
          chunks.push(prepare(data.subarray(at, at + length), true));
          at += length;
        }
        return { size: data.length, chunks: await Promise.all(chunks) };
      } catch (error) {
        return { code: (error as NodeJS.ErrnoException).code, message: (error as Error).message };
      }
    }),
  );
  const transfer = results.flatMap((r) =>
    'chunks' in r ? r.chunks.flatMap((c) => (c.sealed ? [c.sealed.buffer as ArrayBuffer] : [])) : [],
  );
  post({ kind: 'files-chunked', task, results, reserve }, transfer);
};

const openPack = async ({ task, packId, pack }: OpenPackTask): Promise<void> => {
  try {
    const verified = await verifyPackBytes(
      keys,
      packId,
      Buffer.from(pack.buffer, pack.byteOffset, pack.byteLength),
    );
    post({ kind: 'pack', task, ...verified });
  } catch (error) {
    post({ kind: 'error', task, message: (error as Error).message });
  }
};

const ZERO_BLOCK = Buffer.alloc(64 * 1024);

/**
 * Writes `data` at `position`, leaving 64 KiB blocks of zeros as holes (the file is truncated to size at the
 * end). Returns where the last bytes written end (`position` when none were).
 */
const writeSparse = (fd: number, data: Buffer, position: number): number => {
  let run = -1;
  let end = position;
  for (let at = 0; at <= data.length; at += ZERO_BLOCK.length) {
    const stop = Math.min(at + ZERO_BLOCK.length, data.length);
    const zero = at === data.length || data.subarray(at, stop).equals(ZERO_BLOCK.subarray(0, stop - at));
    if (!zero && run < 0) run = at;
    if (zero && run >= 0) {
      writeAll(fd, data.subarray(run, at), position + run);
      end = position + at;
      run = -1;
    }
  }
  if (run >= 0) {
    writeAll(fd, data.subarray(run), position + run);
    end = position + data.length;
  }
  return end;
};

const writeAll = (fd: number, data: Buffer, position: number): void => {
  for (let done = 0; done < data.length; )
    done += fs.writeSync(fd, data, done, data.length - done, position + done);
};

/** The plaintext of a part's blobs (unsealed here, decompressed on the thread pool), checked against the index. */
const openBlobs = (blobs: FilePart['blobs'], packs: PackFiles): Promise<Buffer[]> =>
  Promise.all(
    blobs.map(async (blob) => {
      const sealed =
        'sealed' in blob
          ? Buffer.from(blob.sealed.buffer, blob.sealed.byteOffset, blob.sealed.byteLength)
          : packs.read(blob.file, blob.offset, blob.length);
      const payload = unseal(dataKey, sealed); // at once: a read's bytes last until the next read
      const plain = blob.compression === 'zstd' ? await zstdDecompress(payload) : payload;
      if (plain.length !== blob.rawLength) {
        throw new Error(`a blob holds ${plain.length} bytes, the index says ${blob.rawLength}`);
      }
      return plain;
    }),
  );

/**
 * Pack files a task reads blobs from, each opened once for the task and closed at its end. A pack that cannot
 * be read is the repository's fault, not the restored file's: the error goes back without an errno code, so
 * the restore stops (as when the calling thread reads a pack).
 */
class PackFiles {
  private readonly open = new Map<string, number>();

  /**
   * A blob's sealed bytes, in a buffer shared by every read of the worker: valid until the next read, so the
   * caller unseals them at once (that makes a new buffer). No allocation a blob, so less for the GC to do.
   */
  read(file: string, offset: number, length: number): Buffer {
    try {
      let fd = this.open.get(file);
      if (fd === undefined) {
        fd = fs.openSync(file, 'r');
        this.open.set(file, fd);
      }
      if (scratch.length < length) scratch = Buffer.allocUnsafeSlow(Math.max(length, scratch.length * 2));
      for (let done = 0; done < length; ) {
        const count = fs.readSync(fd, scratch, done, length - done, offset + done);
        if (count === 0) throw new Error(`range ${offset}+${length} runs past the end`);
        done += count;
      }
      return scratch.subarray(0, length);
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
  }

  close(): void {
    for (const fd of this.open.values()) fs.closeSync(fd);
    this.open.clear();
  }
}
let scratch = Buffer.allocUnsafeSlow(1024 * 1024);

const failure = (error: unknown): PartResult => ({
  code: (error as NodeJS.ErrnoException).code,
  message: (error as Error).message,
});

/** Writes a part whose blobs are open: creates or opens the file, writes, and on the last part finishes it. */
const writePart = ({ path, offset, create, createMode, finish }: FilePart, plains: Buffer[]): PartResult => {
  const file = Buffer.from(path);
  let fd: number | undefined;
  try {
    fd = fs.openSync(file, create ? 'wx' : 'r+', createMode);
    let position = offset;
    let written = offset;
    for (const plain of plains) {
      if (plain.length > 0) written = Math.max(written, writeSparse(fd, plain, position));
      position += plain.length;
    }
    if (finish) {
      // a file created here and written up to its size needs no truncate (a trailing hole does)
      if (!create || written !== finish.size) fs.ftruncateSync(fd, finish.size);
      if (finish.uid !== undefined && finish.gid !== undefined) fs.fchownSync(fd, finish.uid, finish.gid);
      if (finish.mode !== undefined) fs.fchmodSync(fd, finish.mode);
      fs.futimesSync(fd, finish.mtimeSeconds, finish.mtimeSeconds);
    }
    fs.closeSync(fd);
    fd = undefined;
    if (finish?.rename) fs.renameSync(file, Buffer.from(finish.rename));
    return { bytes: position - offset };
  } catch (error) {
    if (fd !== undefined) fs.closeSync(fd);
    return failure(error);
  }
};

const writeFiles = async ({ task, parts }: WriteFilesTask): Promise<void> => {
  // every part's blobs open at once (zstd on the thread pool); each file is written once its blobs are open
  // (a damaged blob leaves no half-written file behind its part), in order
  const packs = new PackFiles();
  const opened = parts.map((part) => openBlobs(part.blobs, packs));
  packs.close();
  for (const open of opened) open.catch(() => {});
  const results: PartResult[] = [];
  for (const [i, part] of parts.entries()) {
    // a blob that does not open (damaged, a pack missing) goes back without an errno code: the restore stops
    const plains = await opened[i]!.catch((error: Error): PartResult => ({ message: error.message }));
    results.push(Array.isArray(plains) ? writePart(part, plains) : plains);
  }
  post({ kind: 'written', task, results });
};

parentPort!.on('message', (message: ToWorker) => {
  if (message.kind === 'ack') credits.release(message.bytes);
  else if (message.kind === 'chunk-file') void chunkFile(message);
  else if (message.kind === 'chunk-files') void chunkSmallFiles(message);
  else if (message.kind === 'write-files') void writeFiles(message);
  else void openPack(message);
});
