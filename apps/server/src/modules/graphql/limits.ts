import {
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  GraphQLError,
  type GraphQLField,
  getNamedType,
  getNullableType,
  isCompositeType,
  isListType,
  Kind,
  type OperationDefinitionNode,
  OperationTypeNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * The limits every operation is validated against (docs/decisions.md "GraphQL endpoint"), beside graphql-js's
 * own rules: how deep it goes, what it costs, and how much introspection it asks for. Each refusal is a
 * validation error with its own `extensions.code`, so nothing of the operation runs.
 */

/** Introspection (`__schema`, `__type`) may nest this deep, whatever the depth setting (graphql-js's own introspection query needs 15). */
export const INTROSPECTION_MAX_DEPTH = 20;
/** `__schema` and `__type` fields in one document. */
export const INTROSPECTION_MAX_FIELDS = 3;
/** A list's selection is counted this many times. */
export const LIST_COST_FACTOR = 10;
/** What a mutation's root field costs beyond its selection. */
export const MUTATION_COST = 10;
/** Tokens a query may have (graphql-js stops parsing beyond). */
export const MAX_TOKENS = 5_000;

const isIntrospection = (name: string) => name === '__schema' || name === '__type';

type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

const fragmentsOf = (context: ValidationContext): Fragments =>
  new Map(
    context
      .getDocument()
      .definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );

/**
 * The depth of a selection set: its deepest field, a root field being 1. Introspection fields count only when
 * `withIntrospection`. A fragment already on the path is not entered again (graphql-js reports the cycle).
 */
const depthOf = (
  selectionSet: SelectionSetNode,
  fragments: Fragments,
  withIntrospection: boolean,
  path: ReadonlySet<string> = new Set(),
): number => {
  let deepest = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!withIntrospection && isIntrospection(selection.name.value)) continue;
      const below = selection.selectionSet
        ? depthOf(selection.selectionSet, fragments, withIntrospection, path)
        : 0;
      deepest = Math.max(deepest, 1 + below);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, withIntrospection, path));
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || path.has(name)) continue;
      const next = new Set(path).add(name);
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, withIntrospection, next));
    }
  }
  return deepest;
};

const operationLabel = (node: OperationDefinitionNode) => (node.name ? ` ${node.name.value}` : '');

export const depthLimitRule =
  (maxDepth: number): ValidationRule =>
  (context) => {
    const fragments = fragmentsOf(context);
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, fragments, false);
        const withIntrospection = depthOf(node.selectionSet, fragments, true);
        if (depth > maxDepth || withIntrospection > Math.max(maxDepth, INTROSPECTION_MAX_DEPTH))
          context.reportError(
            new GraphQLError(
              `The operation${operationLabel(node)} is ${Math.max(depth, withIntrospection)} levels deep; at most ${maxDepth} are allowed.`,
              { nodes: [node], extensions: { code: 'QUERY_TOO_DEEP' } },
            ),
          );
      },
    };
  };

/**
 * The cost of a selection set on a type: each field 1, plus its selection's cost (counted LIST_COST_FACTOR
 * times under a list). Unknown fields cost nothing here: graphql-js refuses them. Introspection is limited
 * by its depth and count instead.
 */
const costOf = (
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  context: ValidationContext,
  fragments: Fragments,
  path: ReadonlySet<string> = new Set(),
): number => {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (isIntrospection(name) || name === '__typename') continue;
      const field: GraphQLField<unknown, unknown> | undefined =
        'getFields' in type ? type.getFields()[name] : undefined;
      if (!field) continue;
      const named = getNamedType(field.type);
      const below =
        selection.selectionSet && isCompositeType(named)
          ? costOf(selection.selectionSet, named, context, fragments, path)
          : 0;
      total += 1 + (isListType(getNullableType(field.type)) ? LIST_COST_FACTOR : 1) * below;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const condition = selection.typeCondition
        ? context.getSchema().getType(selection.typeCondition.name.value)
        : type;
      if (condition && isCompositeType(condition))
        total += costOf(selection.selectionSet, condition, context, fragments, path);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || path.has(name)) continue;
      const condition = context.getSchema().getType(fragment.typeCondition.name.value);
      if (condition && isCompositeType(condition))
        total += costOf(fragment.selectionSet, condition, context, fragments, new Set(path).add(name));
    }
  }
  return total;
};

export const costLimitRule =
  (maxCost: number): ValidationRule =>
  (context) => {
    const fragments = fragmentsOf(context);
    return {
      OperationDefinition(node) {
        const schema = context.getSchema();
        const root = schema.getRootType(node.operation);
        if (!root) return;
        let cost = costOf(node.selectionSet, root, context, fragments);
        if (node.operation !== OperationTypeNode.QUERY)
          cost += MUTATION_COST * node.selectionSet.selections.filter((s) => s.kind === Kind.FIELD).length;
        if (cost > maxCost)
          context.reportError(
            new GraphQLError(
              `The operation${operationLabel(node)} costs ${cost}; at most ${maxCost} is allowed.`,
              { nodes: [node], extensions: { code: 'QUERY_TOO_COSTLY' } },
            ),
          );
      },
    };
  };

/** At most INTROSPECTION_MAX_FIELDS `__schema`/`__type` fields, so that aliases cannot multiply introspection. */
export const introspectionCountRule: ValidationRule = (context) => {
  let count = 0;
  return {
    Field(node) {
      if (!isIntrospection(node.name.value)) return;
      count += 1;
      if (count === INTROSPECTION_MAX_FIELDS + 1)
        context.reportError(
          new GraphQLError(`At most ${INTROSPECTION_MAX_FIELDS} introspection fields per request.`, {
            nodes: [node],
            extensions: { code: 'QUERY_TOO_COSTLY' },
          }),
        );
    },
  };
};
