import { type GraphqlErrorEntry, GraphqlRequest, httpMessages } from '@rmm/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  getOperationAST,
  Kind,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { actorOf } from '../../lib/actor.ts';
import { DomainError } from '../../lib/errors.ts';
import { mapError } from '../../plugins/errors.ts';
import { costLimitRule, depthLimitRule, introspectionCountRule, MAX_TOKENS } from './limits.ts';
import { buildGraphqlSchema, rootFieldsOf } from './schema.ts';

const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/** The client's choice of the two GraphQL-over-HTTP media types (graphql-request accepts both). */
const mediaTypeOf = (request: FastifyRequest) =>
  (request.headers.accept ?? '').includes(GRAPHQL_RESPONSE) ? GRAPHQL_RESPONSE : 'application/json';

const entry = (message: string, code: string, error?: GraphQLError): GraphqlErrorEntry => ({
  message,
  ...(error?.locations ? { locations: [...error.locations] } : {}),
  ...(error?.path ? { path: [...error.path] } : {}),
  extensions: { code },
});

/**
 * A request refused as a whole: its status, GraphQL's `errors` and, as every error answer of this API, the
 * `{error:{code,message}}` of the first.
 */
const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, errors: GraphqlErrorEntry[]) =>
  reply
    .status(status)
    .type(mediaTypeOf(request))
    .send({
      errors,
      error: { code: errors[0]?.extensions.code ?? 'BAD_REQUEST', message: errors[0]?.message ?? '' },
    });

/**
 * `POST /graphql` (spec §7 "Ticket rulesets (GraphQL)"; docs/decisions.md "GraphQL endpoint"): graphql-js on a
 * schema-first SDL. The session cookie (or an API token), the Origin check of state-changing requests and the
 * 401 come from the auth plugin like any route; then the query's size, parse, validation with the depth, cost
 * and introspection limits, the permission of every root field it selects (403 before anything runs), and
 * execution. A whole-request refusal answers 4xx with `errors`; an answer with data is 200, with the errors of
 * the fields that failed (a domain refusal's code and text, never an internal error's).
 */
export const graphqlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { schema, rootValue, access, codeOfInputError } = buildGraphqlSchema();
  const rules = [
    ...specifiedRules,
    depthLimitRule(app.config.graphqlMaxDepth),
    costLimitRule(app.config.graphqlMaxCost),
    introspectionCountRule,
  ];

  // This scope's errors (401, a refused Origin, a body that is no GraphQL request) in GraphQL's shape too.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const mapped = mapError(error);
    if (mapped.status >= 500) request.log.error({ err: error }, 'graphql request failed');
    const code =
      mapped.code === 'VALIDATION_FAILED' && !(error instanceof DomainError) ? 'BAD_REQUEST' : mapped.code;
    return refuse(request, reply, mapped.status, [entry(mapped.message, code)]);
  });

  const formatError =
    (request: FastifyRequest) =>
    (error: GraphQLError): GraphqlErrorEntry => {
      const original = error.originalError;
      if (original instanceof DomainError) return entry(original.message, String(original.code), error);
      if (original && !(original instanceof GraphQLError)) {
        request.log.error({ err: original, path: error.path }, 'graphql resolver failed');
        return entry(httpMessages.INTERNAL, 'INTERNAL', error);
      }
      const code = error.extensions.code;
      return entry(error.message, typeof code === 'string' ? code : 'GRAPHQL_VALIDATION_FAILED', error);
    };

  app.post(
    '/graphql',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['graphql'],
        summary:
          'GraphQL: the ticket rulesets (query GetTicketRuleset, TicketRuleById; mutation CreateTicketRuleset, UpdateTicketRuleset)',
        body: GraphqlRequest,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { query, operationName, variables } = request.body;
      const { graphqlMaxQueryBytes } = app.config;
      if (Buffer.byteLength(query) > graphqlMaxQueryBytes)
        return refuse(request, reply, 400, [
          entry(`The query is longer than ${graphqlMaxQueryBytes} bytes.`, 'QUERY_TOO_LARGE'),
        ]);

      let document: DocumentNode;
      try {
        document = parse(query, { maxTokens: MAX_TOKENS });
      } catch (error) {
        const parseError = error as GraphQLError;
        return refuse(request, reply, 400, [entry(parseError.message, 'GRAPHQL_PARSE_FAILED', parseError)]);
      }
      const invalid = validate(schema, document, rules);
      if (invalid.length > 0) {
        const errors = invalid.map((error) => {
          const code = error.extensions.code;
          const own = typeof code === 'string' ? code : codeOfInputError(error.message);
          return entry(error.message, own ?? 'GRAPHQL_VALIDATION_FAILED', error);
        });
        return refuse(request, reply, 400, errors);
      }

      const operation = getOperationAST(document, operationName ?? undefined);
      if (!operation)
        return refuse(request, reply, 400, [
          entry(
            operationName
              ? `The document has no operation named ${operationName}.`
              : 'The document has several operations: name the one to run (operationName).',
            'GRAPHQL_VALIDATION_FAILED',
          ),
        ]);
      const fragments = document.definitions.filter(
        (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
      );
      const denied = [...rootFieldsOf(operation, fragments)].filter((field) => {
        const permission = access.get(field);
        return permission !== undefined && !actor.permissions.has(permission);
      });
      if (denied.length > 0)
        return refuse(
          request,
          reply,
          403,
          denied.map((field) =>
            entry(`${httpMessages.FORBIDDEN} (${field} needs ${access.get(field)})`, 'FORBIDDEN'),
          ),
        );

      const result = (await execute({
        schema,
        document,
        rootValue,
        contextValue: { db: app.db, actor, config: app.config, log: request.log },
        variableValues: variables ?? undefined,
        operationName: operationName ?? undefined,
      })) as ExecutionResult;
      const errors = result.errors?.map(formatError(request));
      // No data at all: the variables were refused before anything ran.
      if (!('data' in result) || result.data === undefined)
        return refuse(
          request,
          reply,
          400,
          (errors ?? []).map((e) => ({
            ...e,
            extensions: {
              code:
                codeOfInputError(e.message) ??
                (e.extensions.code === 'GRAPHQL_VALIDATION_FAILED' ? 'BAD_USER_INPUT' : e.extensions.code),
            },
          })),
        );
      return reply.type(mediaTypeOf(request)).send({ data: result.data, ...(errors ? { errors } : {}) });
    },
  );
};
