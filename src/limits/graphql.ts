// What one GraphQL document may ask for, checked before anything runs: its
// size in tokens, its depth, its aliases and directives (a validation rule), and
// the number of nodes it may return (GitHub's node limit: list sizes multiplied
// down the tree, `first`/`last` or the default page size for connections).
import {
  GraphQLError,
  GraphQLInt,
  Kind,
  getNamedType,
  getNullableType,
  getVariableValues,
  isLeafType,
  isListType,
  isObjectType,
  isInterfaceType,
  getOperationAST,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationRule,
  type ArgumentNode,
  type VariableDefinitionNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type ASTNode,
} from 'graphql';

export interface GraphQLLimits {
  /** Deepest field nesting (introspection excluded: graphql-js bounds it). */
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  /** Lexical tokens in the document (checked while parsing). */
  maxTokens: number;
  /** Nodes one operation may return: each list's size times its enclosing lists'. */
  maxNodes: number;
  /** Size assumed for a connection without `first`/`last` and for a plain list. */
  defaultListSize: number;
  /** Page documents (`document`, `markdown` fields) one operation may build, counted as they run. */
  maxDocuments: number;
}

export const defaultGraphQLLimits: GraphQLLimits = {
  maxDepth: 12,
  maxAliases: 30,
  maxDirectives: 50,
  maxTokens: 2000,
  maxNodes: 100_000,
  defaultListSize: 50,
  maxDocuments: 500,
};

export type LimitCode = 'DEPTH_LIMIT' | 'ALIAS_LIMIT' | 'DIRECTIVE_LIMIT' | 'TOKEN_LIMIT' | 'QUERY_TOO_COMPLEX';

/** A refusal before execution: HTTP 400, with the limit and what was found. */
export function limitError(code: LimitCode, message: string, limit: number, found?: number) {
  return new GraphQLError(message, {
    extensions: { code, status: 400, limit, ...(found === undefined ? {} : { found }), http: { status: 400, spec: false } },
  });
}

const isIntrospection = (field: FieldNode) => field.name.value === '__schema' || field.name.value === '__type';

interface Shape {
  depth: number;
  aliases: number;
  directives: number;
}

/** Depth, aliases and directives of a selection set, fragments expanded (each spread counts again). */
function shapeOf(
  selectionSet: SelectionSetNode,
  fragment: (name: string) => FragmentDefinitionNode | undefined | null,
  memo: Map<string, Shape>,
  visiting: Set<string>,
): Shape {
  const shape: Shape = { depth: 0, aliases: 0, directives: 0 };
  for (const selection of selectionSet.selections) {
    shape.directives += selection.directives?.length ?? 0;
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) shape.aliases += 1;
      if (isIntrospection(selection)) continue;
      const inner = selection.selectionSet
        ? shapeOf(selection.selectionSet, fragment, memo, visiting)
        : { depth: 0, aliases: 0, directives: 0 };
      shape.depth = Math.max(shape.depth, 1 + inner.depth);
      shape.aliases += inner.aliases;
      shape.directives += inner.directives;
      continue;
    }
    let inner: Shape;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = shapeOf(selection.selectionSet, fragment, memo, visiting);
    } else {
      const name = selection.name.value;
      const known = memo.get(name);
      const definition = fragment(name);
      // Unknown fragments and cycles are other rules' errors.
      if (known) inner = known;
      else if (!definition || visiting.has(name)) continue;
      else {
        visiting.add(name);
        const body = shapeOf(definition.selectionSet, fragment, memo, visiting);
        visiting.delete(name);
        inner = { ...body, directives: body.directives + (definition.directives?.length ?? 0) };
        memo.set(name, inner);
      }
    }
    shape.depth = Math.max(shape.depth, inner.depth);
    shape.aliases += inner.aliases;
    shape.directives += inner.directives;
  }
  return shape;
}

/** Validation rule: each operation's depth, aliases and directives within the limits. */
export function operationShapeRule(limits: Pick<GraphQLLimits, 'maxDepth' | 'maxAliases' | 'maxDirectives'>): ValidationRule {
  return (context) => {
    const memo = new Map<string, Shape>();
    return {
      OperationDefinition(operation) {
        const shape = shapeOf(operation.selectionSet, (name) => context.getFragment(name), memo, new Set());
        const directives =
          shape.directives +
          (operation.directives?.length ?? 0) +
          (operation.variableDefinitions ?? []).reduce((n, v) => n + (v.directives?.length ?? 0), 0);
        const name = operation.name ? `Operation "${operation.name.value}"` : 'The operation';
        if (shape.depth > limits.maxDepth) {
          context.reportError(
            limitError(
              'DEPTH_LIMIT',
              `${name} is ${shape.depth} fields deep; the limit is ${limits.maxDepth}.`,
              limits.maxDepth,
              shape.depth,
            ),
          );
        }
        if (shape.aliases > limits.maxAliases) {
          context.reportError(
            limitError(
              'ALIAS_LIMIT',
              `${name} uses ${shape.aliases} aliases; the limit is ${limits.maxAliases}.`,
              limits.maxAliases,
              shape.aliases,
            ),
          );
        }
        if (directives > limits.maxDirectives) {
          context.reportError(
            limitError(
              'DIRECTIVE_LIMIT',
              `${name} uses ${directives} directives; the limit is ${limits.maxDirectives}.`,
              limits.maxDirectives,
              directives,
            ),
          );
        }
      },
    };
  };
}

const isConnection = (type: GraphQLNamedType) => isObjectType(type) && 'edges' in type.getFields() && 'pageInfo' in type.getFields();

/**
 * Nodes the operation may return, with its variables (defaults applied). A
 * connection returns `first` (or `last`, or the default page size) nodes for
 * each of its parent's; its `edges`/`nodes` are those same nodes. A plain list
 * of objects counts `ids.length` when it takes ids, else the default size.
 * Introspection is not counted. Undefined when the variables are invalid
 * (execution will refuse them anyway).
 */
export function countNodes(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | null | undefined,
  defaultListSize: number,
): number | undefined {
  const operation: OperationDefinitionNode | null | undefined = getOperationAST(document, operationName);
  if (!operation) return undefined;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {});
  if (coerced.errors) return undefined;
  const variables = coerced.coerced;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, number>();
  const visiting = new Set<string>();

  const sizeArgument = (field: FieldNode, name: string) => {
    const node = field.arguments?.find((a) => a.name.value === name);
    return node ? valueFromAST(node.value, GraphQLInt, variables) : undefined;
  };
  const listLength = (field: FieldNode, name: string) => {
    const node = field.arguments?.find((a) => a.name.value === name);
    if (!node) return undefined;
    if (node.value.kind === Kind.LIST) return node.value.values.length;
    if (node.value.kind === Kind.VARIABLE) {
      const value = variables[node.value.name.value];
      return Array.isArray(value) ? value.length : 1;
    }
    return 1;
  };

  // Nodes below `selectionSet` for ONE parent; a list multiplies what is under it.
  const cost = (selectionSet: SelectionSetNode, parentType: GraphQLNamedType | undefined | null): number => {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
        total += cost(selection.selectionSet, type);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const definition = fragments.get(name);
        if (!definition || visiting.has(name)) continue;
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, cost(definition.selectionSet, schema.getType(definition.typeCondition.name.value)));
          visiting.delete(name);
        }
        total += memo.get(name)!;
      } else {
        if (selection.name.value.startsWith('__') || !selection.selectionSet) continue;
        if (!parentType || !(isObjectType(parentType) || isInterfaceType(parentType))) continue;
        const definition = parentType.getFields()[selection.name.value];
        if (!definition) continue;
        const type = getNamedType(definition.type);
        if (isLeafType(type)) continue;
        const below = cost(selection.selectionSet, type);
        if (isConnection(type)) {
          const requested = sizeArgument(selection, 'first') ?? sizeArgument(selection, 'last');
          const size = typeof requested === 'number' && requested >= 0 ? requested : defaultListSize;
          total += size + size * below;
        } else if (isListType(getNullableType(definition.type)) && !isConnection(parentType)) {
          const size = listLength(selection, 'ids') ?? defaultListSize;
          total += size + size * below;
        } else {
          // A single object, or a connection's edges/nodes (already counted).
          total += below;
        }
      }
    }
    return total;
  };

  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  return cost(operation.selectionSet, root);
}

export function nodeLimitError(found: number, maxNodes: number) {
  return limitError(
    'QUERY_TOO_COMPLEX',
    `This query may return up to ${found} nodes; the limit is ${maxNodes}. Ask for smaller pages (first/last) or fewer nested lists.`,
    maxNodes,
    found,
  );
}

/** graphql-js refuses a document past `maxTokens` with a syntax error; this names the limit. */
export function tokenLimitError(error: unknown, maxTokens: number): GraphQLError | undefined {
  if (error instanceof GraphQLError && /Document contains more th\w+ \d+ tokens/.test(error.message)) {
    return limitError('TOKEN_LIMIT', `The document has more than ${maxTokens} tokens; the limit is ${maxTokens}.`, maxTokens);
  }
  return undefined;
}

/**
 * Page sizes: `first`/`last` of every connection the operation asks for, from 1
 * to `maxPageSize`, and not both on one field (docs/configuration.md). Checked
 * before anything runs, with the variables; undefined when they are fine (or
 * the variables are invalid: execution refuses them itself).
 */
export function pageSizeError(
  schema: GraphQLSchema,
  sized: SizedConnections | null,
  rawVariables: Record<string, unknown> | null | undefined,
  maxPageSize: number,
): GraphQLError | undefined {
  if (!sized?.length) return undefined;
  const coerced = getVariableValues(schema, sized.variableDefinitions, rawVariables ?? {});
  if (coerced.errors) return undefined;
  for (const sizes of sized) {
    const given = sizes
      .map((argument) => ({ argument, value: valueFromAST(argument.value, GraphQLInt, coerced.coerced) }))
      .filter(({ value }) => value !== null && value !== undefined);
    if (given.length === 2) return pageSizeArgumentError(given[1]!.argument, 'give first or last, not both');
    for (const { argument, value } of given) {
      if (typeof value !== 'number' || value < 1 || value > maxPageSize)
        return pageSizeArgumentError(argument, `must be an integer from 1 to ${maxPageSize}`);
    }
  }
  return undefined;
}

function pageSizeArgumentError(argument: ArgumentNode, message: string) {
  return new GraphQLError(`${argument.name.value}: ${message}`, {
    nodes: [argument],
    extensions: { code: 'BAD_USER_INPUT', status: 400, field: argument.name.value, http: { status: 400, spec: false } },
  });
}

/** Per connection field an operation asks for (in document order), its `first`/`last` arguments; with the operation's variables. */
export type SizedConnections = ArgumentNode[][] & { variableDefinitions: readonly VariableDefinitionNode[] };

/** The connections the operation sizes: they depend on the document alone (its caller keeps them per document). */
export function sizedConnections(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined) {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);

  // The operation and the fragments it reaches: the only selections that run.
  const reached: ASTNode[] = [operation];
  const seen = new Set<string>();
  for (let i = 0; i < reached.length; i++) {
    visit(reached[i]!, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !seen.has(fragment.name.value)) seen.add(fragment.name.value), reached.push(fragment);
      },
    });
  }

  const sized = Object.assign([] as ArgumentNode[][], { variableDefinitions: operation.variableDefinitions ?? [] });
  const typeInfo = new TypeInfo(schema);
  for (const node of reached) {
    visit(
      node,
      visitWithTypeInfo(typeInfo, {
        Field(field) {
          const type = typeInfo.getType();
          if (!type || !isConnection(getNamedType(type))) return;
          const sizes = ['first', 'last']
            .map((name) => field.arguments?.find((a) => a.name.value === name))
            .filter((a): a is ArgumentNode => a !== undefined);
          if (sizes.length) sized.push(sizes);
        },
      }),
    );
  }
  return sized;
}
