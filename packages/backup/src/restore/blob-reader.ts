import type { Compression } from '../repo/pack.ts';
import type { Repository } from '../repo/repository.ts';
import type { BlobSource } from '../workers/protocol.ts';

export type SealedBlob = { sealed: Buffer; compression: Compression; rawLength: number };

/** Whole packs kept for restore: reading one pack once beats hundreds of small reads when most of it is needed. */
const PACKS_CACHED = 4;

/**
 * Loads blobs for restore and extract. Plaintext blobs are kept, most recently used first, up to `capacity`
 * bytes (a sparse file repeats one all-zero blob hundreds of times). A pack of which the restore needs at
 * least half is read whole, once (see plan()).
 */
export class BlobReader {
  private readonly cache = new Map<string, Promise<Buffer>>();
  private cached = 0;
  private readonly dense = new Set<string>();
  private readonly packs = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly repo: Repository,
    private readonly capacity = 32 * 1024 * 1024,
  ) {}

  /** Tells the reader which blobs the run will need, so that it can read dense packs whole. */
  plan(blobIds: Iterable<string>, packSizes: Map<string, number>): void {
    const needed = new Map<string, number>();
    const seen = new Set<string>();
    for (const id of blobIds) {
      if (seen.has(id)) continue;
      seen.add(id);
      const entry = this.repo.index.get(id);
      if (entry) needed.set(entry.pack, (needed.get(entry.pack) ?? 0) + entry.length);
    }
    for (const [pack, bytes] of needed)
      if (bytes >= (packSizes.get(pack) ?? Infinity) / 2) this.dense.add(pack);
  }

  /**
   * A blob for a worker thread: where it is in its pack file when the repository is a folder on this machine
   * (the worker reads it, nothing passes through this thread), else its sealed bytes (loadSealed).
   */
  async sourceOf(id: string): Promise<BlobSource> {
    const entry = this.repo.index.get(id);
    const file = entry && this.repo.backend.localPath?.('data', entry.pack);
    if (!entry || !file) return this.loadSealed(id);
    const { offset, length, compression, rawLength } = entry;
    return { file, offset, length, compression, rawLength };
  }

  /** A blob as stored (sealed): from a whole pack read once when the pack is dense, else by a range read. */
  async loadSealed(id: string): Promise<SealedBlob> {
    const entry = this.repo.index.get(id);
    if (!entry) throw new Error(`blob ${id} is not in the index`);
    const { pack, offset, length, compression, rawLength } = entry;
    if (!this.dense.has(pack)) {
      return {
        sealed: await this.repo.backend.read('data', pack, { offset, length }),
        compression,
        rawLength,
      };
    }
    let whole = this.packs.get(pack);
    if (!whole) {
      whole = this.repo.backend.read('data', pack);
      whole.catch(() => this.packs.delete(pack));
      this.packs.set(pack, whole);
      if (this.packs.size > PACKS_CACHED) this.packs.delete(this.packs.keys().next().value!);
    }
    return { sealed: (await whole).subarray(offset, offset + length), compression, rawLength };
  }

  load(id: string): Promise<Buffer> {
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    const size = this.repo.index.get(id)?.rawLength ?? 0;
    const loading = this.loadSealed(id).then(({ sealed, compression, rawLength }) =>
      this.repo.openBlob(id, sealed, compression, rawLength, false),
    );
    if (size > this.capacity / 4) return loading;
    this.cache.set(id, loading);
    this.cached += size;
    loading.catch(() => this.cache.delete(id));
    for (const [oldId] of this.cache) {
      if (this.cached <= this.capacity) break;
      this.cache.delete(oldId);
      this.cached -= this.repo.index.get(oldId)?.rawLength ?? 0;
    }
    return loading;
  }

  /** The plaintext size of a blob, from the index. */
  sizeOf(id: string): number {
    return this.repo.index.get(id)?.rawLength ?? 0;
  }
}
