// Quire's own OpenAPI 3.1 document of the /v1 routes it serves, generated from
// the route table and the GraphQL types: nothing in it is written per route.
// A route's path parameters, query parameters and body come from its
// operation's variables (router.ts fills them by name), its answer from the
// operation's selections (responseSchema.ts), its deprecation from the GraphQL
// fields it runs.
import {
  Kind,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type ValueNode,
  type SelectionSetNode,
} from 'graphql';
import { prepareOperation, type PreparedOperation } from '../rest/codec.js';
import { pathParamsOf, siblingPathParams, type RouteSpec } from '../rest/router.js';
import { inputObjectSchema, inputSchema, queryValueSchema, type JsonSchema } from './jsonSchema.js';
import { selectedFields, valueSchema, type SelectionContext } from './responseSchema.js';
import { reshapedSchema } from './reshape.js';
import { tagOfPath, tagSpecs, otherTag } from './tags.js';

export interface DocumentOptions {
  /** Base URL of the /v1 API, e.g. http://localhost:4000/v1. */
  serverUrl: string;
  version: string;
}

/** REST names of the paging variables (router.ts). */
const restNames: Record<string, string> = { first: 'limit', after: 'page' };
const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);
/** Paging and share keys ride in the query string whatever the method (a POST search pages like a GET list). */
const queryVariables = new Set(['first', 'after', 'shareKey']);

export const errorSchema: JsonSchema = {
  type: 'object',
  description: 'Every refusal: the HTTP status and what went wrong (a field at fault is named first: `title: …`).',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'integer', description: 'The HTTP status.' }, message: { type: 'string' } },
      required: ['code', 'message'],
      additionalProperties: false,
    },
  },
  required: ['error'],
  additionalProperties: false,
};

/** Refusals every route may answer (the `default` response covers the rarer ones: 409, 412, 413, 503…). */
const errorResponses: Record<string, string> = {
  400: 'Invalid request: a parameter or body member is missing or malformed (the message names it).',
  401: 'No valid API token.',
  403: 'The token may see the resource but not do this (or lacks the scope).',
  404: 'No such resource, or the token may not see it.',
  429: 'Rate limit exceeded: retry after the Retry-After header.',
};

export function buildOpenApiDocument(schema: GraphQLSchema, routes: RouteSpec[], options: DocumentOptions) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared = { components: { Error: errorSchema } as Record<string, JsonSchema>, componentSources: new Map<string, string>() };
  const operationIds = new Set<string>();
  for (const route of routes) {
    const [method, path] = route;
    const openApiPath = toOpenApiPath(path);
    const operation = operationOf(schema, route, siblingPathParams(routes, route), shared);
    // One GraphQL operation may serve several routes (a space's and a collection's permissions):
    // the second and later take their path's static segments after the operation's name.
    if (operationIds.has(operation.operationId)) operation.operationId += `At${pascalPath(path)}`;
    operationIds.add(operation.operationId);
    (paths[openApiPath] ??= {})[method.toLowerCase()] = operation;
  }
  const errorRef = { $ref: '#/components/responses/Error' };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Quire REST API',
      version: options.version,
      license: { name: 'MIT', identifier: 'MIT' },
      description:
        'The /v1 routes Quire serves, generated from its route table and GraphQL schema. Each route runs a GraphQL ' +
        'operation against the same schema as /graphql. Lists answer `{next:{page}, count, items}`; pass `page` and ' +
        '`limit` (at most 1000) to page through them.',
    },
    servers: [{ url: options.serverUrl }],
    security: [{ bearer: [] }],
    tags: declaredTags(paths),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API token: `Authorization: Bearer qt_…` (see docs/tokens.md).' },
      },
      schemas: usedSchemas(paths, shared.components),
      responses: {
        Error: { description: 'Refused', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ...Object.fromEntries(
          Object.entries(errorResponses).map(([status, description]) => [`Error${status}`, { ...errorRef, description }]),
        ),
      },
    },
  };
}

/**
 * The shared schemas the operations reach, directly or through others: a fragment's
 * component whose routes all reshape their answer (a single item, a tree) is left out.
 */
function usedSchemas(paths: unknown, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const used = new Set<string>(['Error']);
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    // An array's entries are its members too.
    for (const [key, member] of Object.entries(value)) {
      const name = key === '$ref' && typeof member === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(member)?.[1] : undefined;
      if (name && !used.has(name) && components[name]) {
        used.add(name);
        visit(components[name]);
      } else visit(member);
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(components).filter(([name]) => used.has(name)));
}

/** The tags the operations use, in the order of ./tags.ts, each with its description. */
function declaredTags(paths: Record<string, Record<string, unknown>>) {
  const used = new Set(
    Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((op) => (op as { tags: string[] }).tags)),
  );
  return [...tagSpecs, otherTag].filter((tag) => used.has(tag.name)).map(({ name, description }) => ({ name, description }));
}

export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `ListTeams` → `listTeams`. */
/** `/spaces/:spaceId/change-requests/:id/comments` → `SpacesChangeRequestsComments`. */
const pascalPath = (path: string) =>
  path
    .split('/')
    .filter((s) => s && !s.startsWith(':'))
    .map((s) => s.replace(/(^|-)(\w)/g, (_, _d: string, c: string) => c.toUpperCase()))
    .join('');
const operationIdOf = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
/** `ListTeams` → `List teams`. */
const summaryOf = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);

function operationOf(
  schema: GraphQLSchema,
  [method, path, document, options = {}]: RouteSpec,
  foreign: Set<string>,
  shared: Pick<SelectionContext, 'components' | 'componentSources'>,
) {
  const prepared = prepareOperation(schema, document);
  const name = prepared.operation.name?.value ?? `${method} ${path}`;
  const ctx: SelectionContext = { schema, fragments: prepared.fragments, ...shared };
  const pathParams = pathParamsOf(path);
  const args = argumentsOfVariables(ctx, prepared);
  const answer = answerOf(ctx, prepared, options.whole ?? false);

  const parameters: unknown[] = pathParams.map((param) => ({
    name: param,
    in: 'path',
    required: true,
    schema: { type: 'string' },
    ...describe(args.get(param)),
  }));
  const bodyVariables: [string, GraphQLInputType][] = [];
  for (const [variable, type] of prepared.variables) {
    if (pathParams.includes(variable) || foreign.has(variable) || variable === 'input') continue;
    if (bodyMethods.has(method) && !queryVariables.has(variable)) bodyVariables.push([variable, type]);
    else
      parameters.push({
        name: restNames[variable] ?? variable,
        in: 'query',
        required: isNonNullType(type),
        schema: queryValueSchema(type),
        ...describe(args.get(variable)),
      });
  }

  // GET and DELETE carry no body (the router reads none for them).
  let body = bodyMethods.has(method) ? requestBodyOf(prepared, [...pathParams, ...foreign], bodyVariables) : undefined;
  if (body && options.bodySchema) body = options.bodySchema(body);
  const deprecated = !!options.deprecated || answer.path.some((f) => f.deprecationReason) || undefined;
  const description = [...answer.path].reverse().find((f) => f.description)?.description;

  return {
    operationId: operationIdOf(name),
    summary: summaryOf(name),
    ...(description ? { description } : {}),
    tags: [tagOfPath(path).name],
    ...(deprecated ? { deprecated } : {}),
    'x-graphql-operation': name,
    parameters,
    ...(body
      ? {
          requestBody: {
            required: Array.isArray(body.required) && body.required.length > 0,
            content: { 'application/json': { schema: body } },
          },
        }
      : {}),
    responses: {
      ...successResponses(answer, options, ctx.components),
      ...Object.fromEntries(Object.keys(errorResponses).map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

const describe = (field?: { description?: string | null; deprecationReason?: string | null }) => ({
  ...(field?.description ? { description: field.description } : {}),
  ...(field?.deprecationReason ? { deprecated: true } : {}),
});

function requestBodyOf(
  prepared: PreparedOperation,
  pathParams: string[],
  bodyVariables: [string, GraphQLInputType][],
): JsonSchema | undefined {
  const input = prepared.variables.get('input');
  if (input) return inputObjectSchema(input, new Set(), new Set([...pathParams, 'clientMutationId']));
  if (bodyVariables.length === 0) return undefined;
  const properties = Object.fromEntries(bodyVariables.map(([name, type]) => [name, inputSchema(type)]));
  const required = bodyVariables.filter(([, type]) => isNonNullType(type)).map(([name]) => name);
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The arguments each variable fills (for their descriptions). */
function argumentsOfVariables(ctx: SelectionContext, prepared: PreparedOperation) {
  const found = new Map<string, { description?: string | null; deprecationReason?: string | null }>();
  const visit = (type: GraphQLObjectType, selectionSet: SelectionSetNode) => {
    for (const field of selectedFields(ctx, type, selectionSet).values()) {
      if (!field.definition) continue;
      const fieldNodeArgs = argumentNodes(selectionSet, field.name);
      for (const arg of fieldNodeArgs) {
        const variable = variableOf(arg.value);
        const definition = field.definition.args.find((a) => a.name === arg.name);
        if (variable && definition && !found.has(variable)) found.set(variable, definition);
      }
      let inner = field.definition.type;
      while ('ofType' in inner) inner = inner.ofType as typeof inner;
      if (isObjectType(inner) && field.selectionSet) visit(inner, field.selectionSet);
    }
  };
  const root = rootType(ctx.schema, prepared);
  visit(root, prepared.operation.selectionSet);
  return found;
}

/** The arguments given to `fieldName` in a selection set (fragments included). */
function argumentNodes(selectionSet: SelectionSetNode, fieldName: string): { name: string; value: ValueNode }[] {
  return selectionSet.selections.flatMap((s) =>
    s.kind === Kind.FIELD && s.name.value === fieldName ? (s.arguments ?? []).map((a) => ({ name: a.name.value, value: a.value })) : [],
  );
}

const variableOf = (value: ValueNode) => (value.kind === Kind.VARIABLE ? value.name.value : undefined);

const rootType = (schema: GraphQLSchema, prepared: PreparedOperation) =>
  (prepared.operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType())!;

interface Answer {
  schema: JsonSchema;
  /** The answer is a bare Boolean (no body: 204, or what the route's status picks from it). */
  boolean: boolean;
  /** The answer is a list (the route's `item` shapes its items). */
  list: boolean;
  /** The fields followed from the root down to the answer. */
  path: GraphQLField<unknown, unknown>[];
}

/** router.ts resourceOf, statically: follow single-member selections down to the resource. */
function answerOf(ctx: SelectionContext, prepared: PreparedOperation, whole: boolean): Answer {
  let type: GraphQLObjectType = rootType(ctx.schema, prepared);
  let selectionSet = prepared.operation.selectionSet;
  const path: GraphQLField<unknown, unknown>[] = [];
  const objectAnswer = (): Answer => {
    const schema = valueSchema(ctx, type, selectionSet);
    const properties = schema.properties as Record<string, unknown> | undefined;
    return { schema, boolean: false, list: !!properties && 'items' in properties && 'count' in properties, path };
  };
  if (whole) return objectAnswer();
  for (;;) {
    const fields = selectedFields(ctx, type, selectionSet);
    if (fields.size !== 1) return objectAnswer();
    const [field] = fields.values();
    if (!field.definition) return objectAnswer();
    path.push(field.definition);
    let fieldType = field.definition.type;
    if (isNonNullType(fieldType)) fieldType = fieldType.ofType;
    if (!isObjectType(fieldType) || !field.selectionSet) {
      const boolean = isScalarType(fieldType) && fieldType.name === 'Boolean';
      return { schema: valueSchema(ctx, fieldType, field.selectionSet), boolean, list: false, path };
    }
    type = fieldType;
    selectionSet = field.selectionSet;
  }
}

function successResponses(answer: Answer, options: NonNullable<RouteSpec[3]>, components: Record<string, JsonSchema>) {
  const statuses = new Set<number>();
  if (typeof options.status === 'number') statuses.add(options.status);
  else if (typeof options.status === 'function' && answer.boolean) for (const b of [true, false]) statuses.add(options.status(b as never));
  // A status chosen from a resource answer: "created or updated" (201 or 200).
  else if (typeof options.status === 'function') for (const status of [200, 201]) statuses.add(status);
  else statuses.add(answer.boolean ? 204 : 200);
  let schema = answer.schema;
  if (answer.list && options.item) {
    const properties = schema.properties as Record<string, JsonSchema>;
    const item = resolveRef((properties.items as JsonSchema).items as JsonSchema, components);
    const items = { ...properties.items, items: reshapedSchema(options.item, item, (s) => resolveRef(s, components)) };
    schema = { ...schema, properties: { ...properties, items } };
  }
  // A single answer reshaped per route: its schema says how, else only that it is an object.
  if (!answer.list && options.single) {
    schema = options.singleSchema
      ? options.singleSchema(resolveRef(schema, components), (s) => resolveRef(s, components), components)
      : { type: 'object', description: 'Reshaped for REST by the route (src/rest/routes.ts).' };
  }
  const out: Record<string, unknown> = {};
  for (const status of [...statuses].sort()) {
    const noBody = answer.boolean || status === 204 || status === 205;
    out[status] = noBody
      ? { description: status === 205 ? 'Deleted' : status === 204 && statuses.has(205) ? 'There was nothing to delete' : 'Done' }
      : { description: status === 201 ? 'Created' : 'OK', content: { 'application/json': { schema } } };
  }
  return out;
}

/** The schema a local `$ref` points at. */
function resolveRef(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/')
    ? (components[ref.slice('#/components/schemas/'.length)] ?? schema)
    : schema;
}
