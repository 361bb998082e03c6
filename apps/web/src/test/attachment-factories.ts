import type {
  AttachmentWithUrl,
  SupportTicket,
  SupportTicketMessage,
  SupportTicketSummary,
} from '@rmm/domain';

let next = 1;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A signed URL as the server builds it, valid for `ttlSeconds` from now. */
export const signedUrlOf = (id: string, { ttlSeconds = 900, disposition = 'attachment' } = {}) =>
  `/ws/attachments/${id}/content?expires=${Math.floor(Date.now() / 1000) + ttlSeconds}&signature=${'s'.repeat(43)}&disposition=${disposition}`;

/** An attachment as an upload or a ticket answers it: a SUCCESS text file unless overridden. */
export const createAttachment = (
  overrides: Partial<Omit<AttachmentWithUrl, 'metadata'>> & {
    metadata?: Partial<AttachmentWithUrl['metadata']>;
  } = {},
): AttachmentWithUrl => {
  const id = overrides.id ?? uuid(next++);
  const { metadata, ...rest } = overrides;
  const uploadStatus = rest.uploadStatus ?? 'SUCCESS';
  return {
    id,
    contentId: null,
    uploadStatus,
    signedUrl: uploadStatus === 'SUCCESS' ? signedUrlOf(id) : null,
    ...rest,
    metadata: {
      name: `notes-${id.slice(-4)}.txt`,
      mimeType: 'text/plain',
      size: 1200,
      extension: 'txt',
      ...metadata,
    },
  };
};

export const createSupportTicketSummary = (
  overrides: Partial<SupportTicketSummary> = {},
): SupportTicketSummary => {
  const id = overrides.id ?? next++;
  return {
    id,
    subject: `Printer offline ${id}`,
    priority: 'NORMAL',
    status: 'OPEN',
    requester: { id: 7, name: 'Rita Requester', email: 'rita@example.com' },
    messageCount: 1,
    attachmentCount: 0,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
};

export const createSupportTicketMessage = (
  overrides: Partial<SupportTicketMessage> = {},
): SupportTicketMessage => ({
  id: next++,
  author: { id: 7, name: 'Rita Requester', email: 'rita@example.com' },
  isFromRequester: true,
  body: 'The printer on floor 2 is offline.',
  attachments: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

export const createSupportTicket = (overrides: Partial<SupportTicket> = {}): SupportTicket => {
  const summary = createSupportTicketSummary(overrides);
  return {
    ...summary,
    phoneNumber: '+1 555 0100',
    category: 'Printing',
    callback: true,
    language: 'de',
    ccEmails: ['boss@example.com'],
    messages: [createSupportTicketMessage()],
    closedAt: null,
    ...overrides,
  };
};
