import { type TagErrorCode, tagErrorCodes, tagMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A device-tag error (TAG_NAME_TAKEN, TAG_NOT_FOUND...) with its status and text. */
export const tagError = (code: TagErrorCode) =>
  new DomainError(code, tagMessages[code], { statusCode: tagErrorCodes[code] });
