// The REST adapter: matches a /v1 route, authenticates, turns path, query and
// body into the variables of the route's GraphQL operation, runs it against
// the same schema as /graphql (a mutation's `input` takes the body's members and
// the path parameters), and dresses the answer in REST clothes. It holds
// no business rule: every decision is the GraphQL layer's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { AppError, UnavailableError, badRequest, databaseUnavailable, unauthenticated, type ErrorStatus } from '../errors.js';
import { MAX_PAGE_SIZE } from '../validate.js';
import { prepareOperation, parseQueryValue, restEnumsInResult, toGraphQLInput, type PreparedOperation } from './codec.js';
import { toRest } from './shape.js';
import { bearerChallenge } from '../http/respond.js';
import { sendImmutableRepresentation, sendRepresentation } from '../http/etag.js';
import { fieldWithUnstorableText, unstorableTextMessage } from '../text.js';
import type { Context } from '../context.js';
import type { Actor } from '../policy/actor.js';
import { withOperationGrants } from '../graphql/grants.js';
import { noteWrite } from '../graphql/readRouting.js';
import { tracedExecute } from '../graphql/tracing.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RouteOptions {
  /**
   * Success status; default 200 (204 when the operation answers a bare Boolean).
   * A function picks it from the answer, e.g. deletes: 205 when something was deleted, 204 when there was nothing.
   */
  status?: number | ((answer: never) => number);
  /** Answer the whole `data` rather than the resource it leads to. */
  whole?: boolean;
  /** Shapes each list item (REST items that nest a resource differently). */
  item?: (item: never) => unknown;
  /** Shapes a single (non-list) answer, after the generic REST dress (e.g. one of several public shapes). */
  single?: (answer: never) => unknown;
  /**
   * With `single`: the OpenAPI document's schema of the reshaped answer, from the one of the operation's answer (src/openapi);
   * it may register shared schemas in `components` (e.g. a recursive one).
   */
  singleSchema?: (
    answerSchema: Record<string, any>,
    resolve: (schema: Record<string, any>) => Record<string, any>,
    components: Record<string, any>,
  ) => Record<string, unknown>;
  /** A typed failure in the answer (e.g. merge conflicts) as an error response: status and message, or undefined when it succeeded. */
  failure?: (answer: never) => { status: ErrorStatus; message: string } | undefined;
  /** The route is kept for clients of an older form, which the public document deprecates (why, and what replaces it). */
  deprecated?: string;
  /** Served to callers without a token too (the operation decides what they get, e.g. resolving a published URL). */
  anonymous?: boolean;
  /** Reshapes the JSON body before it fills the operation's variables (REST shapes GraphQL input cannot take, e.g. a map). */
  body?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** With `body`: the OpenAPI document's schema of the REST body, from the one of the operation's input (src/openapi). */
  bodySchema?: (inputSchema: Record<string, unknown>) => Record<string, unknown>;
  /**
   * A GET whose answer never changes (it is addressed by immutable ids, e.g. a revision's): a strong ETag and a
   * year's freshness, `public, immutable` when the operation's resolvers found all its content public (noteAudience).
   */
  immutable?: boolean;
  /** A path parameter that may hold slashes, raw or encoded (a page path: clients send `a/b` or `a%2Fb`). */
  slashes?: string;
}
export type RouteSpec = [Method, string, DocumentNode, RouteOptions?];

/** `/spaces/:spaceId/comments/:commentId` → `['spaceId', 'commentId']`. */
export const pathParamsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/**
 * Ids a route does not take although its operation does: one GraphQL operation may serve
 * several routes (a space's and a collection's permissions), whose path parameters differ.
 * A route takes its own path's ids only, never another route's from its body or query.
 */
export function siblingPathParams(routes: RouteSpec[], [, path, document]: RouteSpec): Set<string> {
  const own = new Set(pathParamsOf(path));
  return new Set(
    routes
      .filter((r) => r[2] === document)
      .flatMap((r) => pathParamsOf(r[1]))
      .filter((p) => !own.has(p)),
  );
}

interface CompiledRoute {
  method: Method;
  path: string;
  pattern: RegExp;
  params: string[];
  prepared: PreparedOperation;
  options: RouteOptions;
  /** The path parameters of sibling routes (same operation), which this route does not take. */
  foreign: Set<string>;
}

/** A route's pattern: each parameter one segment (`slashes`: one or more), a trailing slash allowed. */
export const patternOf = (path: string, slashes?: string) =>
  new RegExp(`^${path.replace(/:(\w+)/g, (_, name: string) => (name === slashes ? '(.+)' : '([^/]+)'))}/?$`);

/** `/spaces/:spaceId/` → `['spaces', ':spaceId']` (a trailing slash is allowed, as the patterns allow it). */
const segmentsOf = (path: string) => (path.endsWith('/') ? path.slice(1, -1) : path.slice(1)).split('/');

/**
 * The routes a path may match, in table order, by its first segment and its number of segments
 * (a route whose parameter may hold slashes takes any number from its own up): a request tests a
 * few patterns, not the table's two hundred.
 */
export function routesByShape<R extends { path: string; options: Pick<RouteOptions, 'slashes'> }>(compiled: readonly R[]) {
  const longest = Math.max(...compiled.map((r) => segmentsOf(r.path).length));
  const shapes = new Map<string, R[]>();
  for (const route of compiled) {
    const segments = segmentsOf(route.path);
    const upTo = route.options.slashes ? longest + 1 : segments.length;
    for (let count = segments.length; count <= upTo; count++) {
      const key = `${segments[0]}/${count}`;
      shapes.set(key, [...(shapes.get(key) ?? []), route]);
    }
  }
  return (path: string): readonly R[] => {
    const segments = segmentsOf(path);
    return shapes.get(`${segments[0]}/${Math.min(segments.length, longest + 1)}`) ?? [];
  };
}

export interface RestDeps {
  schema: GraphQLSchema;
  authenticate(req: IncomingMessage): Promise<Actor | null>;
  /** The context of the request's operation. */
  context(req: IncomingMessage, actor: Actor | null): Context;
  /** The JSON body (undefined when empty), read within the server's limits (src/http/body.ts). */
  readBody(req: IncomingMessage): Promise<unknown>;
  /** Told which route pattern a request matched (metrics and logs). */
  onRoute?(req: IncomingMessage, path: string): void;
  onError(err: unknown): void;
}

export function createRestHandler(routes: RouteSpec[], deps: RestDeps) {
  const compiled = routes.map((route): CompiledRoute => {
    const [method, path, document, options = {}] = route;
    const errors = validate(deps.schema, document);
    if (errors.length) throw new Error(`REST operation for ${method} ${path} is invalid: ${errors[0].message}`);
    const foreign = siblingPathParams(routes, route);
    return {
      method,
      path,
      pattern: patternOf(path, options.slashes),
      params: pathParamsOf(path),
      prepared: prepareOperation(deps.schema, document),
      options,
      foreign,
    };
  });

  const candidatesOf = routesByShape(compiled);

  return async function handleRest(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams) {
    try {
      const matches = candidatesOf(path).filter((r) => r.pattern.test(path));
      if (matches.length === 0) throw new AppError(404, `No route for ${path}`);
      deps.onRoute?.(req, matches[0].path);
      const route = matches.find((r) => r.method === req.method);
      if (!route) {
        res.setHeader('Allow', matches.map((r) => r.method).join(', '));
        throw new AppError(405, `Method ${req.method} is not allowed on ${path}`);
      }
      const actor = await deps.authenticate(req);
      if (!actor && !(route.options.anonymous && !req.headers.authorization)) throw unauthenticated();
      const values = route.pattern.exec(path)!.slice(1);
      const params = Object.fromEntries(route.params.map((name, i) => [name, decodePathParam(name, values[i])]));
      const body = req.method === 'GET' || req.method === 'DELETE' ? undefined : await deps.readBody(req);
      const variableValues = variablesFor(route, params, query, body);
      const operation = { schema: deps.schema, document: route.prepared.document, variableValues };
      // The caller holds the operation's grants (its share keys…) before it runs.
      const contextValue = await withOperationGrants(deps.context(req, actor), operation);
      const result = await tracedExecute({ ...operation, contextValue });
      await noteWrite(contextValue, operation);
      if (result.errors?.length) throw toAppError(result.errors[0], deps.onError);
      const data = result.data as Record<string, unknown>;
      restEnumsInResult(deps.schema, route.prepared, data);
      const answer = route.options.whole ? data : resourceOf(data);
      const failure = route.options.failure?.(answer as never);
      if (failure) throw new AppError(failure.status, failure.message);
      const status = typeof route.options.status === 'function' ? route.options.status(answer as never) : route.options.status;
      if (typeof answer === 'boolean' || status === 204 || status === 205) return send(res, status ?? 204);
      const rest = toRest(answer, route.options.item);
      const shaped = route.options.single ? route.options.single(rest as never) : rest;
      if (req.method === 'GET' && (status ?? 200) === 200) {
        if (route.options.immutable) return sendImmutableRepresentation(req, res, shaped, contextValue.answerIsPublic === true);
        return sendRepresentation(req, res, shaped);
      }
      send(res, status ?? 200, shaped);
    } catch (err) {
      const error = err instanceof AppError ? err : toAppError(err, deps.onError);
      if (error.status === 401) res.setHeader('WWW-Authenticate', bearerChallenge(req.headers.authorization));
      if (error instanceof UnavailableError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
      send(res, error.status, { error: { code: error.status, message: error.message } });
    }
  };
}

/** Follows single-member objects down to the resource: {organization:{spaces:…}} → spaces. */
function resourceOf(data: unknown): unknown {
  let value = data;
  while (value && typeof value === 'object' && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.length !== 1) break;
    value = (value as Record<string, unknown>)[keys[0]];
  }
  return value;
}

function decodePathParam(name: string, raw: string) {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw badRequest('is not validly percent-encoded', name);
  }
}

/** 400 for text the database cannot take anywhere in the request's values (see text.ts). */
function rejectUnstorableText(params: Record<string, string>, query: URLSearchParams, body: Record<string, unknown>) {
  const field =
    Object.entries(params)
      .map(([name, value]) => fieldWithUnstorableText(value, name))
      .find(Boolean) ??
    [...query].map(([name, value]) => fieldWithUnstorableText(name, name) ?? fieldWithUnstorableText(value, name)).find(Boolean) ??
    fieldWithUnstorableText(body, '');
  if (field !== undefined) throw badRequest(unstorableTextMessage, field);
}

function variablesFor(
  { prepared, foreign, options }: CompiledRoute,
  params: Record<string, string>,
  query: URLSearchParams,
  body: unknown,
) {
  const reshape = options.body;
  const vars: Record<string, unknown> = {};
  const bodyObject = body === undefined ? {} : body;
  if (typeof bodyObject !== 'object' || bodyObject === null || Array.isArray(bodyObject))
    throw badRequest('The body must be a JSON object');
  const bodyFields = reshape ? reshape(bodyObject as Record<string, unknown>) : (bodyObject as Record<string, unknown>);
  rejectUnstorableText(params, query, bodyFields);
  const takesInput = prepared.variables.has('input');
  if (takesInput) {
    // The path names what the mutation acts on; the body may not name it again.
    for (const key of Object.keys(bodyFields)) {
      if (Object.hasOwn(params, key) || foreign.has(key) || key === 'clientMutationId') throw badRequest('is not a known field', key);
    }
  } else {
    for (const key of Object.keys(bodyFields)) {
      if (!prepared.variables.has(key) || Object.hasOwn(params, key) || foreign.has(key)) throw badRequest('is not a known field', key);
    }
  }
  for (const [name, type] of prepared.variables) {
    if (foreign.has(name)) continue;
    const restName = name === 'first' ? 'limit' : name === 'after' ? 'page' : name;
    if (Object.hasOwn(params, name)) vars[name] = params[name];
    else if (name === 'input') vars.input = { ...(toGraphQLInput(type, bodyFields, '') as object), ...params };
    else if (query.has(restName)) {
      const all = query.getAll(restName);
      vars[name] = toGraphQLInput(type, parseQueryValue(type, all.length > 1 ? all : all[0], restName), restName);
    } else if (Object.hasOwn(bodyFields, name)) vars[name] = toGraphQLInput(type, bodyFields[name], name);
  }
  if (vars.first !== undefined && (!Number.isInteger(vars.first) || (vars.first as number) < 1 || (vars.first as number) > MAX_PAGE_SIZE)) {
    throw badRequest(`must be an integer from 1 to ${MAX_PAGE_SIZE}`, 'limit');
  }
  return vars;
}

/** The HTTP status of a GraphQL error: ours carry it; input coercion errors are 400s. */
function toAppError(err: unknown, onError: (err: unknown) => void): AppError {
  const error = err as GraphQLError;
  const original = error.originalError ?? error;
  if (original instanceof AppError) return original;
  const status = error.extensions?.status as AppError['status'] | undefined;
  if (status) return new AppError(status, error.message);
  if (original?.name === 'PothosValidationError') return new AppError(400, error.message);
  // Errors GraphQL raises before running anything (variable coercion, including
  // a scalar rejecting a value: those carry the scalar's error) have no path.
  // Only GraphQL's: anything else thrown here is a bug of ours, a 500.
  if (err instanceof GraphQLError && !error.path) return new AppError(400, error.message);
  onError(err);
  return databaseUnavailable(original) ?? new AppError(500 as never, 'Internal error');
}

function send(res: ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) }).end(payload);
}
