import { scheduledTaskErrorCodes, scheduledTaskMessages } from '@rmm/domain';
import { DomainError } from '../../lib/errors.ts';

export type ScheduledTaskErrorCode = keyof typeof scheduledTaskErrorCodes;

/** A scheduled-task call's own error (a task or run that is not there, or outside the caller's scope). */
export const scheduledTaskError = (code: ScheduledTaskErrorCode, message?: string) =>
  new DomainError(code, message ?? scheduledTaskMessages[code], {
    statusCode: scheduledTaskErrorCodes[code],
  });
