import {
  AttachmentIdParam,
  AttachmentWithUrl,
  HelpDeskAttachmentParams,
  HelpDeskParam,
  OkResponse,
  SignedAttachmentQuery,
  UploadAttachmentRequest,
} from '@rmm/domain';
import type { FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/actor.ts';
import { requireHelpDesk } from '../help-desk/connectors.ts';
import { contentDisposition } from './content-disposition.ts';
import { deleteAttachment, getAttachment, openSignedContent, storeUpload } from './service.ts';
import { MAX_UPLOAD_BODY_BYTES, type ParsedUpload, readUploadBody } from './upload-body.ts';

const tags = ['help desk'];

const helpDeskOf = (request: FastifyRequest) => (request.params as { helpdesk: string }).helpdesk;

/**
 * Spec §7 `POST /ws/{helpdesk}/upload-attachment`, in a scope of its own: its JSON body (up to the 100 MB file
 * in base64) is read as a stream by `readUploadBody` instead of the server's JSON parser with its 1 MB limit.
 */
const uploadRoute: FastifyPluginAsyncZod = async (scope) => {
  const app = scope;
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
      const length = Number(request.headers['content-length']);
      return readUploadBody({
        payload: payload as never,
        contentLength: Number.isFinite(length) ? length : undefined,
        createWriter: app.attachments.store.createWriter,
        inspector: app.attachments.scanner.createInspector(),
      });
    },
  );
  scope.post(
    '/ws/:helpdesk/upload-attachment',
    {
      config: { access: 'helpTickets.submit', activity: 'attachment.upload' },
      // The body was checked while it was read (the file's base64, size and keys); its name is checked next.
      validatorCompiler: (definition) =>
        definition.httpPart === 'body'
          ? (data: unknown) => ({ value: data })
          : validatorCompiler(definition as never),
      // The help desk is checked before the body is read.
      onRequest: async (request) => {
        requireHelpDesk(app.config, helpDeskOf(request));
      },
      // A temp blob left by a failed request is removed (storeUpload removes its own).
      onResponse: async (request) => {
        await (request.body as unknown as ParsedUpload | undefined)?.writer?.discard();
      },
      schema: {
        tags,
        summary: `Upload a help-ticket attachment: {file (base64), fileName}; at most 100 MB decoded (a body of ${MAX_UPLOAD_BODY_BYTES} bytes), read as a stream and scanned. A file over the limit or not base64 is refused (413, 422) and not stored; a suspicious one is stored as SUSPICIOUS without its bytes`,
        params: HelpDeskParam,
        body: UploadAttachmentRequest,
        response: { 200: AttachmentWithUrl },
      },
    },
    async (request) =>
      storeUpload({
        ctx: { db: app.db, ...app.attachments },
        actor: actorOf(request),
        helpDesk: helpDeskOf(request),
        upload: request.body as unknown as ParsedUpload,
      }),
  );
};

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(uploadRoute);

  app.delete(
    '/ws/:helpdesk/delete-attachment/:id',
    {
      config: { access: 'helpTickets.submit', activity: 'attachment.delete' },
      onRequest: async (request) => {
        requireHelpDesk(app.config, helpDeskOf(request));
      },
      schema: {
        tags,
        summary: 'Delete one of your attachments that is on no ticket yet (row and bytes)',
        params: HelpDeskAttachmentParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deleteAttachment({
        ctx: { db: app.db, ...app.attachments },
        actor: actorOf(request),
        id: request.params.id,
      });
      return { ok: true as const };
    },
  );

  app.get(
    '/ws/attachments/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary:
          'An attachment with a fresh signed URL: your own, or (with settings.manage) one on a support inbox ticket',
        params: AttachmentIdParam,
        response: { 200: AttachmentWithUrl },
      },
    },
    async (request) =>
      getAttachment({
        db: app.db,
        urlKey: app.attachments.urlKey,
        actor: actorOf(request),
        id: request.params.id,
      }),
  );

  // Public: the signature is the authorisation, so a preview works in an <img> and a download in a new tab.
  app.get(
    '/ws/attachments/:id/content',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          "An attachment's bytes through its signed URL (403 when changed, 410 when expired); images inline, other files as downloads",
        params: AttachmentIdParam,
        querystring: SignedAttachmentQuery,
      },
    },
    async (request, reply) => {
      const content = await openSignedContent({
        ctx: { db: app.db, ...app.attachments },
        id: request.params.id,
        query: request.query,
      });
      // The stored type, never sniffed; sandboxed so that nothing in it runs as this site.
      return reply
        .type(content.row.mimeType)
        .header('content-length', content.size)
        .header('content-disposition', contentDisposition(content.disposition, content.row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(content.stream);
    },
  );
};
