import * as z from 'zod';

/**
 * `POST /graphql` (spec §7 "Ticket rulesets (GraphQL)"; docs/decisions.md "GraphQL endpoint"): the body of a
 * GraphQL-over-HTTP request, and the `extensions.code` of the errors the server answers beside each module's
 * own (the rulesets' `rulesetMessages`).
 */

export const GraphqlRequest = /* @__PURE__ */ z.object({
  query: z.string().min(1, 'A GraphQL request needs its query.'),
  operationName: z.string().max(200).nullish(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  extensions: z.record(z.string(), z.unknown()).nullish(),
});
export type GraphqlRequest = z.infer<typeof GraphqlRequest>;

export const graphqlErrorCodes = [
  /** The body is not a GraphQL request (no query, variables not an object, a batch). */
  'BAD_REQUEST',
  'QUERY_TOO_LARGE',
  'GRAPHQL_PARSE_FAILED',
  /** An unknown field or argument, a wrong type, a missing operation. */
  'GRAPHQL_VALIDATION_FAILED',
  'QUERY_TOO_DEEP',
  'QUERY_TOO_COSTLY',
  /** A variable of the wrong type (an enum value that does not exist...). */
  'BAD_USER_INPUT',
  'INVALID_TRIGGER_TYPE',
  /** The input's values break a rule of the domain's schema. */
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ORIGIN_REFUSED',
  'INTERNAL',
] as const;
export type GraphqlErrorCode = (typeof graphqlErrorCodes)[number];

/** One error of a GraphQL answer, as the server formats it. */
export type GraphqlErrorEntry = {
  message: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
  extensions: { code: string };
};
