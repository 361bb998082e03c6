import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  Attachment,
  AttachmentUploadStatus,
  attachmentOpenAction,
  attachmentStatusForSize,
  attachmentTileState,
  MAX_ATTACHMENT_SIZE_BYTES,
} from './attachments.ts';
import { messageText } from './messages.ts';

const attachment = (overrides: Partial<Attachment> = {}): Attachment => ({
  id: 'att-1',
  contentId: 'cid-1',
  uploadStatus: 'SUCCESS',
  metadata: { name: 'screen.png', mimeType: 'image/png', size: 2048, extension: 'png' },
  ...overrides,
});

describe('attachment statuses and size', () => {
  it('has the four upload statuses and the 100 MB limit', () => {
    expect(AttachmentUploadStatus.options).toEqual(['PROCESSING', 'FAILURE', 'SUSPICIOUS', 'SUCCESS']);
    expect(MAX_ATTACHMENT_SIZE_BYTES).toBe(104857600);
  });

  it('marks a file over 104857600 bytes as FAILURE', () => {
    expect(attachmentStatusForSize(104857600)).toBe('PROCESSING');
    expect(attachmentStatusForSize(104857601)).toBe('FAILURE');
    expect(attachmentStatusForSize(0)).toBe('PROCESSING');
    expect(attachmentStatusForSize(-1)).toBe('FAILURE');
    expect(attachmentStatusForSize(Number.NaN)).toBe('FAILURE');
  });

  it('is FAILURE exactly above the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 * 104857600 }), (bytes) => {
        expect(attachmentStatusForSize(bytes) === 'FAILURE').toBe(bytes > 104857600);
      }),
    );
  });

  it('parses the §3 attachment', () => {
    expect(Attachment.parse(attachment())).toEqual(attachment());
    expect(Attachment.safeParse(attachment({ uploadStatus: 'DONE' as 'SUCCESS' })).success).toBe(false);
  });
});

describe('attachment tile', () => {
  it('shows a dimmed spinner while PROCESSING', () => {
    expect(attachmentTileState('PROCESSING')).toEqual({
      hasSpinner: true,
      isDimmed: true,
      hasErrorIcon: false,
      canOpen: false,
    });
  });

  it('shows an error icon and blocks opening on FAILURE or SUSPICIOUS', () => {
    expect(attachmentTileState('FAILURE')).toMatchObject({ hasErrorIcon: true, canOpen: false });
    expect(attachmentTileState('SUSPICIOUS')).toMatchObject({ hasErrorIcon: true, canOpen: false });
    const suspicious = attachmentTileState('SUSPICIOUS').messageId;
    expect(suspicious && messageText(suspicious)).toBe('This attachment has been flagged as suspicious');
    expect(attachmentOpenAction(attachment({ uploadStatus: 'SUSPICIOUS' }))).toBe('blocked');
  });

  it('opens on SUCCESS: images preview, other files download', () => {
    expect(attachmentTileState('SUCCESS').canOpen).toBe(true);
    expect(attachmentOpenAction(attachment())).toBe('preview');
    const pdf = attachment({
      metadata: { name: 'a.pdf', mimeType: 'application/pdf', size: 1, extension: 'pdf' },
    });
    expect(attachmentOpenAction(pdf)).toBe('download');
  });
});
