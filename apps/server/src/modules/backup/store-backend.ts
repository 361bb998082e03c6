import type { Backend, ByteRange, FileInfo, FileType } from '@rmm/backup';
import { StrataError } from '@rmm/backup';
import type { Db } from '../../db/database.ts';
import { releaseCloudBytes, reserveCloudBytes } from './data-repository.ts';
import * as files from './repository-files.ts';
import { FileExistsError, type RepositoryStore } from './store.ts';

/**
 * The engine's `Backend` over the server's store, for what the server itself does with an organization's cloud
 * repository (read a revision's tree, prune). Files sit at the engine's layout paths (`repository-files.ts`),
 * where the store routes put what the agents' HTTP backend writes; writes count against the organization's
 * quota like theirs.
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

  async list(type: FileType): Promise<FileInfo[]> {
    return (await files.listFiles(this.store, this.organizationId, type)).map(({ name, size }) => ({
      name,
      size,
    }));
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    const what = `${type}/${name}`;
    const found = await files.statFile(this.store, this.organizationId, { type, name });
    if (!found) throw new StrataError('NOT_FOUND', `${what} does not exist`);
    if (range && range.offset + range.length > found.size)
      throw new StrataError('CORRUPT', `${what}: range ${range.offset}+${range.length} runs past the end`);
    if (range && range.length === 0) return Buffer.alloc(0);
    const chunks: Buffer[] = [];
    const byteRange = range ? { start: range.offset, end: range.offset + range.length - 1 } : undefined;
    for await (const chunk of files.readFile(this.store, this.organizationId, found, byteRange))
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
      const outcome = await files.writeFile(this.store, organizationId, { type, name }, [data], {
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
    const size = await files.removeFile(this.store, this.organizationId, { type, name });
    if (size !== undefined) await releaseCloudBytes(this.db, this.organizationId, size);
  }

  async stat(type: FileType, name: string): Promise<FileInfo | null> {
    const found = await files.statFile(this.store, this.organizationId, { type, name });
    return found ? { name, size: found.size } : null;
  }

  async close(): Promise<void> {}
}
