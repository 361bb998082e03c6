import * as z from 'zod';
import type { MessageId } from './messages.ts';

/** Spec §3 Attachment and §4 attachment tile. */
export const attachmentUploadStatuses = ['PROCESSING', 'FAILURE', 'SUSPICIOUS', 'SUCCESS'] as const;
export const AttachmentUploadStatus = /* @__PURE__ */ z.enum(attachmentUploadStatuses);
export type AttachmentUploadStatus = z.infer<typeof AttachmentUploadStatus>;

/** 100 MB. */
export const MAX_ATTACHMENT_SIZE_BYTES = 104857600;

export const AttachmentMetadata = /* @__PURE__ */ z.object({
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int().nonnegative(),
  extension: z.string(),
});
export type AttachmentMetadata = z.infer<typeof AttachmentMetadata>;

export const Attachment = /* @__PURE__ */ z.object({
  id: z.string().min(1),
  contentId: z.string().nullish(),
  uploadStatus: AttachmentUploadStatus,
  metadata: AttachmentMetadata,
});
export type Attachment = z.infer<typeof Attachment>;

/** A file over 104857600 bytes (or of no valid size) is FAILURE; any other starts PROCESSING. */
export const attachmentStatusForSize = (bytes: number): AttachmentUploadStatus =>
  Number.isFinite(bytes) && bytes >= 0 && bytes <= MAX_ATTACHMENT_SIZE_BYTES ? 'PROCESSING' : 'FAILURE';

export type AttachmentTileState = {
  hasSpinner: boolean;
  isDimmed: boolean;
  hasErrorIcon: boolean;
  canOpen: boolean;
  messageId?: MessageId;
};

const tileStates: Readonly<Record<AttachmentUploadStatus, AttachmentTileState>> = {
  PROCESSING: { hasSpinner: true, isDimmed: true, hasErrorIcon: false, canOpen: false },
  FAILURE: {
    hasSpinner: false,
    isDimmed: false,
    hasErrorIcon: true,
    canOpen: false,
    messageId: 'attachments.uploadError',
  },
  SUSPICIOUS: {
    hasSpinner: false,
    isDimmed: false,
    hasErrorIcon: true,
    canOpen: false,
    messageId: 'attachments.suspicious',
  },
  SUCCESS: { hasSpinner: false, isDimmed: false, hasErrorIcon: false, canOpen: true },
};

export const attachmentTileState = (status: AttachmentUploadStatus): AttachmentTileState =>
  tileStates[status];

/** A successful image opens a preview; any other file downloads through its signed URL. */
export const attachmentOpenAction = (attachment: Pick<Attachment, 'uploadStatus' | 'metadata'>) => {
  if (!attachmentTileState(attachment.uploadStatus).canOpen) return 'blocked' as const;
  return attachment.metadata.mimeType.startsWith('image/') ? ('preview' as const) : ('download' as const);
};
