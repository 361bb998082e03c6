import type { Permission } from '@rmm/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../types.ts';

/** What every resolver is given: the database, the signed-in caller and the request's log. */
export type GraphqlContext = { db: Db; actor: Actor; config: Config; log: FastifyBaseLogger };

/** A root field's resolver, as graphql-js calls a function of the root value: (args, context). */
export type RootResolver = (args: Record<string, unknown>, context: GraphqlContext) => unknown;

/**
 * A server module's part of the one GraphQL schema: its SDL (extending `Query` and `Mutation`), the resolvers of
 * its root fields, and the permission each root field needs, checked before anything runs. A root field
 * without a permission makes the schema refuse to build.
 */
export type GraphqlModule = {
  typeDefs: string;
  resolvers: Record<string, RootResolver>;
  access: Record<string, Permission>;
  /** A code of its own for an input error (a variable or literal the schema refused), by its message. */
  codeOfInputError?: (message: string) => string | undefined;
};
