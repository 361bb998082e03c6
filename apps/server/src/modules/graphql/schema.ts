import type { Permission } from '@rmm/domain';
import {
  buildSchema,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { ticketRulesetsGraphql } from '../ticket-rulesets/graphql.ts';
import type { GraphqlModule, RootResolver } from './module.ts';

/** The modules that make up the schema (one today: the ticket rulesets). */
const modules: readonly GraphqlModule[] = [ticketRulesetsGraphql];

export type GraphqlSchema = {
  schema: GraphQLSchema;
  /** graphql-js calls `rootValue[field](args, context)` for each root field. */
  rootValue: Record<string, RootResolver>;
  access: ReadonlyMap<string, Permission>;
  codeOfInputError: (message: string) => string | undefined;
};

/** Builds the schema once: every root field must have a resolver and a permission, or the server does not start. */
export const buildGraphqlSchema = (parts: readonly GraphqlModule[] = modules): GraphqlSchema => {
  const schema = buildSchema(['type Query', 'type Mutation', ...parts.map((p) => p.typeDefs)].join('\n'));
  const rootValue: Record<string, RootResolver> = Object.assign({}, ...parts.map((p) => p.resolvers));
  const access = new Map(parts.flatMap((p) => Object.entries(p.access)));
  const rootFields = [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
    Object.keys(type?.getFields() ?? {}),
  );
  const incomplete = rootFields.filter((name) => !access.has(name) || !rootValue[name]);
  if (incomplete.length > 0)
    throw new Error(`GraphQL root fields without a resolver or a permission: ${incomplete.join(', ')}`);
  return {
    schema,
    rootValue,
    access,
    codeOfInputError: (message) => parts.map((p) => p.codeOfInputError?.(message)).find(Boolean),
  };
};

/** The root fields an operation selects, through its fragments (a skipped one counts too: checked, not run). */
export const rootFieldsOf = (
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
): Set<string> => {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (selectionSet: SelectionSetNode) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.find((f) => f.name.value === selection.name.value);
        if (fragment) visit(fragment.selectionSet);
      }
    }
  };
  visit(operation.selectionSet);
  return names;
};
