import * as z from 'zod';
import { Attachment } from './attachments.ts';
import { listOf, PageQuery } from './http.ts';
import { HelpTicketPriority, HelpTicket as SpecHelpTicket } from './tickets.ts';
import { EmailAddress } from './validators.ts';

/**
 * Help tickets, their attachments and the support inbox (issue 17; spec §3 Attachment and Help ticket,
 * §4 attachment tile, §7 "Help and tickets"). `{helpdesk}` in the spec's paths names the help-desk
 * connector: `support` files into our own support inbox, which system administrators work in the console;
 * `zendesk` forwards to a Zendesk account when one is configured. Paths of the inbox are ours
 * (docs/decisions.md "Help tickets and attachments").
 */

export const helpDeskConnectors = ['support', 'zendesk'] as const;
export const HelpDeskConnector = /* @__PURE__ */ z.enum(helpDeskConnectors);
export type HelpDeskConnector = z.infer<typeof HelpDeskConnector>;
export const BUILT_IN_HELP_DESK: HelpDeskConnector = 'support';

export const HelpDeskParam = /* @__PURE__ */ z.object({ helpdesk: HelpDeskConnector });

// ---------------------------------------------------------------- limits

export const HELP_TICKET_SUBJECT_MAX = 200;
export const HELP_TICKET_BODY_MAX = 20_000;
export const HELP_TICKET_PHONE_MAX = 40;
export const HELP_TICKET_CATEGORY_MAX = 100;
export const HELP_TICKET_MAX_CC = 20;
export const HELP_TICKET_MAX_UPLOADS = 20;
export const ATTACHMENT_FILE_NAME_MAX = 255;
/** How long a signed download URL stays valid. */
export const ATTACHMENT_URL_TTL_SECONDS = 15 * 60;

/**
 * A file name as the user's machine gave it: no folders, no control characters, not `.` or `..`, at most
 * 255 characters. Surrounding spaces are trimmed.
 */
export const AttachmentFileName = /* @__PURE__ */ z
  .string()
  .trim()
  .min(1, 'The file needs a name')
  .max(ATTACHMENT_FILE_NAME_MAX, `A file name may have at most ${ATTACHMENT_FILE_NAME_MAX} characters`)
  .refine((name) => !/[/\\]/.test(name), 'A file name cannot contain a folder')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'A file name cannot contain control characters')
  .refine((name) => name !== '.' && name !== '..', 'A file name cannot be . or ..');

// ---------------------------------------------------------------- attachments

/**
 * Spec §7 POST /ws/{helpdesk}/upload-attachment. `file` is the file's bytes in base64; the server reads the
 * body as a stream (this route alone accepts up to the 100 MB file in base64) and never holds it whole.
 * Declared here for validation of the name and for the API documentation.
 */
export const UploadAttachmentRequest = /* @__PURE__ */ z.object({
  file: z.base64(),
  fileName: AttachmentFileName,
});
export type UploadAttachmentRequest = z.input<typeof UploadAttachmentRequest>;

/**
 * The answer of an upload and of reading an attachment: the spec's Attachment entity, and for SUCCESS a
 * signed URL that downloads (or, for an image, shows) the file until it expires.
 */
export const AttachmentWithUrl = /* @__PURE__ */ Attachment.extend({
  signedUrl: z.string().nullable(),
});
export type AttachmentWithUrl = z.infer<typeof AttachmentWithUrl>;

export const AttachmentIdParam = /* @__PURE__ */ z.object({ id: z.uuid() });
export const HelpDeskAttachmentParams = /* @__PURE__ */ HelpDeskParam.extend({ id: z.uuid() });

/** The query of a signed download URL: the server refuses a changed or expired one. */
export const SignedAttachmentQuery = /* @__PURE__ */ z.object({
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
  /** `inline` shows an image in the browser; otherwise the file downloads. */
  disposition: z.enum(['inline', 'attachment']).default('attachment'),
});
export type SignedAttachmentQuery = z.infer<typeof SignedAttachmentQuery>;

// ---------------------------------------------------------------- tickets

/**
 * Spec §7 POST /ws/{helpdesk}/ticket: the Help ticket entity with the limits of ours. `comment.uploads`
 * holds ids of this user's attachments, each uploaded with SUCCESS.
 */
export const HelpTicketRequest = /* @__PURE__ */ SpecHelpTicket.extend({
  subject: SpecHelpTicket.shape.subject.max(HELP_TICKET_SUBJECT_MAX),
  comment: z.object({
    body: SpecHelpTicket.shape.comment.shape.body.max(HELP_TICKET_BODY_MAX),
    uploads: z.array(z.uuid()).max(HELP_TICKET_MAX_UPLOADS),
  }),
  customFields: SpecHelpTicket.shape.customFields.max(8),
  ccEmails: z.array(EmailAddress).max(HELP_TICKET_MAX_CC),
});
export type HelpTicketRequest = z.input<typeof HelpTicketRequest>;

export const HelpTicketResponse = /* @__PURE__ */ z.object({
  resultCode: z.literal('SUCCESS'),
  /** The ticket's id at the help desk: our inbox's number, or Zendesk's ticket id. */
  ticketId: z.string(),
});
export type HelpTicketResponse = z.infer<typeof HelpTicketResponse>;

// ---------------------------------------------------------------- support inbox

export const supportTicketStatuses = ['OPEN', 'CLOSED'] as const;
export const SupportTicketStatus = /* @__PURE__ */ z.enum(supportTicketStatuses);
export type SupportTicketStatus = z.infer<typeof SupportTicketStatus>;

export const SupportTicketMessage = /* @__PURE__ */ z.object({
  id: z.number().int(),
  /** Who wrote it: the requester or a system administrator. */
  author: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  isFromRequester: z.boolean(),
  body: z.string(),
  attachments: z.array(AttachmentWithUrl),
  createdAt: z.string(),
});
export type SupportTicketMessage = z.infer<typeof SupportTicketMessage>;

export const SupportTicketSummary = /* @__PURE__ */ z.object({
  id: z.number().int(),
  subject: z.string(),
  priority: HelpTicketPriority,
  status: SupportTicketStatus,
  requester: z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() }),
  messageCount: z.number().int(),
  attachmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SupportTicketSummary = z.infer<typeof SupportTicketSummary>;

export const SupportTicket = /* @__PURE__ */ SupportTicketSummary.extend({
  phoneNumber: z.string().nullable(),
  category: z.string().nullable(),
  callback: z.boolean(),
  language: z.string(),
  ccEmails: z.array(z.string()),
  messages: z.array(SupportTicketMessage),
  closedAt: z.string().nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicket>;

export const ListSupportTicketsQuery = /* @__PURE__ */ PageQuery.extend({
  status: SupportTicketStatus.optional(),
  /** Words of the subject or the requester's name or email. */
  search: z.string().trim().max(200).optional(),
});
export type ListSupportTicketsQuery = z.input<typeof ListSupportTicketsQuery>;
export const ListSupportTicketsResponse = /* @__PURE__ */ listOf(SupportTicketSummary);
export type ListSupportTicketsResponse = z.infer<typeof ListSupportTicketsResponse>;

export const SupportTicketResponse = /* @__PURE__ */ z.object({ ticket: SupportTicket });
export type SupportTicketResponse = z.infer<typeof SupportTicketResponse>;

export const ReplySupportTicketRequest = /* @__PURE__ */ z.object({
  body: SpecHelpTicket.shape.comment.shape.body.max(HELP_TICKET_BODY_MAX),
  uploads: z.array(z.uuid()).max(HELP_TICKET_MAX_UPLOADS).default([]),
});
export type ReplySupportTicketRequest = z.input<typeof ReplySupportTicketRequest>;
