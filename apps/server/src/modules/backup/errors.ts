import { type BackupErrorCode, backupErrorCodes, backupErrorMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

/** A backup call's own error, with its status and text (backup-data.ts). */
export const backupError = (code: BackupErrorCode, message?: string) =>
  new DomainError(code, message ?? backupErrorMessages[code], { statusCode: backupErrorCodes[code] });
