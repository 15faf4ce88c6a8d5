// Converts between REST and GraphQL spellings using the schema's own types, so
// no route maps fields by hand: REST enum values ("share-link") are the
// internal values of GraphQL enums (SHARE_LINK), query strings are parsed by
// the type of the variable they fill, and results get their REST enum values.
import {
  Kind,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type GraphQLNamedType,
} from 'graphql';
import { badRequest } from '../errors.js';

export interface PreparedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  fragments: Record<string, FragmentDefinitionNode>;
  /** Variable name → its GraphQL input type. */
  variables: Map<string, GraphQLInputType>;
  /** Rewrites a result's enums to REST values (planned on first use, see restEnumsInResult). */
  convertResult?: (data: Record<string, unknown>) => unknown;
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
    return Array.isArray(value)
      ? value.map((v, i) => toGraphQLInput(type.ofType, v, `${field}[${i}]`))
      : toGraphQLInput(type.ofType, value, field);
  }
  if (isEnumType(type)) {
    const match = type.getValues().find((v) => v.value === value);
    if (!match) throw badRequest(`must be one of ${[...new Set(type.getValues().map((v) => JSON.stringify(v.value)))].join(', ')}`, field);
    return match.name;
  }
  if (isInputObjectType(type) && typeof value === 'object' && !Array.isArray(value)) {
    const fields = type.getFields();
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => {
        // Own fields only: `toString` or `__proto__` in a body are unknown fields, not Object.prototype's.
        if (!Object.hasOwn(fields, k)) throw badRequest('is not a known field', field ? `${field}.${k}` : k);
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

/** Rewrites a value of the result in place (or returns its replacement). */
type Convert = (value: unknown) => unknown;

/**
 * Rewrites GraphQL enum names in an execution result to their REST values, in place.
 * The walk is planned once per operation from its selections and types: at run time
 * it visits only the fields that lead to an enum, not every field of every item.
 */
export function restEnumsInResult(schema: GraphQLSchema, prepared: PreparedOperation, data: Record<string, unknown>) {
  prepared.convertResult ??= planResult(schema, prepared);
  prepared.convertResult(data);
}

function planResult(schema: GraphQLSchema, prepared: PreparedOperation): Convert {
  const root = prepared.operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  return planObject(schema, prepared.fragments, root!, prepared.operation.selectionSet) ?? ((data) => data);
}

/** The fields of a selection on `type` whose values need converting, with their converters. */
function planFields(
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  steps: { key: string; convert: Convert }[] = [],
) {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (name.startsWith('__')) continue;
      const fieldType = type.getFields()[name]?.type;
      const convert = fieldType && planValue(schema, fragments, fieldType, selection.selectionSet);
      if (convert) steps.push({ key: selection.alias?.value ?? name, convert });
    } else {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
      planFields(schema, fragments, isObjectType(condition) ? condition : type, fragment.selectionSet, steps);
    }
  }
  return steps;
}

function planObject(
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
): Convert | null {
  const steps = planFields(schema, fragments, type, selectionSet);
  if (steps.length === 0) return null;
  return (value) => {
    const record = value as Record<string, unknown>;
    for (const { key, convert } of steps) if (key in record) record[key] = convert(record[key]);
    return value;
  };
}

function planValue(
  schema: GraphQLSchema,
  fragments: Record<string, FragmentDefinitionNode>,
  type: GraphQLOutputType,
  selectionSet: SelectionSetNode | undefined,
): Convert | null {
  if (isNonNullType(type)) return planValue(schema, fragments, type.ofType, selectionSet);
  let convert: Convert | null = null;
  if (isListType(type)) {
    const item = planValue(schema, fragments, type.ofType, selectionSet);
    if (item) convert = (value) => (value as unknown[]).map(item);
  } else if (isEnumType(type)) {
    const restValues = new Map(type.getValues().map((v) => [v.name, v.value]));
    convert = (value) => (restValues.has(value as string) ? restValues.get(value as string) : value);
  } else if (selectionSet && isObjectType(type)) {
    const object = planObject(schema, fragments, type, selectionSet);
    if (object) convert = (value) => (typeof value === 'object' ? object(value) : value);
  } else if (selectionSet && isAbstractType(type)) {
    // The concrete type is known only from each value's __typename: plan per type, once.
    const byType = new Map<string, Convert | null>();
    convert = (value) => {
      if (typeof value !== 'object') return value;
      const typename = String((value as Record<string, unknown>).__typename);
      if (!byType.has(typename)) {
        const concrete = schema.getType(typename);
        byType.set(typename, isObjectType(concrete) ? planObject(schema, fragments, concrete, selectionSet) : null);
      }
      return byType.get(typename)?.(value) ?? value;
    };
  }
  return convert && ((value) => (value === null || value === undefined ? value : convert(value)));
}
