import * as z from 'zod';

/** Every error answer: `{error:{code,message}}`; spec calls may add their `resultCode` beside it. */
export const ErrorBody = /* @__PURE__ */ z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  resultCode: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
// http-errors.ts writes this shape out by hand; the compiler holds the two equal.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type ErrorBodyShapesAgree = Holds<Same<ErrorBody, NonNullable<ReturnType<typeof readErrorBody>>>>;

import type { readErrorBody } from './http-errors.ts';

export { type ErrorCode, errorCodes, httpMessages } from './http-errors.ts';

export const PageQuery = /* @__PURE__ */ z.object({
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

export const IdParam = /* @__PURE__ */ z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export type IdParam = z.infer<typeof IdParam>;

export const OkResponse = /* @__PURE__ */ z.object({ ok: z.literal(true) });
