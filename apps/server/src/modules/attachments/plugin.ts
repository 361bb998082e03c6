import path from 'node:path';
import fp from 'fastify-plugin';
import { type BlobStore, createBlobStore } from '../../lib/blob-store.ts';
import { createScanner, type Scanner } from './scanner.ts';
import { type SweepResult, sweepAttachments } from './service.ts';
import { attachmentUrlKey } from './signed-url.ts';
import {
  discardSystemFiles,
  recordSystemFiles,
  type SystemUploads,
  storeSystemFile,
} from './system-upload.ts';

export type Attachments = {
  store: BlobStore;
  scanner: Scanner;
  /** Signs and checks download URLs (derived from the server's secret key). */
  urlKey: Buffer;
  /** One orphan sweep now (tests pass the time they need). */
  sweep: (now?: Date) => Promise<SweepResult>;
  /**
   * Files the server takes in without a user (a mail's attachments), under the uploads' rules:
   *
   *   const file = await app.attachments.system.store({ fileName, declaredType, content }, { maxBytes });
   *   const ids = await app.attachments.system.record(tx, [file], { actorName: 'Email: a@b.test', source: 'email' });
   *   // then, in the same transaction, a system actor of app.ticketing attaches `ids`;
   *   // if the transaction fails: await app.attachments.system.discard([file]);
   */
  system: SystemUploads;
};

declare module 'fastify' {
  interface FastifyInstance {
    attachments: Attachments;
  }
}

/**
 * The attachments' blob store (`DATA_DIR/blobs`), the scanner (with clamd when CLAMD_HOST or CLAMD_SOCKET is
 * set) and the URL key, for the attachment, help-desk and branding routes; and the orphan sweep, run every
 * ATTACHMENT_SWEEP_INTERVAL_MS until the app closes.
 */
export const attachmentsPlugin = fp(async (app) => {
  const { config } = app;
  const store = createBlobStore(path.join(config.dataDir, 'blobs'));
  const clamd =
    config.clamdSocket || config.clamdHost
      ? {
          socketPath: config.clamdSocket,
          host: config.clamdHost,
          port: config.clamdPort,
          timeoutMs: config.clamdTimeoutMs,
        }
      : undefined;
  const attachments: Attachments = {
    store,
    scanner: createScanner({ clamd }),
    urlKey: attachmentUrlKey(app.secretKey),
    sweep: (now) =>
      sweepAttachments({ ctx: { db: app.db, store }, orphanHours: config.attachmentOrphanHours, now }),
    system: {
      store: (input, options) => storeSystemFile({ store, scanner: attachments.scanner }, input, options),
      record: recordSystemFiles,
      discard: (files) => discardSystemFiles(store, files),
    },
  };
  app.decorate('attachments', attachments);

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> | undefined;
  const sweep = () => {
    sweeping ??= attachments
      .sweep()
      .then((result) => {
        if (result.orphans + result.strayBlobs + result.tempFiles + result.staleClaims > 0)
          app.log.info(result, 'attachments swept');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'attachment sweep failed'))
      .finally(() => {
        sweeping = undefined;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(sweep, config.attachmentSweepIntervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping; // finishes before the database closes
  });
});
