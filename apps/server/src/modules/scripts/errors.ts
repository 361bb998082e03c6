import { jobErrorCodes, jobErrorMessages, scriptErrorCodes, scriptMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

export type ScriptErrorCode = keyof typeof scriptErrorCodes;

/** A script library error (SCRIPT_NAME_TAKEN, SCRIPT_IN_USE...) with its status and text. */
export const scriptError = (code: ScriptErrorCode, message?: string) =>
  new DomainError(code, message ?? scriptMessages[code], { statusCode: scriptErrorCodes[code] });

/** No script of this id in the library (the job call's code and text). */
export const scriptNotFound = () =>
  new DomainError('SCRIPT_NOT_FOUND', jobErrorMessages.SCRIPT_NOT_FOUND, {
    statusCode: jobErrorCodes.SCRIPT_NOT_FOUND,
  });

/** A unique index refused the row (two saves of one name at once). */
export const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};
