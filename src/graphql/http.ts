// GraphQL over HTTP: Yoga on /graphql with the offline GraphiQL page, the
// limits of src/graphql/plugin.ts, and errors masked unless they are ours.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, type ExecutionArgs } from 'graphql';
import { schema } from './schema.js';
import { AppError, databaseUnavailable, unauthenticated } from '../errors.js';
import type { Context } from '../context.js';
import { bodyLimit, checkDeclaredLength, checkJsonDepth, isMultipart, readBody } from '../http/body.js';
import { readMultipart, setAtPath } from './multipart.js';
import { bearerChallenge } from '../http/respond.js';
import type { StaticAssets } from '../http/staticAssets.js';
import { graphiqlAssets } from './graphiql.js';
import { useGraphQLGuards, type GraphQLGuards } from './plugin.js';
import { grantedActor } from './grants.js';
import { noteWrite, readTarget } from './readRouting.js';
import { isSyntaxError, isVariableError, userInputError, withCode, withoutSuggestions } from './errors.js';

const GRAPHIQL_START_QUERY = `# Quire: one graph over organizations, members, spaces and collections.
# Put your API token in the Authorization header (Headers, below), then run:
query Start {
  viewer { id displayName email }
  organizations(first: 10) {
    totalCount
    edges { node { id title permissions { admin } spaces(first: 5) { totalCount edges { node { id title } } } } }
  }
}
`;

/**
 * What a client sees of an error (docs/graphql.md lists the codes): ours as they
 * are; GraphQL's own (parse, validation); input errors as BAD_USER_INPUT (a
 * variable of the wrong type, an unknown enum value, a missing required variable
 * — HTTP 400, nothing ran — or an argument Pothos rejects); undefined for
 * anything else, a bug, masked as INTERNAL_SERVER_ERROR.
 */
function errorToShow(error: unknown): GraphQLError | undefined {
  if (!(error instanceof GraphQLError)) return undefined;
  const original = error.originalError;
  if (original instanceof AppError) return error;
  if (isVariableError(error)) return userInputError(error, error.message, { http: { status: 400 } });
  if (original?.name === 'PothosValidationError') return userInputError(error, original.message);
  if (isSyntaxError(error)) return withCode(error, 'GRAPHQL_PARSE_FAILED');
  return original ? undefined : error;
}

/** A request Yoga answers with GraphiQL's page (when GraphiQL is on): a GET that accepts HTML. */
export const isGraphiQLPage = (req: IncomingMessage) => req.method === 'GET' && !!req.headers.accept?.includes('text/html');

export interface GraphQLHttpOptions {
  graphiql: boolean;
  /** Where GraphiQL's bundle is served from (src/http/staticAssets.ts). */
  assets: StaticAssets;
  limits: { maxBodyBytes: number; maxUploadBytes: number; maxJsonDepth: number };
  guards: GraphQLGuards;
  context(req: IncomingMessage): Context;
  /** Whether the gate found a valid token's caller (before the body is read). */
  hasCaller(req: IncomingMessage): boolean;
  onUnexpected(err: unknown): void;
  /** Plugins run first: persisted operations (./persisted.ts), tracing. */
  plugins?: Plugin[];
}

export function graphqlHttpHandler(options: GraphQLHttpOptions) {
  const { limits } = options;
  const yoga = createYoga<{ req: IncomingMessage }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: false, // answered by the gate (src/http/cors.ts)
    // GraphQL multipart requests are read by the door (./multipart.ts), their file streamed.
    multipart: false,
    graphiql: options.graphiql
      ? {
          subscriptionsProtocol: 'WS',
          title: 'Quire',
          defaultQuery: GRAPHIQL_START_QUERY,
          headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }, null, 2),
        }
      : false,
    // GraphiQL's assets come from an npm package (no CDN), as cacheable static
    // files; the 9 MB bundle loads on first use (about 80 MB of RSS otherwise).
    renderGraphiQL: graphiqlAssets(options.assets),
    logging: false,
    context: ({ req }) => options.context(req),
    maskedErrors: {
      maskError(error, message) {
        const shown = errorToShow(error);
        if (!shown) {
          const original = (error as GraphQLError).originalError;
          options.onUnexpected(original ?? error);
          // A statement cancelled by its timeout, or a database that went away: 503, try again.
          const unavailable = databaseUnavailable(original);
          if (unavailable) return new GraphQLError(unavailable.message, { ...(error as GraphQLError), extensions: unavailable.extensions });
          return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
        }
        // Without introspection, "Did you mean …?" would list the schema's names anyway.
        return options.guards.introspection ? shown : withoutSuggestions(shown);
      },
    },
    // After the guards (nothing is looked up for a refused operation), before anything runs.
    plugins: [...(options.plugins ?? []), useStreamedUploads(), useGraphQLGuards(options.guards), useRequestGrants()],
  });

  /**
   * The body is read here (size and JSON depth) and handed to Yoga. A multipart body (an upload, from
   * a caller with a valid token) is read as it comes (./multipart.ts): the operation runs when its file
   * part arrives and reads the file as a stream, so no upload is ever held whole.
   */
  return async function graphqlOverHttp(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    // The page passes no gate (src/app.ts): no token was looked at, none is asked for.
    if (options.graphiql && isGraphiQLPage(req)) return void (await yoga(req, res, { req }));
    refuseWithoutCaller(req, res, options.hasCaller(req));
    for (const name of ['variables', 'extensions']) {
      const value = query.get(name);
      if (value) checkJsonDepth(value, limits.maxJsonDepth, `The ${name} parameter`);
    }
    if (req.method === 'POST' && isMultipart(req)) {
      const maxBytes = bodyLimit(req, 'graphql', limits);
      checkDeclaredLength(req, maxBytes);
      const multipart = await readMultipart(req, { maxBytes, maxFieldBytes: limits.maxBodyBytes, maxJsonDepth: limits.maxJsonDepth });
      uploadsOf.set(req, multipart.uploads);
      // Yoga sees a JSON request; its file variables are filled in by useStreamedUploads.
      req.headers['content-type'] = 'application/json';
      delete req.headers['content-length'];
      (req as IncomingMessage & { body?: Readable }).body = Readable.from([Buffer.from(multipart.operations)], { objectMode: false });
      const response = await yoga.handleNodeRequestAndResponse(req, res, { req });
      // The answer waits for the whole body: a part past the map or a body past the limit is answered as such.
      const failure = await multipart.finish();
      if (failure instanceof AppError) throw failure;
      if (failure) return void res.destroy();
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      const body = await readBody(req, bodyLimit(req, 'graphql', limits));
      const type = req.headers['content-type'] ?? '';
      if (type.includes('json')) checkJsonDepth(body.toString('utf8'), limits.maxJsonDepth);
      else if (type.includes('x-www-form-urlencoded')) {
        const form = new URLSearchParams(body.toString('utf8'));
        for (const name of ['variables', 'extensions']) checkJsonDepth(form.get(name) ?? '', limits.maxJsonDepth, `The ${name} parameter`);
      }
      // @whatwg-node/server takes an already-read body from `req.body`; as a
      // stream, since it lists a body's own keys first (a Buffer has one per byte).
      (req as IncomingMessage & { body?: Readable }).body = Readable.from([body], { objectMode: false });
    }
    await yoga(req, res, { req });
  };
}

/**
 * Gives the caller the grants of the operation (src/graphql/grants.ts) before it runs, subscriptions too;
 * with standbys, a query its database and a mutation's write noted after it runs (./readRouting.ts).
 */
function useRequestGrants(): Plugin<Context> {
  type Payload = { args: ExecutionArgs; extendContext(extension: Partial<Context>): void };
  const grant = async ({ args, extendContext }: Payload) =>
    extendContext({ actor: await grantedActor(args.contextValue as Context, args) });
  return {
    async onExecute({ args, extendContext }: Payload) {
      const ctx = args.contextValue as Context;
      extendContext({ actor: await grantedActor(ctx, args), ...(await readTarget(ctx, args)) });
      return ctx.reads ? { onExecuteDone: () => noteWrite(ctx, args) } : undefined;
    },
    onSubscribe: grant,
  };
}

/** The streamed files of a multipart request (./multipart.ts), by its request. */
const uploadsOf = new WeakMap<IncomingMessage, Map<string, unknown>>();

/** Puts a multipart request's files into its variables, at the paths its map names. */
function useStreamedUploads(): Plugin<Record<string, unknown>, { req: IncomingMessage }> {
  return {
    onParams({ params, setParams, context }) {
      const uploads = uploadsOf.get(context.req);
      if (!uploads?.size) return;
      const withFiles = { ...params, variables: params.variables ?? {} } as Record<string, unknown>;
      for (const [path, upload] of uploads) setAtPath(withFiles, path, upload);
      setParams(withFiles as typeof params);
    },
  };
}

/**
 * A refused token, or an upload without a caller, is answered 401 before a
 * byte of the body is read: no public operation takes a file, and a token that
 * came and failed never becomes an anonymous caller. (Without any token,
 * `__typename` and introspection still answer.)
 */
function refuseWithoutCaller(req: IncomingMessage, res: ServerResponse, hasCaller: boolean) {
  const authorization = req.headers.authorization;
  if (hasCaller || (!authorization && !isMultipart(req))) return;
  res.setHeader('WWW-Authenticate', bearerChallenge(authorization));
  // The unread body is not waited for: the connection closes after the answer.
  res.setHeader('Connection', 'close');
  throw unauthenticated();
}
