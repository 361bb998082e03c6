/** Every error the engine throws on purpose is a StrataError with a stable code, so callers map it without parsing text. */
export type StrataErrorCode =
  | 'WRONG_KEY'
  | 'NO_KEY'
  | 'LOCKED'
  | 'NOT_A_REPOSITORY'
  | 'REPOSITORY_EXISTS'
  | 'CORRUPT'
  | 'NOT_FOUND'
  | 'ABORTED'
  | 'INVALID_ARGUMENT';

export class StrataError extends Error {
  readonly code: StrataErrorCode;
  constructor(code: StrataErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StrataError';
    this.code = code;
  }
}

export const isStrataError = (error: unknown, code?: StrataErrorCode): error is StrataError =>
  error instanceof StrataError && (code === undefined || error.code === code);

/** Throws ABORTED when the signal fired; called between units of work (a file, a blob, a pack). */
export const throwIfAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted)
    throw new StrataError('ABORTED', 'The operation was cancelled.', { cause: signal.reason });
};
