import { readErrorBody } from '@rmm/domain';
import { apiPaths } from '@rmm/domain/api-paths';
import { ClientError, GraphQLClient, type Variables } from 'graphql-request';
import { ApiError } from './api.ts';

/**
 * The console's GraphQL client (graphql-request) for `POST /graphql`: the session cookie goes with it like with
 * every API call, and the browser adds the Origin the server checks. Only the screens that read GraphQL load
 * this module (the ticket rulesets'), so graphql-request stays out of the first load.
 */
let client: GraphQLClient | undefined;
const graphqlClient = () => {
  // graphql-request wants an absolute address.
  client ??= new GraphQLClient(new URL(apiPaths.graphql(), window.location.origin).href, {
    credentials: 'same-origin',
    // The global fetch at the time of each call (tests replace it).
    fetch: (input, init) => fetch(input, init),
  });
  return client;
};

/** A refused GraphQL request or a field's error as the console's ApiError: its status, code and message. */
const toApiError = (error: ClientError): ApiError => {
  const first = error.response.errors?.[0];
  if (first) {
    const code = (first.extensions as { code?: unknown } | undefined)?.code;
    return new ApiError(
      error.response.status,
      typeof code === 'string' ? code : 'GRAPHQL_ERROR',
      first.message,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(error.response.body);
  } catch {
    body = undefined;
  }
  const parsed = readErrorBody(body);
  return parsed
    ? new ApiError(error.response.status, parsed.error.code, parsed.error.message)
    : new ApiError(error.response.status, 'HTTP_ERROR', `HTTP ${error.response.status}`);
};

/** Sends one operation (a domain document); any `errors` in the answer throw an ApiError. */
export const graphqlRequest = async <T, V extends Variables = Variables>(
  document: string,
  variables?: V,
): Promise<T> => {
  try {
    return await graphqlClient().request<T>(document, variables as Variables);
  } catch (error) {
    throw error instanceof ClientError ? toApiError(error) : error;
  }
};
