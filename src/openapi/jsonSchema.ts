// GraphQL input types as the JSON Schemas of the REST values that fill them:
// enums take their REST values (the enum values' internal values, see
// rest/codec.ts), input objects refuse unknown members as the adapter does.
import {
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLEnumType,
  type GraphQLInputType,
  type GraphQLScalarType,
} from 'graphql';

export type JsonSchema = Record<string, unknown>;

/** JSON Schemas of the schema's scalars; a scalar missing here is documented as any JSON value. */
const scalarSchemas: Record<string, JsonSchema> = {
  ID: { type: 'string' },
  String: { type: 'string' },
  Int: { type: 'integer' },
  Float: { type: 'number' },
  Boolean: { type: 'boolean' },
  DateTime: { type: 'string', format: 'date-time' },
  JSON: {},
};

export function scalarSchema(type: GraphQLScalarType): JsonSchema {
  const known = scalarSchemas[type.name];
  return known ? { ...known } : type.description ? { description: type.description } : {};
}

export function enumSchema(type: GraphQLEnumType): JsonSchema {
  // A value may have two names (an upper-case one beside its deprecated old one): listed once.
  return { type: 'string', enum: [...new Set(type.getValues().map((v) => v.value))] };
}

/** `schema` or null. */
export const orNull = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/** Schema of a REST value filling a GraphQL input of `type` (nullable inputs accept null). */
export function inputSchema(type: GraphQLInputType, seen: ReadonlySet<string> = new Set()): JsonSchema {
  if (isNonNullType(type)) return nonNullInputSchema(type.ofType, seen);
  const schema = nonNullInputSchema(type, seen);
  return Object.keys(schema).length === 0 ? schema : orNull(schema);
}

/** Schema of a query-string value filling `type` (a query parameter is absent rather than null). */
export const queryValueSchema = (type: GraphQLInputType) => nonNullInputSchema(type, new Set());

function nonNullInputSchema(type: GraphQLInputType, seen: ReadonlySet<string>): JsonSchema {
  if (isNonNullType(type)) return nonNullInputSchema(type.ofType, seen);
  if (isListType(type)) return { type: 'array', items: inputSchema(type.ofType, seen) };
  if (isEnumType(type)) return enumSchema(type);
  if (isScalarType(type)) return scalarSchema(type);
  // A recursive input type is documented one level deep, then as any object.
  if (seen.has(type.name)) return { type: 'object' };
  return inputObjectSchema(type, new Set([...seen, type.name]));
}

/**
 * The members of an input object; `omit` names members the request does not
 * send in that object (path parameters, clientMutationId).
 */
export function inputObjectSchema(
  type: GraphQLInputType,
  seen: ReadonlySet<string> = new Set(),
  omit: ReadonlySet<string> = new Set(),
): JsonSchema {
  if (isNonNullType(type)) return inputObjectSchema(type.ofType, seen, omit);
  if (!isInputObjectType(type)) return nonNullInputSchema(type, seen);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (omit.has(field.name)) continue;
    const schema = inputSchema(field.type, seen);
    if (field.description) schema.description = field.description;
    if (field.deprecationReason) schema.deprecated = true;
    properties[field.name] = schema;
    if (isNonNullType(field.type) && field.defaultValue === undefined) required.push(field.name);
  }
  return {
    type: 'object',
    ...(type.description ? { description: type.description } : {}),
    properties,
    ...(required.length ? { required } : {}),
    additionalProperties: false,
  };
}
