import { createHash } from 'node:crypto';
import { type Backend, type ByteRange, type FileInfo, type FileType, StrataError } from '@rmm/backup';
import { BACKUP_REPOSITORY_FILES_PATH, BACKUP_REPOSITORY_LIST_PATH } from '@rmm/domain';
import type { FastifyInstance } from 'fastify';

/**
 * The engine's `Backend` over the store routes, speaking them as the agent's HttpStoreBackend does
 * (apps/agent/src/backup/http-backend.ts): `<type>/<name>` in the path, the device's Authorization, PUT with
 * Content-Length and X-Content-SHA256, Range reads, HEAD for sizes, DELETE of locks. Through `app.inject`, so a
 * server test runs the engine as an agent would against the server's store.
 */
export class RoutesBackend implements Backend {
  readonly location = 'the store routes';

  constructor(
    private readonly app: FastifyInstance,
    private readonly authorization: string,
  ) {}

  private request(method: 'GET' | 'HEAD' | 'PUT' | 'DELETE', url: string, headers = {}, payload?: Buffer) {
    return this.app.inject({
      method,
      url,
      headers: { authorization: this.authorization, ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  private fail(what: string, response: { statusCode: number; body: string }): never {
    throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  }

  async list(type: FileType): Promise<FileInfo[]> {
    const response = await this.request('GET', `${BACKUP_REPOSITORY_LIST_PATH}?prefix=${type}%2F`);
    if (response.statusCode !== 200) this.fail(`listing ${type}`, response);
    return (response.json().files as FileInfo[]).map((file) => ({
      name: file.name.slice(file.name.lastIndexOf('/') + 1),
      size: file.size,
    }));
  }

  async read(type: FileType, name: string, range?: ByteRange): Promise<Buffer> {
    if (range?.length === 0) return Buffer.alloc(0);
    const response = await this.request(
      'GET',
      `${BACKUP_REPOSITORY_FILES_PATH}/${type}/${name}`,
      range ? { range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {},
    );
    if (response.statusCode === 404) throw new StrataError('NOT_FOUND', `${type}/${name} does not exist`);
    if (response.statusCode === 416) throw new StrataError('CORRUPT', `${type}/${name}: range past the end`);
    if (response.statusCode !== 200 && response.statusCode !== 206)
      this.fail(`reading ${type}/${name}`, response);
    if (range && response.rawPayload.length !== range.length)
      throw new StrataError('CORRUPT', `${type}/${name}: range past the end`);
    return response.rawPayload;
  }

  async write(type: FileType, name: string, data: Uint8Array): Promise<void> {
    const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const response = await this.request(
      'PUT',
      `${BACKUP_REPOSITORY_FILES_PATH}/${type}/${name}`,
      {
        'content-type': 'application/octet-stream',
        'content-length': String(body.length),
        'x-content-sha256': createHash('sha256').update(body).digest('hex'),
      },
      body,
    );
    if (response.statusCode === 409 && type === 'config')
      throw new StrataError('REPOSITORY_EXISTS', 'the store already holds a repository');
    if (response.statusCode !== 200 && response.statusCode !== 201)
      this.fail(`writing ${type}/${name}`, response);
  }

  async remove(type: FileType, name: string): Promise<void> {
    const response = await this.request('DELETE', `${BACKUP_REPOSITORY_FILES_PATH}/${type}/${name}`);
    if (response.statusCode !== 200 && response.statusCode !== 404)
      this.fail(`removing ${type}/${name}`, response);
  }

  async stat(type: FileType, name: string): Promise<FileInfo | null> {
    const response = await this.request('HEAD', `${BACKUP_REPOSITORY_FILES_PATH}/${type}/${name}`);
    if (response.statusCode === 404) return null;
    if (response.statusCode !== 200) this.fail(`looking up ${type}/${name}`, response);
    return { name, size: Number(response.headers['content-length']) };
  }

  async close(): Promise<void> {}
}
