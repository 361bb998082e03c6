import { type BackupErrorCode, backupErrorCodes, backupErrorMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A backup call's own error, with its status and text (backup-data.ts). */
export const backupError = (code: BackupErrorCode, message?: string) =>
  new DomainError(code, message ?? backupErrorMessages[code], { statusCode: backupErrorCodes[code] });

/**
 * Spec §8's text of a failed backup call ahead of the reason ("Error clearing backup job: Only a finished
 * backup job can be cleared."): what the console shows, and why.
 */
export const withSpecMessage = async <T>(text: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(error.code, `${text}: ${error.message}`, {
      statusCode: error.statusCode,
      ...(error.resultCode === undefined ? {} : { resultCode: error.resultCode }),
      activityWritten: error.activityWritten,
    });
  }
};
