import { createHash } from 'node:crypto';
import { type Backend, type ByteRange, type FileInfo, type FileType, StrataError } from '@rmm/backup';
import {
  BACKUP_CONTENT_SHA256_HEADER,
  BACKUP_REPOSITORY_PATH,
  BackupRepositoryListResponse,
} from '@rmm/domain';
import { type StoreClient, type StoreResponse, storeErrorOf } from './store-client.ts';

const isOk = (status: number) => status >= 200 && status < 300;

/**
 * The server's repository store as an engine backend (the contract in `backup-agent.ts`): a file is named by
 * its type and name (`config/config`, `keys/<id>`, `data/<id>`, ...) and the server keeps it at the engine's
 * layout path (`config`, `data/<xx>/<id>`), where its own engine backend reads it. Writes are atomic and immutable on the server: the same bytes again are
 * accepted, different bytes refused. The agent may delete only lock files (a lock already gone, 404, is done);
 * prune of this repository is the server's. A ranged read answers exactly the bytes asked for, or CORRUPT.
 */
export class HttpStoreBackend implements Backend {
  readonly location: string;

  constructor(
    private readonly client: StoreClient,
    serverUrl: string,
    /** The repository's base path on the server (the job's `repository.url`). */
    private readonly basePath = BACKUP_REPOSITORY_PATH,
  ) {
    this.location = new URL(basePath, serverUrl).toString();
  }

  /** `<type>/<name>`, the engine's file type and name (`config/config`), as the store routes name a file. */
  private nameOf(type: FileType, name: string): string {
    return `${type}/${name}`;
  }

  private fileRequest(method: 'GET' | 'HEAD' | 'PUT' | 'DELETE', type: FileType, name: string) {
    return { method, path: `${this.basePath}/files/${this.nameOf(type, name)}` };
  }

  private fail(response: StoreResponse, what: string): never {
    throw storeErrorOf(response, what);
  }

  async list(type: FileType): Promise<FileInfo[]> {
    if (type === 'config') {
      const info = await this.stat('config', 'config');
      return info ? [info] : [];
    }
    const what = `the list of ${type}`;
    const response = await this.client.send(
      { method: 'GET', path: `${this.basePath}/list?prefix=${encodeURIComponent(`${type}/`)}` },
      what,
    );
    if (!isOk(response.status)) this.fail(response, what);
    const { files } = BackupRepositoryListResponse.parse(JSON.parse(response.body.toString('utf8')));
    return files.map((file) => ({ name: file.name.slice(file.name.lastIndexOf('/') + 1), size: file.size }));
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    const what = `${type}/${name}`;
    if (range?.length === 0) return Buffer.alloc(0);
    const headers: Record<string, string> = range
      ? { range: `bytes=${range.offset}-${range.offset + range.length - 1}` }
      : {};
    const response = await this.client.send({ ...this.fileRequest('GET', type, name), headers }, what);
    if (response.status === 404) throw new StrataError('NOT_FOUND', `${what} does not exist`);
    if (response.status === 416)
      throw new StrataError('CORRUPT', `${what}: range ${range?.offset}+${range?.length} runs past the end`);
    if (!isOk(response.status)) this.fail(response, `reading ${what}`);
    if (!range) return response.body;
    // a server that ignored the Range header sent the whole file
    const body =
      response.status === 206
        ? response.body
        : response.body.subarray(range.offset, range.offset + range.length);
    if (body.length !== range.length)
      throw new StrataError('CORRUPT', `${what}: range ${range.offset}+${range.length} runs past the end`);
    return body;
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const what = `writing ${type}/${name}`;
    const response = await this.client.send(
      {
        ...this.fileRequest('PUT', type, name),
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(body.length),
          [BACKUP_CONTENT_SHA256_HEADER]: createHash('sha256').update(body).digest('hex'),
        },
        body,
      },
      what,
    );
    if (response.status === 409 && type === 'config')
      throw new StrataError('REPOSITORY_EXISTS', `${this.location} already holds a repository`);
    if (!isOk(response.status)) this.fail(response, what);
  }

  async remove(type: FileType, name: string): Promise<void> {
    const what = `removing ${type}/${name}`;
    const response = await this.client.send(this.fileRequest('DELETE', type, name), what);
    if (response.status !== 404 && !isOk(response.status)) this.fail(response, what);
  }

  async stat(type: FileType, name: string): Promise<FileInfo | null> {
    const what = `${type}/${name}`;
    const response = await this.client.send(this.fileRequest('HEAD', type, name), what);
    if (response.status === 404) return null;
    if (!isOk(response.status)) this.fail(response, `looking up ${what}`);
    return { name, size: Number(response.headers['content-length'] ?? 0) };
  }

  async close(): Promise<void> {
    this.client.close();
  }
}
