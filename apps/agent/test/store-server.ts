import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type FileType, fileOfPath, filePath, isFileName, isFileType } from '@rmm/backup';
import {
  BACKUP_CONTENT_SHA256_HEADER,
  BACKUP_EXTRACT_UPLOAD_PATH,
  BACKUP_REPOSITORY_FILES_PATH,
  BACKUP_REPOSITORY_LIST_PATH,
  BACKUP_REPOSITORY_LOCKS_DIR,
  BACKUP_REPOSITORY_MAX_FILE_BYTES,
  type BackupErrorCode,
  backupErrorCodes,
  backupErrorMessages,
} from '@rmm/domain';

/**
 * A small stand-in for the server's repository store (the HTTP contract of `backup-agent.ts`; the agent's tests
 * do not start the real server, which apps/server's backup-real-agent.test.ts runs with a real agent): files
 * named `<type>/<name>` in the routes, kept in a folder at the engine's layout paths (`config`,
 * `data/<xx>/<id>`), as the server keeps them; ranged reads (a range past the end cut short), immutable atomic writes
 * (same bytes again: 200, different bytes: 409), deletes of lock files only, the agent's Device
 * authorization, and the extract upload. `failNext` answers the next requests with an error, to see retries.
 */
export type StoreServer = Awaited<ReturnType<typeof startStoreServer>>;

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => boolean | Promise<boolean>;

const sendError = (
  response: http.ServerResponse,
  code: BackupErrorCode | 'UNAUTHORIZED',
  status?: number,
) => {
  const message = code === 'UNAUTHORIZED' ? 'Unknown device.' : backupErrorMessages[code];
  const body = JSON.stringify({ error: { code, message } });
  response.writeHead(status ?? (code === 'UNAUTHORIZED' ? 401 : backupErrorCodes[code]), {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
};

const sendJson = (response: http.ServerResponse, status: number, value: unknown) => {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
};

/** The repository's files by route name (`<type>/<name>`), with their sizes. */
const walk = async (root: string, relative = ''): Promise<{ name: string; size: number }[]> => {
  const entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true }).catch(() => []);
  const files: { name: string; size: number }[] = [];
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await walk(root, name)));
    const file = fileOfPath(name);
    if (file)
      files.push({ name: `${file.type}/${file.name}`, size: (await fsp.stat(path.join(root, name))).size });
  }
  return files;
};

/** The layout path of the file a route names, or undefined. */
const layoutPathOf = (routeName: string) => {
  const [type = '', name = '', ...rest] = routeName.split('/');
  if (rest.length > 0 || !isFileType(type) || !isFileName(type, name)) return undefined;
  return { type: type as FileType, path: filePath(type, name) };
};

/** Streams the body to a temp file beside the target; answers its bytes' SHA-256 and length. */
const receive = async (request: http.IncomingMessage, temp: string) => {
  const hash = createHash('sha256');
  let size = 0;
  const out = fs.createWriteStream(temp, { mode: 0o600 });
  for await (const chunk of request) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  return { sha256: hash.digest('hex'), size };
};

export const startStoreServer = async (
  options: { deviceId?: number; deviceSecret?: string; dir?: string; extraHandler?: Handler } = {},
) => {
  const dir = options.dir ?? (await fsp.mkdtemp(path.join(os.tmpdir(), 'rmm-store-')));
  const repository = path.join(dir, 'repository');
  const extracts = path.join(dir, 'extracts');
  await fsp.mkdir(repository, { recursive: true });
  await fsp.mkdir(extracts, { recursive: true });
  const deviceId = options.deviceId ?? 7;
  const deviceSecret = options.deviceSecret ?? 'secret-of-the-test-device';
  const repositoryId = randomUUID();
  const requests: { method: string; path: string; status: number }[] = [];
  const failures: number[] = [];

  const files = async (request: http.IncomingMessage, response: http.ServerResponse, name: string) => {
    const layout = layoutPathOf(name);
    if (!layout) return sendError(response, 'BACKUP_FILE_NAME_INVALID');
    const file = path.join(repository, ...layout.path.split('/'));
    const stat = await fsp.stat(file).catch(() => null);
    if (request.method === 'GET' || request.method === 'HEAD') {
      if (!stat) return sendError(response, 'BACKUP_FILE_NOT_FOUND');
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (request.method === 'HEAD') {
        response.writeHead(200, { 'content-length': stat.size });
        return response.end();
      }
      if (!range) {
        response.writeHead(200, { 'content-length': stat.size });
        return fs.createReadStream(file).pipe(response);
      }
      const start = Number(range[1]);
      const end = Number(range[2]);
      if (start >= stat.size || end < start) return sendError(response, 'BACKUP_RANGE_NOT_SATISFIABLE');
      const last = Math.min(end, stat.size - 1);
      response.writeHead(206, {
        'content-length': last - start + 1,
        'content-range': `bytes ${start}-${last}/${stat.size}`,
      });
      return fs.createReadStream(file, { start, end: last }).pipe(response);
    }
    if (request.method === 'DELETE') {
      if (layout.type !== BACKUP_REPOSITORY_LOCKS_DIR) return sendError(response, 'BACKUP_DELETE_REFUSED');
      if (!stat) return sendError(response, 'BACKUP_FILE_NOT_FOUND');
      await fsp.rm(file, { force: true });
      response.writeHead(204);
      return response.end();
    }
    if (request.method !== 'PUT') return sendError(response, 'BACKUP_FILE_NOT_FOUND', 405);
    const length = request.headers['content-length'];
    if (length === undefined) return sendError(response, 'BACKUP_LENGTH_REQUIRED');
    if (Number(length) > BACKUP_REPOSITORY_MAX_FILE_BYTES)
      return sendError(response, 'BACKUP_FILE_TOO_LARGE');
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.tmp-${randomBytes(6).toString('hex')}`);
    try {
      const received = await receive(request, temp);
      const expected = request.headers[BACKUP_CONTENT_SHA256_HEADER];
      if (expected !== undefined && expected !== received.sha256)
        return sendError(response, 'BACKUP_CHECKSUM_MISMATCH');
      try {
        await fsp.link(temp, file); // never over an existing file
        return sendJson(response, 201, { name, size: received.size, created: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const existing = createHash('sha256')
          .update(await fsp.readFile(file))
          .digest('hex');
        if (existing !== received.sha256) return sendError(response, 'BACKUP_FILE_EXISTS');
        return sendJson(response, 200, { name, size: received.size, created: false });
      }
    } finally {
      await fsp.rm(temp, { force: true });
    }
  };

  const extract = async (request: http.IncomingMessage, response: http.ServerResponse, jobUid: string) => {
    if (request.method !== 'PUT' || !/^[0-9a-f-]{36}$/.test(jobUid))
      return sendError(response, 'BACKUP_FILE_NAME_INVALID');
    if (request.headers['content-length'] === undefined) return sendError(response, 'BACKUP_LENGTH_REQUIRED');
    const temp = path.join(extracts, `.tmp-${jobUid}`);
    const received = await receive(request, temp);
    if (received.sha256 !== request.headers[BACKUP_CONTENT_SHA256_HEADER]) {
      await fsp.rm(temp, { force: true });
      return sendError(response, 'BACKUP_CHECKSUM_MISMATCH');
    }
    await fsp.rename(temp, path.join(extracts, `${jobUid}.zip`));
    return sendJson(response, 201, { size: received.size });
  };

  const handle = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://store');
    response.on('finish', () =>
      requests.push({ method: request.method ?? '', path: url.pathname, status: response.statusCode }),
    );
    if (options.extraHandler && (await options.extraHandler(request, response))) return;
    if (request.headers.authorization !== `Device ${deviceId}:${deviceSecret}`) {
      request.resume();
      return sendError(response, 'UNAUTHORIZED');
    }
    const failure = failures.shift();
    if (failure !== undefined) {
      request.resume();
      return sendJson(response, failure, { error: { code: 'UNAVAILABLE', message: 'Try again later.' } });
    }
    if (url.pathname === BACKUP_REPOSITORY_LIST_PATH && request.method === 'GET') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const listed = await walk(repository);
      return sendJson(response, 200, {
        repositoryId,
        files: listed.filter((file) => file.name.startsWith(prefix)),
      });
    }
    if (url.pathname.startsWith(`${BACKUP_REPOSITORY_FILES_PATH}/`))
      return files(request, response, url.pathname.slice(BACKUP_REPOSITORY_FILES_PATH.length + 1));
    if (url.pathname.startsWith(`${BACKUP_EXTRACT_UPLOAD_PATH}/`))
      return extract(request, response, url.pathname.slice(BACKUP_EXTRACT_UPLOAD_PATH.length + 1));
    request.resume();
    sendJson(response, 404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
  };

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: Error) => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { code: 'INTERNAL', message: error.message } });
      else response.destroy(error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    dir,
    repository,
    extracts,
    repositoryId,
    deviceId,
    deviceSecret,
    authorization: `Device ${deviceId}:${deviceSecret}`,
    requests,
    /** The next `count` requests are answered with `status` (default 503). */
    failNext: (count: number, status = 503) => failures.push(...Array.from({ length: count }, () => status)),
    /** The store answers again. */
    clearFailures: () => {
      failures.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.dir) await fsp.rm(dir, { recursive: true, force: true });
    },
  };
};
