// Converts between REST and GraphQL spellings using the schema's own types, so
// no route maps fields by hand: REST enum values ("share-link") are the
// internal values of GraphQL enums (SHARE_LINK), query strings are parsed by
// the type of the variable they fill, and results get their REST enum values.
import {
  Kind, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, isAbstractType, typeFromAST,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema,
  type GraphQLObjectType, type OperationDefinitionNode, type SelectionSetNode, type GraphQLNamedType,
} from 'graphql';
import { badRequest } from '../errors.js';

export interface PreparedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Variable name → its GraphQL input type. */
  variables: Map<string, GraphQLInputType>;
}

export function prepareOperation(schema: GraphQLSchema, document: DocumentNode): PreparedOperation {
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation) throw new Error('document has no operation');
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((f) => [f.name.value, f]),
  );
  const variables = new Map(
    (operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, typeFromAST(schema, v.type as never) as GraphQLInputType]),
  );
  return { document, operation, fragments, variables };
}

/** A REST value (JSON body member or already-parsed query value) as a GraphQL variable value. */
export function toGraphQLInput(type: GraphQLInputType, value: unknown, field: string): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return toGraphQLInput(type.ofType, value, field);
  if (isListType(type)) {
    return Array.isArray(value) ? value.map((v, i) => toGraphQLInput(type.ofType, v, `${field}[${i}]`)) : toGraphQLInput(type.ofType, value, field);
  }
  if (isEnumType(type)) {
    const match = type.getValues().find((v) => v.value === value);
    if (!match) throw badRequest(`must be one of ${type.getValues().map((v) => JSON.stringify(v.value)).join(', ')}`, field);
    return match.name;
  }
  if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        if (!fields[k]) throw badRequest('is not a known field', field ? `${field}.${k}` : k);
        return [k, toGraphQLInput(fields[k].type, v, field ? `${field}.${k}` : k)];
      }),
    );
  }
  return value;
}

/** Parses a query-string value by the type of the variable it fills. */
export function parseQueryValue(type: GraphQLInputType, raw: string | string[], field: string): unknown {
  const named = isNonNullType(type) ? type.ofType : type;
  if (isListType(named)) {
    const items = (Array.isArray(raw) ? raw : raw.split(',')).filter((s) => s !== '');
    return items.map((item) => parseQueryValue(named.ofType, item, field));
  }
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  switch ((named as GraphQLNamedType).name) {
    case 'Boolean':
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw badRequest('must be true or false', field);
    case 'Int': {
      if (!/^-?\d+$/.test(value)) throw badRequest('must be an integer', field);
      return Number(value);
    }
    case 'Float': {
      const n = Number(value);
      if (value.trim() === '' || Number.isNaN(n)) throw badRequest('must be a number', field);
      return n;
    }
    default:
      return value;
  }
}

/** Rewrites GraphQL enum names in an execution result to their REST values, in place. */
export function restEnumsInResult(schema: GraphQLSchema, prepared: PreparedOperation, data: Record<string, unknown>) {
  const root = prepared.operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  walkSelection(schema, prepared.fragments, root!, prepared.operation.selectionSet, data);
}

function walkSelection(
  schema: GraphQLSchema, fragments: Record<string, FragmentDefinitionNode>, type: GraphQLObjectType,
  selectionSet: SelectionSetNode, data: Record<string, unknown>,
) {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const key = selection.alias?.value ?? name;
      const fieldType = type.getFields()[name]?.type;
      if (fieldType && key in data) data[key] = walkValue(schema, fragments, fieldType, selection.selectionSet, data[key]);
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
      const concrete = isObjectType(condition) ? condition : type;
      walkSelection(schema, fragments, concrete, fragment.selectionSet, data);
    }
  }
}

function walkValue(
  schema: GraphQLSchema, fragments: Record<string, FragmentDefinitionNode>, type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined, value: unknown,
): unknown {
  if (value === null || value === undefined) return value;
  if (isNonNullType(type)) return walkValue(schema, fragments, type.ofType, selectionSet, value);
  if (isListType(type)) return (value as unknown[]).map((v) => walkValue(schema, fragments, type.ofType, selectionSet, v));
  if (isEnumType(type)) return type.getValue(value as string)?.value ?? value;
  if (selectionSet && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const concrete = isAbstractType(type) ? schema.getType(String(record.__typename)) : type;
    if (isObjectType(concrete)) walkSelection(schema, fragments, concrete, selectionSet, record);
  }
  return value;
}
