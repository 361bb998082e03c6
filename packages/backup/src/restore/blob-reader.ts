import type { Repository } from '../repo/repository.ts';

/**
 * Loads blobs for restore and extract, keeping the most recently used ones up to `capacity` bytes: a sparse
 * file repeats one all-zero blob hundreds of times, duplicated files repeat theirs.
 */
export class BlobReader {
  private readonly cache = new Map<string, Promise<Buffer>>();
  private cached = 0;

  constructor(
    private readonly repo: Repository,
    private readonly capacity = 32 * 1024 * 1024,
  ) {}

  load(id: string): Promise<Buffer> {
    const hit = this.cache.get(id);
    if (hit) {
      this.cache.delete(id);
      this.cache.set(id, hit);
      return hit;
    }
    const size = this.repo.index.get(id)?.rawLength ?? 0;
    const loading = this.repo.loadBlob(id);
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
