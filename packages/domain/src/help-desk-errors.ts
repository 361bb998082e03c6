import { MAX_ATTACHMENT_SIZE_BYTES } from './attachments.ts';
import { messages } from './messages.ts';

/**
 * Error codes of help tickets, attachments and the support inbox, with their HTTP status and text
 * (docs/decisions.md "Help tickets and attachments"). A refused upload's text starts with spec §8's
 * "There was an error while uploading the attachment", followed by the reason.
 */
export const helpDeskErrorCodes = {
  /** Over 104857600 bytes decoded (or a body that could not hold less). */
  ATTACHMENT_TOO_LARGE: 413,
  /** Not base64, a key missing, a bad file name, a field that has no business in the body. */
  ATTACHMENT_INVALID: 422,
  /** ClamAV is configured but gave no verdict: nothing is stored, try again. */
  ATTACHMENT_SCAN_FAILED: 503,
  ATTACHMENT_NOT_FOUND: 404,
  /** It is on a ticket: only its ticket's readers see it, nobody deletes it. */
  ATTACHMENT_IN_USE: 409,
  /** A ticket or reply names an attachment that is not the caller's own unused SUCCESS upload. */
  ATTACHMENT_NOT_USABLE: 422,
  /** A download link whose signature does not match (changed, or for another file). */
  ATTACHMENT_URL_INVALID: 403,
  ATTACHMENT_URL_EXPIRED: 410,
  /** `{helpdesk}` names no connector. */
  HELP_DESK_NOT_FOUND: 404,
  /** `zendesk` without ZENDESK_URL (or ZENDESK_SUBDOMAIN), ZENDESK_EMAIL and ZENDESK_API_TOKEN. */
  HELP_DESK_NOT_CONFIGURED: 404,
  /** A custom field the help desk does not know, or of the wrong type. */
  HELP_TICKET_INVALID: 422,
  /** The external help desk refused the ticket (its answer is in the message). */
  HELP_DESK_FAILED: 502,
  /** The external help desk did not answer, failed, or asks to wait longer than we do. */
  HELP_DESK_UNAVAILABLE: 503,
  SUPPORT_TICKET_NOT_FOUND: 404,
  /** A reply to a closed ticket: reopen it first. */
  SUPPORT_TICKET_CLOSED: 409,
} as const;
export type HelpDeskErrorCode = keyof typeof helpDeskErrorCodes;

const uploadError = messages.attachments.uploadError;

export const helpDeskMessages = {
  ATTACHMENT_TOO_LARGE: `${uploadError}: the file is larger than ${MAX_ATTACHMENT_SIZE_BYTES / 1_048_576} MB.`,
  ATTACHMENT_INVALID: `${uploadError}.`,
  ATTACHMENT_SCAN_FAILED: `${uploadError}: the malware scanner did not answer. Try again later.`,
  ATTACHMENT_NOT_FOUND: 'There is no such attachment.',
  ATTACHMENT_IN_USE: 'The attachment is on a ticket and cannot be deleted.',
  ATTACHMENT_NOT_USABLE: 'An attachment cannot be added.',
  ATTACHMENT_URL_INVALID: 'This download link is not valid.',
  ATTACHMENT_URL_EXPIRED: 'This download link has expired. Open the attachment again for a new one.',
  HELP_DESK_NOT_FOUND: 'There is no such help desk.',
  HELP_DESK_NOT_CONFIGURED: 'This help desk is not configured on this server.',
  HELP_TICKET_INVALID: 'The ticket is not valid.',
  HELP_DESK_FAILED: 'The help desk refused the ticket.',
  HELP_DESK_UNAVAILABLE: 'The help desk is not available. Try again later.',
  SUPPORT_TICKET_NOT_FOUND: 'There is no such support ticket.',
  SUPPORT_TICKET_CLOSED: 'The ticket is closed. Reopen it to reply.',
} as const satisfies Record<HelpDeskErrorCode, string>;
