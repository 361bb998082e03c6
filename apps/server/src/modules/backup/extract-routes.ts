import {
  BACKUP_CONTENT_SHA256_HEADER,
  BACKUP_EXTRACT_UPLOAD_PATH,
  BackupExtractDownload,
  BackupExtractParams,
  BackupExtractUploadResponse,
  SignedBackupExtractQuery,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { type AgentDevice, authenticateDevice } from '../agent-gateway/auth.ts';
import { backupError } from './errors.ts';
import { extractDownload, openSignedExtract, storeExtract } from './extracts.ts';

const tags = ['backup'];

/**
 * RESTORE EXTRACT zips: the agent's upload (authenticated as the agent, like the repository store), the
 * technician's signed URL, and the download through it (docs/decisions.md, "Backup", Extract).
 */
export const backupExtractRoutes: FastifyPluginAsyncZod = async (app) => {
  // The zip goes through as the request's stream, never buffered whole.
  app.addContentTypeParser('application/zip', (_request, payload, done) => done(null, payload));
  const devices = new WeakMap<FastifyRequest, AgentDevice>();

  app.put(
    `${BACKUP_EXTRACT_UPLOAD_PATH}/:jobUid`,
    {
      config: { access: 'public', isAgentEndpoint: true },
      // Before the body is read: the device's secret and its approval.
      onRequest: async (request) => {
        const { device } = await authenticateDevice(app.db, request.headers.authorization);
        if (device.approvalStatus !== 'APPROVED') throw backupError('BACKUP_DEVICE_NOT_APPROVED');
        devices.set(request, device);
      },
      schema: {
        tags: ['backup repository (agents)'],
        summary:
          'The zip of an EXTRACT restore job the agent is running (application/zip, Content-Length, X-Content-SHA256); sent again, it replaces the zip until the job finishes',
        params: BackupExtractParams,
        response: { 201: BackupExtractUploadResponse },
      },
    },
    async (request, reply) => {
      const body = request.body as AsyncIterable<Uint8Array> | undefined;
      if (!body || typeof (body as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] !== 'function')
        throw backupError(
          'BACKUP_LENGTH_REQUIRED',
          'Send the zip as application/zip with its Content-Length.',
        );
      const stored = await storeExtract(
        { db: app.db, extracts: app.backupExtracts },
        {
          device: devices.get(request)!,
          jobUid: request.params.jobUid,
          contentLength: request.headers['content-length'],
          sha256: request.headers[BACKUP_CONTENT_SHA256_HEADER] as string | undefined,
          body,
        },
      );
      return reply.code(201).send(stored);
    },
  );

  app.get(
    '/backup/strata/extracts/:jobUid',
    {
      // Hands out a link to the organization's files and is an activity: Origin-checked like a change.
      config: { access: 'backup.viewAndRestore', activity: 'backup.extract.download', stateChanging: true },
      schema: {
        tags,
        summary:
          'A signed download URL of the zip of a finished EXTRACT restore job (valid 15 minutes, no session needed)',
        params: BackupExtractParams,
        response: { 200: BackupExtractDownload },
      },
    },
    async (request) =>
      extractDownload({
        db: app.db,
        actor: actorOf(request),
        extracts: app.backupExtracts,
        jobUid: request.params.jobUid,
      }),
  );

  // Public: the signature is the authorisation, so the download works in a new tab or a plain link.
  app.get(
    '/backup/strata/extracts/:jobUid/content',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An EXTRACT restore's zip through its signed URL (403 when changed, 410 when expired)",
        params: BackupExtractParams,
        querystring: SignedBackupExtractQuery,
      },
    },
    async (request, reply) => {
      const content = await openSignedExtract({
        extracts: app.backupExtracts,
        jobUid: request.params.jobUid,
        query: request.query,
      });
      return reply
        .type('application/zip')
        .header('content-length', content.size)
        .header('content-disposition', `attachment; filename="${content.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(content.stream);
    },
  );
};
