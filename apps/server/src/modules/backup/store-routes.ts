import { Readable } from 'node:stream';
import {
  BACKUP_CONTENT_SHA256_HEADER,
  BACKUP_REPOSITORY_FILES_PATH,
  BACKUP_REPOSITORY_LIST_PATH,
  BackupRepositoryListQuery,
  BackupRepositoryListResponse,
  BackupRepositoryPutResponse,
  OkResponse,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AgentDevice, authenticateDevice } from '../agent-gateway/auth.ts';
import { backupError } from './errors.ts';
import * as service from './store-service.ts';

const tags = ['backup repository (agents)'];

/**
 * The server's store as the agents' engine reads and writes it (`Backend` over HTTP): authenticated as the
 * agent, like its WebSocket, and scoped to the device's organization. A file is named by the engine's type and
 * name (`files/<type>/<name>`, `files/config/config`); the store keeps it at the engine's layout path. Bodies
 * are streamed both ways.
 */
export const backupStoreRoutes: FastifyPluginAsyncZod = async (app) => {
  // Repository files go through as the request's stream, never buffered whole (packs are about 16 MiB).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  const devices = new WeakMap<FastifyRequest, AgentDevice>();
  const config = { access: 'public', isAgentEndpoint: true } as const;
  /** Before the body is read: the device's secret, its approval, and the store being on. */
  const onRequest = async (request: FastifyRequest) => {
    const { device } = await authenticateDevice(app.db, request.headers.authorization);
    if (device.approvalStatus !== 'APPROVED') throw backupError('BACKUP_DEVICE_NOT_APPROVED');
    if (!app.config.backupCloudEnabled) throw backupError('BACKUP_CLOUD_DISABLED');
    devices.set(request, device);
  };
  const contextOf = (request: FastifyRequest): service.StoreContext => ({
    db: app.db,
    store: app.backupStore,
    device: devices.get(request)!,
    maxFileBytes: app.config.backupMaxFileBytes,
  });
  const nameOf = (request: FastifyRequest) => (request.params as { '*': string })['*'];
  const file = `${BACKUP_REPOSITORY_FILES_PATH}/*`;

  app.get(
    BACKUP_REPOSITORY_LIST_PATH,
    {
      config,
      onRequest,
      schema: {
        tags,
        summary: "The files under a folder of the agent's organization's repository, with their sizes",
        querystring: BackupRepositoryListQuery,
        response: { 200: BackupRepositoryListResponse },
      },
    },
    async (request) => service.listFiles(contextOf(request), request.query.prefix),
  );

  // GET with Range (206) and, through Fastify's HEAD route, the size alone.
  app.get(
    file,
    {
      config,
      onRequest,
      schema: { tags, summary: 'A repository file, or a range of it (Range: bytes=a-b)' },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const found = await service.readFile(ctx, nameOf(request), request.headers.range);
      const { range, size } = found;
      reply.header('accept-ranges', 'bytes').type('application/octet-stream');
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
      reply.header('content-length', range ? range.end - range.start + 1 : size);
      // HEAD: the headers alone. Fastify's HEAD route would drain a file's stream to drop it (a whole pack
      // read, or fetched from the bucket, for nothing): it gets an empty one.
      return reply.send(request.method === 'HEAD' ? Readable.from([]) : found.stream());
    },
  );

  app.put(
    file,
    {
      config,
      onRequest,
      schema: {
        tags,
        summary: 'Store a new repository file (atomic; an existing file is never replaced)',
        response: { 200: BackupRepositoryPutResponse, 201: BackupRepositoryPutResponse },
      },
    },
    async (request, reply) => {
      const body = request.body as AsyncIterable<Uint8Array> | undefined;
      if (!body || typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function')
        throw backupError(
          'BACKUP_LENGTH_REQUIRED',
          'Send the file as application/octet-stream with its Content-Length.',
        );
      const stored = await service.putFile(contextOf(request), {
        name: nameOf(request),
        contentLength: request.headers['content-length'],
        sha256: request.headers[BACKUP_CONTENT_SHA256_HEADER] as string | undefined,
        body,
      });
      return reply.code(stored.created ? 201 : 200).send(stored);
    },
  );

  app.delete(
    file,
    {
      config,
      onRequest,
      schema: {
        tags,
        summary: 'Remove a lock file (agents remove nothing else)',
        response: { 200: OkResponse },
      },
    },
    async (request) => service.deleteLock(contextOf(request), nameOf(request)),
  );
};
