import { jobErrorCodes, jobErrorMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

export type JobErrorCode = keyof typeof jobErrorCodes;

/** A job call's own error (DEVICE_CACHE_EXPIRED, JOB_FINISHED...) with its status and spec text. */
export const jobError = (code: JobErrorCode, message?: string) =>
  new DomainError(code, message ?? jobErrorMessages[code], { statusCode: jobErrorCodes[code] });
