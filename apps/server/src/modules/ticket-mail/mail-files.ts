import { TICKET_MAX_ATTACHMENTS } from '@rmm/domain';
import type { Attachment } from 'mailparser';
import { type SystemFile, type SystemUploads, safeFileName } from '../attachments/system-upload.ts';
import type { NotImported } from './mail-text.ts';

/**
 * A mail's attachments through the attachments module's system uploads (docs/decisions.md "Ticketing mail"),
 * before the mail's transaction: each scanned and, when clean, in the blob store. Images the HTML shows (a
 * signature's logo) are part of the text and left out; files past the ticket limit and larger than the limit
 * are named in the text instead.
 */
export type MailFiles = { files: SystemFile[]; notImported: NotImported[] };

export const importMailFiles = async (
  uploads: SystemUploads,
  attachments: readonly Attachment[],
  maxBytes: number,
): Promise<MailFiles> => {
  const parts = attachments.filter((file) => !file.related);
  const files: SystemFile[] = [];
  try {
    for (const part of parts.slice(0, TICKET_MAX_ATTACHMENTS)) {
      files.push(
        await uploads.store(
          { fileName: part.filename, declaredType: part.contentType, content: part.content },
          { maxBytes },
        ),
      );
    }
  } catch (error) {
    await uploads.discard(files);
    throw error;
  }
  const notImported: NotImported[] = files.flatMap((file) =>
    file.outcome === 'REFUSED' ? [{ name: file.name, size: file.size, reason: file.reason }] : [],
  );
  for (const part of parts.slice(TICKET_MAX_ATTACHMENTS))
    notImported.push({
      name: safeFileName(part.filename, part.contentType),
      size: part.size,
      reason: `more than ${TICKET_MAX_ATTACHMENTS} files in one mail`,
    });
  return { files, notImported };
};
