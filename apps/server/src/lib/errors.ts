import { type ErrorCode, errorCodes, httpMessages } from '@rmm/domain';

/** A typed domain error: the error plugin maps it to its HTTP status and `{error:{code,message}}`. */
export class DomainError extends Error {
  readonly code: ErrorCode | string;
  readonly statusCode: number;
  /** Spec calls keep their `resultCode` beside the error body. */
  readonly resultCode: string | undefined;
  /** The service wrote the failure activity itself (it knew more than the request): the plugin does not. */
  readonly activityWritten: boolean;

  constructor(
    code: ErrorCode | string,
    message?: string,
    options: { statusCode?: number; resultCode?: string; activityWritten?: boolean } = {},
  ) {
    super(message ?? (httpMessages as Record<string, string>)[code] ?? code);
    this.code = code;
    this.statusCode = options.statusCode ?? (errorCodes as Record<string, number>)[code] ?? 400;
    this.resultCode = options.resultCode;
    this.activityWritten = options.activityWritten ?? false;
  }
}

export const notFound = (what = 'Not found.') => new DomainError('NOT_FOUND', what);
export const forbidden = () => new DomainError('FORBIDDEN');
export const conflict = (message: string) => new DomainError('CONFLICT', message);
export const badRequest = (message: string) => new DomainError('VALIDATION_FAILED', message);
