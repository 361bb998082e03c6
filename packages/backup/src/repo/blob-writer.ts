import { looksIncompressible } from '../crypto/compressibility.ts';
import { seal } from '../crypto/keys.ts';
import { zstdCompress } from '../crypto/zstd.ts';
import { Semaphore } from '../limit.ts';
import { encodeIndexFile } from './index-file.ts';
import { type BlobType, type Compression, PackBuilder, type PackEntry } from './pack.ts';
import type { Repository } from './repository.ts';

export type BlobWriterOptions = {
  /** Packs being written at once (default 2): the writer waits beyond that, so memory stays bounded. */
  parallelWrites?: number;
  /** An index file is written after this many packs (default 32), and at flush. */
  packsPerIndex?: number;
  /** False: write no index files, keep the written packs in `written` (prune writes its own index). */
  writeIndex?: boolean;
};

export type BlobWriterStats = {
  blobsAdded: number;
  bytesAdded: number;
  rawBytesAdded: number;
  packsWritten: number;
};

/** A compressed blob is kept only when it saves at least this share of the plaintext. */
const MIN_SAVING = 1 / 32;

/**
 * Adds blobs to a repository: skips those already there, compresses (zstd, on the libuv thread pool) where
 * that helps, seals each under the data key, gathers them into packs of about `packSize`, writes each pack,
 * and only then the index file that names it. Call flush() at the end (or after a cancel) to write the rest.
 */
export class BlobWriter {
  private builder: PackBuilder;
  private readonly pending = new Set<string>();
  private readonly writes: Semaphore;
  private readonly running = new Set<Promise<void>>();
  private unindexed: { id: string; entries: PackEntry[] }[] = [];
  private failure: unknown;
  readonly stats: BlobWriterStats = { blobsAdded: 0, bytesAdded: 0, rawBytesAdded: 0, packsWritten: 0 };
  private readonly packsPerIndex: number;
  private readonly indexing: boolean;
  /** Packs written, with their blobs (only kept when `writeIndex` is false). */
  readonly written: { id: string; entries: PackEntry[] }[] = [];

  constructor(
    private readonly repo: Repository,
    options: BlobWriterOptions = {},
  ) {
    this.writes = new Semaphore(options.parallelWrites ?? 2);
    this.packsPerIndex = options.packsPerIndex ?? 32;
    this.indexing = options.writeIndex ?? true;
    this.builder = this.newBuilder();
  }

  /** Room for a full pack plus its last (largest possible) chunk and its header: it grows only for a huge tree. */
  private newBuilder(): PackBuilder {
    return new PackBuilder(this.repo.config.packSize + this.repo.config.chunker.maxSize + 256 * 1024);
  }

  /** True when the blob is stored or on its way. */
  has(id: string): boolean {
    return this.pending.has(id) || this.repo.index.has(id);
  }

  /** Saves a blob unless it is already there; returns its id and whether this call added it. */
  async save(type: BlobType, plaintext: Buffer, knownId?: string): Promise<{ id: string; added: boolean }> {
    this.throwIfFailed();
    const id = knownId ?? this.repo.blobId(plaintext);
    if (this.has(id)) return { id, added: false };
    this.pending.add(id);
    let payload: Buffer = plaintext;
    let compression: Compression = 'none';
    if (plaintext.length > 64 && !looksIncompressible(plaintext)) {
      const compressed = await zstdCompress(plaintext, this.repo.config.compression.level);
      if (compressed.length <= plaintext.length * (1 - MIN_SAVING)) {
        payload = compressed;
        compression = 'zstd';
      }
    }
    await this.addSealed(
      { id, type, compression, rawLength: plaintext.length },
      seal(this.repo.keys.dataKey, payload),
    );
    this.stats.rawBytesAdded += plaintext.length;
    return { id, added: true };
  }

  /** Adds a blob already sealed under this repository's data key (copy and prune move blobs without opening them). */
  async addSealed(blob: Omit<PackEntry, 'offset' | 'length'>, sealed: Buffer): Promise<void> {
    this.throwIfFailed();
    this.pending.add(blob.id);
    this.builder.add(blob, sealed);
    this.stats.blobsAdded++;
    this.stats.bytesAdded += sealed.length;
    if (this.builder.size >= this.repo.config.packSize) await this.rotate();
  }

  private async rotate(): Promise<void> {
    const full = this.builder;
    this.builder = this.newBuilder();
    if (full.entries.length === 0) return;
    await this.writes.acquire();
    const write = this.writePack(full)
      .catch((error) => {
        this.failure ??= error;
      })
      .finally(() => {
        this.writes.release();
        this.running.delete(write);
      });
    this.running.add(write);
  }

  private async writePack(builder: PackBuilder): Promise<void> {
    const { id, bytes, entries } = builder.finish(this.repo.keys);
    await this.repo.backend.write('data', id, bytes);
    this.stats.packsWritten++;
    for (const entry of entries) this.pending.delete(entry.id);
    if (!this.indexing) {
      this.written.push({ id, entries });
      return;
    }
    this.repo.index.addPack(id, entries);
    this.unindexed.push({ id, entries });
    if (this.unindexed.length >= this.packsPerIndex) await this.writeIndex();
  }

  private async writeIndex(): Promise<void> {
    if (this.unindexed.length === 0) return;
    const packs = this.unindexed;
    this.unindexed = [];
    const file = encodeIndexFile(this.repo.keys, { supersedes: [], packs });
    await this.repo.backend.write('index', file.name, file.bytes);
    this.repo.index.files.add(file.name);
  }

  /** Writes the open pack, waits for every pack write, then writes the index of what is not indexed yet. */
  async flush(): Promise<void> {
    await this.rotate();
    await Promise.all([...this.running]);
    this.throwIfFailed();
    await this.writeIndex();
  }

  /** Throws the first pack-write failure: callers stop reading once writing has failed. */
  throwIfFailed(): void {
    if (this.failure) throw this.failure;
  }
}
