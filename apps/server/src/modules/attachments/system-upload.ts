import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ATTACHMENT_FILE_NAME_MAX, AttachmentFileName, MAX_ATTACHMENT_SIZE_BYTES } from '@rmm/domain';
import type { DbOrTx } from '../../db/database.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { insertActivity } from '../activities/repository.ts';
import { helpDeskError } from '../help-desk/errors.ts';
import { ClamdError } from './clamd.ts';
import { extensionForMimeType, extensionOf } from './file-types.ts';
import * as repo from './repository.ts';
import type { Scanner } from './scanner.ts';

/**
 * System uploads (docs/decisions.md "Ticketing mail"): files the server itself takes in for another module (a
 * mail's attachments), with no user behind them. The same rules as a user's upload: at most 100 MB (larger is
 * refused and not stored), a safe name, the scanner (and clamd) on the bytes, the type from the content; a
 * suspicious file keeps a row without its bytes. Two steps, so that the caller's transaction holds the rows:
 * `store` writes and scans the bytes (no row), `record` writes the rows and activities in the caller's
 * transaction, `discard` removes the bytes of files a failed transaction never recorded. Their rows have no
 * uploader and `help_desk` `system`; only a system actor of ticketing puts them on a ticket
 * (`claimSystemFiles`).
 */

export const SYSTEM_UPLOAD = 'system';

export type SystemFileInput = {
  /** As the sender named it (sanitised here); none: `attachment`, with an extension for its declared type. */
  fileName: string | undefined;
  /** The type the sender declared: only to give a nameless file an extension, never trusted as its type. */
  declaredType?: string | undefined;
  content: Uint8Array | AsyncIterable<Uint8Array>;
};

/** Scanned bytes, in the blob store when clean, waiting for `record`. */
export type StoredSystemFile = {
  outcome: 'STORED';
  id: string;
  name: string;
  extension: string;
  mimeType: string;
  size: number;
  sha256: string;
  status: 'SUCCESS' | 'SUSPICIOUS';
  scanDetail: string | null;
  hasContent: boolean;
};

/** Not stored: too large (spec §5, FAILURE). */
export type RefusedSystemFile = { outcome: 'REFUSED'; name: string; size: number; reason: string };

export type SystemFile = StoredSystemFile | RefusedSystemFile;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** Marks that reorder text (`invoice‮fdp.exe` shows as `invoiceexe.pdf`) and invisible ones. */
const BIDI_AND_INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * A name the attachments accept (AttachmentFileName): the last part of a path, without control, direction
 * and invisible characters, spaces collapsed, at most 255 characters keeping its extension; nothing left:
 * `attachment` with an extension for the declared type when one is known.
 */
export const safeFileName = (raw: string | undefined, declaredType?: string) => {
  let name = (raw ?? '')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(CONTROL, '')
    .replace(BIDI_AND_INVISIBLE, '')
    .split(/[/\\]/)
    .pop()!
    .trim();
  if (name === '' || name === '.' || name === '..') {
    const extension = declaredType ? extensionForMimeType(declaredType.toLowerCase()) : undefined;
    name = extension ? `attachment.${extension}` : 'attachment';
  }
  if (name.length > ATTACHMENT_FILE_NAME_MAX) {
    const extension = extensionOf(name);
    const tail = extension && extension.length <= 20 ? `.${extension}` : '';
    name = `${name.slice(0, ATTACHMENT_FILE_NAME_MAX - tail.length).trimEnd()}${tail}`;
  }
  return AttachmentFileName.parse(name);
};

const sizeText = (bytes: number) =>
  bytes >= 1_048_576 ? `${Math.round((bytes / 1_048_576) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

const chunksOf = (content: SystemFileInput['content']) =>
  content instanceof Uint8Array ? [content] : content;

/**
 * Writes and scans one file. Larger than `maxBytes` (at most the 100 MB of spec §5): refused, nothing kept.
 * Clean: its bytes are in the store under the returned id. Suspicious: no bytes kept. clamd giving no verdict
 * throws ATTACHMENT_SCAN_FAILED (503), nothing kept.
 */
export const storeSystemFile = async (
  ctx: { store: BlobStore; scanner: Scanner },
  input: SystemFileInput,
  { maxBytes = MAX_ATTACHMENT_SIZE_BYTES }: { maxBytes?: number } = {},
): Promise<SystemFile> => {
  const limit = Math.min(maxBytes, MAX_ATTACHMENT_SIZE_BYTES);
  const name = safeFileName(input.fileName, input.declaredType);
  const writer = await ctx.store.createWriter();
  try {
    const inspector = ctx.scanner.createInspector();
    let size = 0;
    for await (const chunk of chunksOf(input.content)) {
      size += chunk.length;
      if (size > limit) return { outcome: 'REFUSED', name, size, reason: `larger than ${sizeText(limit)}` };
      inspector.update(chunk);
      await writer.write(chunk);
    }
    await writer.finish();
    const inspection = inspector.finish();
    const verdict = await ctx.scanner
      .scan({ inspection, fileName: name, open: () => fs.createReadStream(writer.tempPath) })
      .catch((error: unknown) => {
        throw error instanceof ClamdError ? helpDeskError('ATTACHMENT_SCAN_FAILED') : error;
      });
    const id = randomUUID();
    const isClean = verdict.status === 'SUCCESS';
    if (isClean) await writer.commit(id);
    return {
      outcome: 'STORED',
      id,
      name,
      extension: verdict.extension,
      mimeType: verdict.mimeType,
      size: inspection.size,
      sha256: inspection.sha256,
      status: verdict.status,
      scanDetail: verdict.reason,
      hasContent: isClean,
    };
  } finally {
    await writer.discard();
  }
};

/**
 * In the caller's transaction: a row (on nothing yet, no uploader) and an `attachment.upload` activity for
 * each stored file, and a FAILURE activity for each refused one. Answers the stored files' ids, in order.
 */
export const recordSystemFiles = async (
  tx: DbOrTx,
  files: readonly SystemFile[],
  { actorName, source }: { actorName: string; source: string },
) => {
  const ids: string[] = [];
  for (const file of files) {
    if (file.outcome === 'STORED') {
      const { outcome: _, ...row } = file;
      await repo.insertAttachment(tx, { ...row, uploaderId: null, helpDesk: SYSTEM_UPLOAD });
      ids.push(file.id);
    }
    await insertActivity(tx, {
      actorId: null,
      actorName,
      action: 'attachment.upload',
      targetType: 'attachment',
      targetId: file.outcome === 'STORED' ? file.id : null,
      targetName: file.name,
      outcome: file.outcome === 'STORED' && file.status === 'SUCCESS' ? 'SUCCESS' : 'FAILURE',
      detail: JSON.stringify(
        file.outcome === 'STORED'
          ? {
              source,
              status: file.status,
              size: file.size,
              mimeType: file.mimeType,
              sha256: file.sha256,
              ...(file.scanDetail ? { reason: file.scanDetail } : {}),
            }
          : { source, status: 'FAILURE', size: file.size, reason: file.reason },
      ),
    });
  }
  return ids;
};

/** The bytes of stored files whose rows were never written (the caller's transaction failed or was not needed). */
export const discardSystemFiles = async (store: BlobStore, files: readonly SystemFile[]) => {
  for (const file of files) if (file.outcome === 'STORED' && file.hasContent) await store.remove(file.id);
};

/**
 * Puts system uploads on a ticket (`attachedTo`), inside the caller's transaction: each must be a recorded
 * system file on nothing yet (SUCCESS, or SUSPICIOUS to show its tile); otherwise ATTACHMENT_NOT_USABLE.
 */
export const claimSystemFiles = async (
  tx: DbOrTx,
  { ids, attachedTo }: { ids: readonly string[]; attachedTo: string },
) => {
  if (ids.length === 0) return [];
  const claimed = await repo.claimSystemAttachments(tx, { ids, helpDesk: SYSTEM_UPLOAD, attachedTo });
  if (claimed.length !== new Set(ids).size) {
    const missing = ids.find((id) => !claimed.some((row) => row.id === id));
    throw helpDeskError('ATTACHMENT_NOT_USABLE', `${missing} is not a file the server took in.`);
  }
  return claimed;
};

export type SystemUploads = {
  store: (input: SystemFileInput, options?: { maxBytes?: number }) => Promise<SystemFile>;
  record: typeof recordSystemFiles;
  discard: (files: readonly SystemFile[]) => Promise<void>;
};
