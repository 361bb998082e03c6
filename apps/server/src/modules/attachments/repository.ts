import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of.ts';
import type { DbOrTx } from '../../db/database.ts';
import { attachments } from './schema.ts';

export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachmentRow = typeof attachments.$inferInsert;

/** What an attachment's `attached_to` holds while it is being sent to an external help desk. */
export const pendingClaimOf = (helpDesk: string) => `${helpDesk}:pending`;

export const insertAttachment = async (db: DbOrTx, row: NewAttachmentRow) => {
  const [inserted] = await db.insert(attachments).values(row).returning();
  return inserted!;
};

export const findAttachment = async (db: DbOrTx, id: string) => {
  const [row] = await db.select().from(attachments).where(eq(attachments.id, id));
  return row;
};

export const findAttachments = async (db: DbOrTx, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : db
        .select()
        .from(attachments)
        .where(anyOf(attachments.id, ids, 'uuid'));

/** Deletes the uploader's attachment while it is on no ticket; answers the row, or undefined. */
export const deleteUnattached = async (
  db: DbOrTx,
  { id, uploaderId }: { id: string; uploaderId: number },
) => {
  const [row] = await db
    .delete(attachments)
    .where(
      and(eq(attachments.id, id), eq(attachments.uploaderId, uploaderId), isNull(attachments.attachedTo)),
    )
    .returning();
  return row;
};

/**
 * Puts attachments on a ticket, in one conditional update: only the uploader's own SUCCESS attachments with
 * their bytes that are on nothing yet. Answers the rows claimed (fewer than asked when some were not).
 */
export const claimAttachments = async (
  db: DbOrTx,
  { ids, uploaderId, attachedTo }: { ids: readonly string[]; uploaderId: number; attachedTo: string },
) =>
  ids.length === 0
    ? []
    : db
        .update(attachments)
        .set({ attachedTo, attachedAt: sql`now()` })
        .where(
          and(
            anyOf(attachments.id, ids, 'uuid'),
            eq(attachments.uploaderId, uploaderId),
            eq(attachments.status, 'SUCCESS'),
            eq(attachments.hasContent, true),
            isNull(attachments.attachedTo),
          ),
        )
        .returning();

/**
 * Puts system uploads on a ticket: only rows of the system path (no uploader) that are on nothing yet,
 * SUCCESS or SUSPICIOUS (its tile shows the file was flagged). Answers the rows claimed.
 */
export const claimSystemAttachments = (
  db: DbOrTx,
  { ids, helpDesk, attachedTo }: { ids: readonly string[]; helpDesk: string; attachedTo: string },
) =>
  db
    .update(attachments)
    .set({ attachedTo, attachedAt: sql`now()` })
    .where(
      and(
        anyOf(attachments.id, ids, 'uuid'),
        isNull(attachments.uploaderId),
        eq(attachments.helpDesk, helpDesk),
        isNull(attachments.attachedTo),
      ),
    )
    .returning();

/** Moves claimed attachments on (`zendesk:pending` to `zendesk:123`, or back to nothing when sending failed). */
export const reattach = async (
  db: DbOrTx,
  {
    ids,
    from,
    to,
    hasContent,
  }: { ids: readonly string[]; from: string; to: string | null; hasContent?: boolean },
) => {
  if (ids.length === 0) return;
  await db
    .update(attachments)
    .set({
      attachedTo: to,
      attachedAt: to === null ? null : sql`now()`,
      ...(hasContent === undefined ? {} : { hasContent }),
    })
    .where(and(anyOf(attachments.id, ids, 'uuid'), eq(attachments.attachedTo, from)));
};

/** Attachments on nothing, uploaded before `before`: deleted; their ids and whether they had bytes. */
export const deleteOrphans = (db: DbOrTx, before: Date) =>
  db
    .delete(attachments)
    .where(and(isNull(attachments.attachedTo), lt(attachments.createdAt, before)))
    .returning({ id: attachments.id, hasContent: attachments.hasContent });

/** Claims left `…:pending` by a process that stopped while sending (older than `before`) go back to nothing. */
export const releaseStaleClaims = async (db: DbOrTx, before: Date) => {
  const released = await db
    .update(attachments)
    .set({ attachedTo: null, attachedAt: null })
    .where(and(sql`${attachments.attachedTo} like '%:pending'`, lt(attachments.attachedAt, before)))
    .returning({ id: attachments.id });
  return released.length;
};

/** Of these ids, those whose row says their bytes are in the blob store. */
export const idsWithContent = async (db: DbOrTx, ids: readonly string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(anyOf(attachments.id, ids, 'uuid'), eq(attachments.hasContent, true)));
  return new Set(rows.map((row) => row.id));
};
