import { z } from 'zod';

/** Every error answer: `{error:{code,message}}`; spec calls may add their `resultCode` beside it. */
export const ErrorBody = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  resultCode: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Error codes the server answers with, and the HTTP status each maps to. */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  BAD_JSON: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  MFA_REQUIRED: 401,
  FORBIDDEN: 403,
  ORIGIN_REFUSED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
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

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(25),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** Our own list endpoints answer `{data, count, page, pageSize}`. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export type IdParam = z.infer<typeof IdParam>;

export const OkResponse = z.object({ ok: z.literal(true) });
