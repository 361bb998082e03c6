import { type HelpDeskErrorCode, helpDeskErrorCodes, helpDeskMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/**
 * A help-desk or attachment error with its status; `detail` follows the code's text (an upload's reason after
 * "There was an error while uploading the attachment: ").
 */
export const helpDeskError = (code: HelpDeskErrorCode, detail?: string) => {
  const base = helpDeskMessages[code];
  const message = detail ? `${base.replace(/\.$/, '')}: ${detail}` : base;
  return new DomainError(code, message, { statusCode: helpDeskErrorCodes[code] });
};
