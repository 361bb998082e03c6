import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { AttachmentFileName, type AttachmentWithUrl, type SignedAttachmentQuery } from '@rmm/domain';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { Actor } from '../../types.ts';
import { insertActivity } from '../activities/repository.ts';
import { helpDeskError } from '../help-desk/errors.ts';
import { findTicket } from '../tickets/repository.ts';
import { ClamdError } from './clamd.ts';
import * as repo from './repository.ts';
import type { Scanner } from './scanner.ts';
import { checkAttachmentUrl, type Disposition, signAttachmentUrl } from './signed-url.ts';
import type { ParsedUpload } from './upload-body.ts';

/**
 * Attachments (docs/decisions.md "Help tickets and attachments"): a scanned upload becomes a row and, when
 * clean, a blob; only its uploader sees it until it is on a ticket, then whoever reads the ticket (the support
 * inbox: `settings.manage`). Downloads go through signed URLs.
 */

export type AttachmentsContext = { db: Db; store: BlobStore; scanner: Scanner; urlKey: Buffer };

/** Shown in the browser (an `<img>` or a tab): raster images only; everything else downloads. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export const dispositionOf = (mimeType: string): Disposition =>
  INLINE_TYPES.has(mimeType) ? 'inline' : 'attachment';

export const toAttachmentWithUrl = (
  row: repo.AttachmentRow,
  urlKey: Buffer,
  now = Date.now(),
): AttachmentWithUrl => ({
  id: row.id,
  contentId: row.sha256,
  uploadStatus: row.status as AttachmentWithUrl['uploadStatus'],
  metadata: { name: row.name, mimeType: row.mimeType, size: row.size, extension: row.extension },
  signedUrl:
    row.status === 'SUCCESS' && row.hasContent
      ? signAttachmentUrl({ key: urlKey, id: row.id, disposition: dispositionOf(row.mimeType), now })
      : null,
});

const activityOf = (
  actor: Actor,
  action: string,
  row: Pick<repo.AttachmentRow, 'id' | 'name'>,
  outcome: 'SUCCESS' | 'FAILURE',
  detail: unknown,
) => ({
  actorId: actor.id,
  actorName: actor.email,
  action,
  targetType: 'attachment',
  targetId: row.id,
  targetName: row.name,
  outcome,
  detail: JSON.stringify(detail),
});

const scanOrRefuse = async (scanner: Scanner, upload: ParsedUpload, fileName: string) => {
  try {
    return await scanner.scan({
      inspection: upload.inspection,
      fileName,
      open: () => fs.createReadStream(upload.writer.tempPath),
    });
  } catch (error) {
    if (error instanceof ClamdError) throw helpDeskError('ATTACHMENT_SCAN_FAILED');
    throw error;
  }
};

/**
 * Stores a read upload: the name checked, the file scanned; a clean file's blob is moved into place and its row
 * written with the activity; a suspicious one is quarantined (its bytes deleted, its row kept). The temp blob
 * never outlives the call.
 */
export const storeUpload = async ({
  ctx,
  actor,
  helpDesk,
  upload,
}: {
  ctx: AttachmentsContext;
  actor: Actor;
  helpDesk: string;
  upload: ParsedUpload;
}): Promise<AttachmentWithUrl> => {
  try {
    const name = AttachmentFileName.safeParse(upload.fileName);
    if (!name.success) throw helpDeskError('ATTACHMENT_INVALID', `${name.error.issues[0]!.message}.`);
    const verdict = await scanOrRefuse(ctx.scanner, upload, name.data);
    const id = randomUUID();
    const isClean = verdict.status === 'SUCCESS';
    if (isClean) await upload.writer.commit(id);
    else await upload.writer.discard();
    try {
      const row = await ctx.db.transaction(async (tx) => {
        const inserted = await repo.insertAttachment(tx, {
          id,
          uploaderId: actor.id,
          helpDesk,
          name: name.data,
          extension: verdict.extension,
          mimeType: verdict.mimeType,
          size: upload.inspection.size,
          sha256: upload.inspection.sha256,
          status: verdict.status,
          scanDetail: verdict.reason,
          hasContent: isClean,
        });
        await insertActivity(
          tx,
          activityOf(actor, 'attachment.upload', inserted, isClean ? 'SUCCESS' : 'FAILURE', {
            status: verdict.status,
            size: inserted.size,
            mimeType: inserted.mimeType,
            sha256: inserted.sha256,
            ...(verdict.reason ? { reason: verdict.reason } : {}),
          }),
        );
        return inserted;
      });
      return toAttachmentWithUrl(row, ctx.urlKey);
    } catch (error) {
      if (isClean) await ctx.store.remove(id);
      throw error;
    }
  } finally {
    await upload.writer.discard();
  }
};

/**
 * Its uploader sees an attachment; once it is on a support inbox ticket, so do system administrators; on a
 * ticket of ticketing (`ticket:<id>`), whoever may read that ticket.
 */
const canRead = async (db: DbOrTx, actor: Actor, row: repo.AttachmentRow) => {
  if (row.uploaderId === actor.id) return true;
  const on = row.attachedTo ?? '';
  if (on.startsWith('support:')) return actor.permissions.has('settings.manage');
  const ticketId = /^ticket:(\d+)$/.exec(on)?.[1];
  if (ticketId === undefined || !actor.permissions.has('ticketing.view')) return false;
  return (await findTicket(db, Number(ticketId), actor.scope)) !== undefined;
};

export const getAttachment = async ({
  db,
  urlKey,
  actor,
  id,
}: {
  db: DbOrTx;
  urlKey: Buffer;
  actor: Actor;
  id: string;
}) => {
  const row = await repo.findAttachment(db, id);
  if (!row || !(await canRead(db, actor, row))) throw helpDeskError('ATTACHMENT_NOT_FOUND');
  return toAttachmentWithUrl(row, urlKey);
};

/** The uploader deletes an attachment on no ticket: its row (with the activity), then its bytes. */
export const deleteAttachment = async ({
  ctx,
  actor,
  id,
}: {
  ctx: Pick<AttachmentsContext, 'db' | 'store'>;
  actor: Actor;
  id: string;
}) => {
  const deleted = await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteUnattached(tx, { id, uploaderId: actor.id });
    if (!row) {
      const existing = await repo.findAttachment(tx, id);
      if (existing && existing.uploaderId === actor.id) throw helpDeskError('ATTACHMENT_IN_USE');
      throw helpDeskError('ATTACHMENT_NOT_FOUND');
    }
    await insertActivity(tx, activityOf(actor, 'attachment.delete', row, 'SUCCESS', { size: row.size }));
    return row;
  });
  if (deleted.hasContent) await ctx.store.remove(deleted.id);
};

/** A signed download: the signature and expiry first (nothing is looked up for a bad link), then the file. */
export const openSignedContent = async ({
  ctx,
  id,
  query,
  now = Date.now(),
}: {
  ctx: Pick<AttachmentsContext, 'db' | 'store' | 'urlKey'>;
  id: string;
  query: SignedAttachmentQuery;
  now?: number;
}) => {
  const check = checkAttachmentUrl({ key: ctx.urlKey, id, query, now });
  if (check === 'invalid') throw helpDeskError('ATTACHMENT_URL_INVALID');
  if (check === 'expired') throw helpDeskError('ATTACHMENT_URL_EXPIRED');
  const row = await repo.findAttachment(ctx.db, id);
  const size = row?.hasContent ? await ctx.store.size(id) : undefined;
  if (row?.status !== 'SUCCESS' || size === undefined) throw helpDeskError('ATTACHMENT_NOT_FOUND');
  // Inline only for an image, whatever the link asks.
  const disposition: Disposition =
    query.disposition === 'inline' && dispositionOf(row.mimeType) === 'inline' ? 'inline' : 'attachment';
  return { row, size, disposition, stream: ctx.store.openRead(id) };
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type SweepResult = { orphans: number; staleClaims: number; strayBlobs: number; tempFiles: number };

/**
 * The orphan sweep: attachments on no ticket older than `orphanHours` (row and bytes), claims left pending by
 * a stopped process (after an hour), blobs without a row and temp files of cut-off uploads (both older than
 * the orphan age, so nothing being written is touched).
 */
export const sweepAttachments = async ({
  ctx,
  orphanHours,
  now = new Date(),
}: {
  ctx: Pick<AttachmentsContext, 'db' | 'store'>;
  orphanHours: number;
  now?: Date;
}): Promise<SweepResult> => {
  const before = new Date(now.getTime() - orphanHours * 3_600_000);
  const staleClaims = await repo.releaseStaleClaims(ctx.db, new Date(now.getTime() - 3_600_000));
  const orphans = await repo.deleteOrphans(ctx.db, before);
  for (const orphan of orphans) if (orphan.hasContent) await ctx.store.remove(orphan.id);
  // Only uuid-named files are attachments' blobs.
  const oldBlobs = (await ctx.store.listOlderThan(before)).filter((name) => UUID.test(name));
  let strayBlobs = 0;
  for (let at = 0; at < oldBlobs.length; at += 1000) {
    const batch = oldBlobs.slice(at, at + 1000);
    const known = await repo.idsWithContent(ctx.db, batch);
    for (const id of batch.filter((blob) => !known.has(blob))) {
      if (await ctx.store.remove(id)) strayBlobs++;
    }
  }
  const tempFiles = await ctx.store.sweepTemp(before);
  return { orphans: orphans.length, staleClaims, strayBlobs, tempFiles };
};

/** Why an attachment named by a ticket cannot be put on it (another's answers as if it did not exist). */
const unusableReason = (row: repo.AttachmentRow | undefined, actor: Actor, id: string) => {
  if (!row || row.uploaderId !== actor.id) return `${id} is not one of your uploads.`;
  if (row.status !== 'SUCCESS' || !row.hasContent)
    return `“${row.name}” was not uploaded successfully (${row.status}).`;
  return `“${row.name}” is already on a ticket.`;
};

/**
 * Puts the caller's attachments on a ticket (`attachedTo`), inside the caller's transaction: each must be
 * their own SUCCESS upload on no ticket yet, named once; otherwise 422 ATTACHMENT_NOT_USABLE naming the first
 * that is not, and the transaction stores nothing.
 */
export const claimForTicket = async (
  tx: DbOrTx,
  { ids, actor, attachedTo }: { ids: readonly string[]; actor: Actor; attachedTo: string },
) => {
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw helpDeskError('ATTACHMENT_NOT_USABLE', `${duplicate} is named twice.`);
  const claimed = await repo.claimAttachments(tx, { ids, uploaderId: actor.id, attachedTo });
  if (claimed.length === ids.length) {
    const byId = new Map(claimed.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }
  const claimedIds = new Set(claimed.map((row) => row.id));
  const firstMissing = ids.find((id) => !claimedIds.has(id))!;
  const [row] = await repo.findAttachments(tx, [firstMissing]);
  throw helpDeskError('ATTACHMENT_NOT_USABLE', unusableReason(row, actor, firstMissing));
};
