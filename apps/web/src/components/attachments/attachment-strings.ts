/**
 * English strings of the attachment tiles, list and upload area (components/attachments/); gathered by
 * i18n/area-strings.ts. The tiles' error texts are the spec's messages (`spec.attachments.*`).
 */
export const attachmentStrings = {
  'attachments.listLabel': 'Attachments',
  'attachments.uploading': 'Uploading {name}',
  'attachments.preview': 'Preview {name}',
  'attachments.download': 'Download {name}',
  'attachments.remove': 'Remove {name}',
  'attachments.tooLarge': 'Larger than {limit}',
  'attachments.blocked': '{name} cannot be opened',
  'attachments.openError': 'The attachment could not be opened: {message}',
  'attachments.removeError': 'The attachment could not be removed: {message}',
  'attachments.previewClose': 'Close preview',
  'attachments.downloadButton': 'Download',
  'attachments.dropzoneLabel': 'Add attachments',
  'attachments.dropzone': 'Drop files here, paste an image, or click to choose files',
  'attachments.dropzoneLimits': 'Up to {count} files of {size} each',
  'attachments.tooMany': 'Only {count} attachments can be added: {refused} not added.',
  'attachments.pastedName': 'pasted-image-{time}.{extension}',
  'attachments.stillUploading': 'Wait until the attachments have finished uploading.',
  'attachments.notSent': 'Attachments that failed or were flagged are not sent.',
} as const;
