// No zod here: the console's first load reads error answers and their texts with this module alone.

/** The shape of `ErrorBody` in http.ts, written out so that this module imports nothing (no cycle). */
type ErrorBody = { error: { code: string; message: string }; resultCode?: string | undefined };

/** Error codes the server answers with, and the HTTP status each maps to. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  MFA_REQUIRED: 401,
  /** A second factor's code that is wrong, expired or used already. */
  INVALID_MFA_CODE: 401,
  FORBIDDEN: 403,
  ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A Duo push the user has not answered yet: ask again. */
  DUO_PENDING: 409,
  /** A one-time password link that expired or was used. */
  LINK_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** SMS or Duo refused the request (the server's settings). */
  SMS_FAILED: 502,
  DUO_FAILED: 502,
  /** Duo did not answer in time. */
  DUO_UNAVAILABLE: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

/** Generic (non-spec) error texts; spec §8 texts live in messages.ts. */
export const httpMessages = {
  UNAUTHENTICATED: 'You are not signed in.',
  INVALID_CREDENTIALS: 'The email or password is incorrect.',
  FORBIDDEN: 'You do not have permission to do this.',
  ORIGIN_REFUSED: 'This request did not come from an allowed origin.',
  NOT_FOUND: 'Not found.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  RATE_LIMITED: 'Too many attempts. Try again later.',
  INTERNAL: 'Something went wrong on the server.',
  BAD_JSON: 'The request body is not valid JSON.',
} as const satisfies Partial<Record<ErrorCode, string>>;

/**
 * The error body of an answer, or undefined: the same check as `ErrorBody.safeParse` (a test holds them
 * together), without the schema library.
 */
export const readErrorBody = (data: unknown): ErrorBody | undefined => {
  if (typeof data !== 'object' || data === null) return undefined;
  const { error, resultCode } = data as { error?: unknown; resultCode?: unknown };
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  if (resultCode !== undefined && typeof resultCode !== 'string') return undefined;
  return { error: { code, message }, ...(resultCode === undefined ? {} : { resultCode }) };
};
