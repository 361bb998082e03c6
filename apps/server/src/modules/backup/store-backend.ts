import type { Backend, ByteRange, FileInfo, FileType } from '@rmm/backup';
import { StrataError } from '@rmm/backup';
import type { Db } from '../../db/database.ts';
import { releaseCloudBytes, reserveCloudBytes } from './data-repository.ts';
import { FileExistsError, type RepositoryStore } from './store.ts';

/**
 * The engine's `Backend` over the server's store, for what the server itself does with an organization's cloud
 * repository (read a revision's tree; prune later). Files are `<type>/<name>`, as the agents' HTTP backend
 * writes them through the store routes; writes count against the organization's quota like theirs.
 */
export class StoreBackend implements Backend {
  readonly location: string;

  constructor(
    private readonly db: Db,
    private readonly store: RepositoryStore,
    private readonly organizationId: number,
    /** The server's prune rewrites packs to free space: its writes are counted but never refused. */
    private readonly options: { overQuota?: boolean } = {},
  ) {
    this.location = `the server's store (organization ${organizationId})`;
  }

  private nameOf(type: FileType, name: string) {
    return `${type}/${name}`;
  }

  async list(type: FileType): Promise<FileInfo[]> {
    const prefix = `${type}/`;
    return (await this.store.list(this.organizationId, prefix)).map((file) => ({
      name: file.name.slice(prefix.length),
      size: file.size,
    }));
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    const path = this.nameOf(type, name);
    const info = await this.store.stat(this.organizationId, path);
    if (!info) throw new StrataError('NOT_FOUND', `${path} does not exist`);
    if (range && range.offset + range.length > info.size)
      throw new StrataError('CORRUPT', `${path}: range ${range.offset}+${range.length} runs past the end`);
    if (range && range.length === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    const byteRange = range ? { start: range.offset, end: range.offset + range.length - 1 } : undefined;
    for await (const chunk of this.store.read(this.organizationId, path, byteRange))
      chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    const { organizationId } = this;
    if (!(await reserveCloudBytes(this.db, organizationId, data.length, this.options)))
      throw new StrataError(
        'INVALID_ARGUMENT',
        `${this.location}: the organization's cloud quota is used up`,
      );
    try {
      const outcome = await this.store.writeImmutable(organizationId, this.nameOf(type, name), [data], {
        size: data.length,
      });
      if (!outcome.created) await releaseCloudBytes(this.db, organizationId, data.length);
    } catch (error) {
      await releaseCloudBytes(this.db, organizationId, data.length);
      if (error instanceof FileExistsError)
        throw new StrataError('CORRUPT', `${type}/${name} exists with other content`, { cause: error });
      throw error;
    }
  }

  async remove(type: FileType, name: string): Promise<void> {
    const size = await this.store.remove(this.organizationId, this.nameOf(type, name));
    if (size !== undefined) await releaseCloudBytes(this.db, this.organizationId, size);
  }

  async stat(type: FileType, name: string): Promise<FileInfo | null> {
    const info = await this.store.stat(this.organizationId, this.nameOf(type, name));
    return info ? { name, size: info.size } : null;
  }

  async close(): Promise<void> {}
}
