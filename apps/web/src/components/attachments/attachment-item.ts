import type { AttachmentMetadata, AttachmentUploadStatus, AttachmentWithUrl } from '@rmm/domain';

/**
 * One tile: an attachment the server knows (`id`), or a file of this browser on its way there (spec §3
 * Attachment, §4 attachment tile). `detail` says why a FAILURE failed, beside the spec's message.
 */
export type AttachmentItem = {
  key: string;
  id?: string;
  uploadStatus: AttachmentUploadStatus;
  metadata: AttachmentMetadata;
  signedUrl?: string | null;
  detail?: string;
};

export const attachmentItemOf = (attachment: AttachmentWithUrl): AttachmentItem => ({
  key: attachment.id,
  id: attachment.id,
  uploadStatus: attachment.uploadStatus,
  metadata: attachment.metadata,
  signedUrl: attachment.signedUrl,
});

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/** What the browser says of a file before the server has read it. */
export const metadataOfFile = (file: File): AttachmentMetadata => ({
  name: file.name,
  mimeType: file.type || 'application/octet-stream',
  size: file.size,
  extension: extensionOf(file.name),
});
