// The schema's conventions (docs/graphql.md), checked on the printed schema:
// `npm run schema:lint [file]` (part of `npm run check`) exits 1 on a violation.
//  - every type, field, argument, input field and enum value has a description;
//  - a deprecation gives its reason;
//  - enum values are UPPER_CASE (an older lower-case name may stay while deprecated);
//  - connections: `<Name>Connection` over `<Name>Edge` whose node's type name ends
//    `<Name>`, with `edges`, `pageInfo: PageInfo!` and `totalCount: Int!`; fields
//    answering one take `first`, `after`, `last`, `before`;
//  - mutations take one argument, `input: <Mutation>Input!`, and answer `<Mutation>Payload!`,
//    both carrying `clientMutationId`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_DEPRECATION_REASON,
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isNonNullType,
  isObjectType,
  isSpecifiedScalarType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';

const CONNECTION_ARGS = ['first', 'after', 'last', 'before'];
const capitalize = (name: string) => name[0].toUpperCase() + name.slice(1);
const described = (thing: { description?: string | null }) => Boolean(thing.description?.trim());

function deprecationProblems(coordinate: string, thing: { deprecationReason?: string | null }) {
  const reason = thing.deprecationReason;
  return reason != null && (!reason.trim() || reason === DEFAULT_DEPRECATION_REASON) ? [`${coordinate}: deprecated without a reason`] : [];
}

function descriptionProblems(type: GraphQLNamedType): string[] {
  const problems: string[] = [];
  const need = (coordinate: string, thing: { description?: string | null }) => {
    if (!described(thing)) problems.push(`${coordinate}: no description`);
  };
  need(type.name, type);
  if (isObjectType(type) || isInterfaceType(type)) {
    for (const field of Object.values(type.getFields())) {
      need(`${type.name}.${field.name}`, field);
      problems.push(...deprecationProblems(`${type.name}.${field.name}`, field));
      for (const arg of field.args) {
        need(`${type.name}.${field.name}(${arg.name}:)`, arg);
        problems.push(...deprecationProblems(`${type.name}.${field.name}(${arg.name}:)`, arg));
      }
    }
  } else if (isInputObjectType(type)) {
    for (const field of Object.values(type.getFields())) {
      need(`${type.name}.${field.name}`, field);
      problems.push(...deprecationProblems(`${type.name}.${field.name}`, field));
    }
  } else if (isEnumType(type)) {
    for (const value of type.getValues()) {
      need(`${type.name}.${value.name}`, value);
      if (!/^[A-Z][A-Z0-9_]*$/.test(value.name) && value.deprecationReason == null)
        problems.push(`${type.name}.${value.name}: enum values are UPPER_CASE (deprecate an old name beside its new one)`);
      problems.push(...deprecationProblems(`${type.name}.${value.name}`, value));
    }
  }
  return problems;
}

const looksLikeConnection = (type: GraphQLObjectType) =>
  type.name.endsWith('Connection') || ('edges' in type.getFields() && 'pageInfo' in type.getFields());

function connectionProblems(type: GraphQLObjectType): string[] {
  const fields = type.getFields();
  const problems: string[] = [];
  if (!type.name.endsWith('Connection')) problems.push(`${type.name}: a connection type's name ends with "Connection"`);
  const prefix = type.name.replace(/Connection$/, '');
  if (String(fields.pageInfo?.type) !== 'PageInfo!') problems.push(`${type.name}.pageInfo: must be PageInfo!`);
  if (String(fields.totalCount?.type) !== 'Int!') problems.push(`${type.name}.totalCount: every connection has totalCount: Int!`);
  const edge = fields.edges && getNamedType(fields.edges.type);
  if (!edge || !isObjectType(edge)) return [...problems, `${type.name}.edges: missing`];
  if (edge.name !== `${prefix}Edge`) problems.push(`${type.name}.edges: its edge type is named ${prefix}Edge, not ${edge.name}`);
  const node = edge.getFields().node && getNamedType(edge.getFields().node.type);
  if (!node) problems.push(`${edge.name}.node: missing`);
  else if (!prefix.endsWith(node.name))
    problems.push(`${type.name}: a connection is named after its node: ${node.name}Connection (or a qualified …${node.name}Connection)`);
  if (!edge.getFields().cursor) problems.push(`${edge.name}.cursor: missing`);
  return problems;
}

function connectionFieldProblems(parent: GraphQLObjectType, field: GraphQLField<unknown, unknown>): string[] {
  const type = getNamedType(field.type);
  if (!isObjectType(type) || !looksLikeConnection(type)) return [];
  const args = new Set(field.args.map((a) => a.name));
  const missing = CONNECTION_ARGS.filter((name) => !args.has(name));
  return missing.length ? [`${parent.name}.${field.name}: a connection field takes ${missing.join(', ')}`] : [];
}

function mutationProblems(field: GraphQLField<unknown, unknown>): string[] {
  const name = `Mutation.${field.name}`;
  const problems: string[] = [];
  const input = field.args[0];
  if (field.args.length !== 1 || input.name !== 'input') problems.push(`${name}: a mutation takes one argument, \`input\``);
  else {
    const expected = `${capitalize(field.name)}Input`;
    if (String(input.type) !== `${expected}!`) problems.push(`${name}(input:): must be ${expected}!`);
    const inputType = getNamedType(input.type);
    if (isInputObjectType(inputType) && !inputType.getFields().clientMutationId) problems.push(`${inputType.name}: no clientMutationId`);
  }
  const payload = `${capitalize(field.name)}Payload`;
  if (!isNonNullType(field.type) || String(field.type) !== `${payload}!`) problems.push(`${name}: must answer ${payload}!`);
  const payloadType = getNamedType(field.type);
  if (isObjectType(payloadType) && !payloadType.getFields().clientMutationId) problems.push(`${payloadType.name}: no clientMutationId`);
  return problems;
}

/** Every violation of the conventions, one line each; empty when the schema follows them. */
export function lintSchema(schema: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    problems.push(...descriptionProblems(type));
    if (!isObjectType(type)) continue;
    if (looksLikeConnection(type)) problems.push(...connectionProblems(type));
    for (const field of Object.values(type.getFields())) problems.push(...connectionFieldProblems(type, field));
  }
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) problems.push(...mutationProblems(field));
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2] ?? 'schema.graphql';
  const problems = lintSchema(buildSchema(readFileSync(file, 'utf8')));
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length) {
    console.error(`${problems.length} schema convention problem(s): see docs/graphql.md.`);
    process.exit(1);
  }
  console.log(`${file} follows the schema conventions.`);
}
