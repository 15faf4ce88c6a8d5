// GraphQL over HTTP: Yoga on /graphql with the offline GraphiQL page, the
// limits of src/graphql/plugin.ts, and errors masked unless they are ours.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createYoga } from 'graphql-yoga';
import { GraphQLError } from 'graphql';
import { schema } from '../schema/index.js';
import { AppError, databaseUnavailable } from '../errors.js';
import type { Context } from '../context.js';
import { checkJsonDepth, readBody } from '../http/body.js';
import { useGraphQLGuards, type GraphQLGuards } from './plugin.js';

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

export interface GraphQLHttpOptions {
  graphiql: boolean;
  limits: { maxBodyBytes: number; maxJsonDepth: number };
  guards: GraphQLGuards;
  context(req: IncomingMessage): Context;
  onUnexpected(err: unknown): void;
}

export function graphqlHttpHandler(options: GraphQLHttpOptions) {
  const { limits } = options;
  const yoga = createYoga<{ req: IncomingMessage }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    cors: false, // answered by the gate (src/http/cors.ts)
    multipart: false,
    graphiql: options.graphiql
      ? {
          subscriptionsProtocol: 'WS',
          title: 'Quire',
          defaultQuery: GRAPHIQL_START_QUERY,
          headers: JSON.stringify({ Authorization: 'Bearer <your API token>' }, null, 2),
        }
      : false,
    // GraphiQL's assets come inlined from an npm package, so the page works with
    // no CDN; the 9 MB bundle loads on first use (about 80 MB of RSS otherwise).
    renderGraphiQL: async (graphiqlOptions) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    logging: false,
    context: ({ req }) => options.context(req),
    maskedErrors: {
      maskError(error, message) {
        const original = (error as GraphQLError).originalError;
        if (original instanceof AppError) return error as GraphQLError;
        if (original?.name === 'PothosValidationError') {
          return new GraphQLError(original.message, { ...(error as GraphQLError), extensions: { code: 'BAD_REQUEST', status: 400 } });
        }
        if (error instanceof GraphQLError && !original) return error;
        options.onUnexpected(original ?? error);
        const unavailable = databaseUnavailable(original);
        if (unavailable) return new GraphQLError(unavailable.message, { ...(error as GraphQLError), extensions: unavailable.extensions });
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    plugins: [useGraphQLGuards(options.guards)],
  });

  /** The body is read here (size and JSON depth) and handed to Yoga. */
  return async function graphqlOverHttp(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    for (const name of ['variables', 'extensions']) {
      const value = query.get(name);
      if (value) checkJsonDepth(value, limits.maxJsonDepth, `The ${name} parameter`);
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const body = await readBody(req, limits.maxBodyBytes);
      const type = req.headers['content-type'] ?? '';
      if (type.includes('json')) checkJsonDepth(body.toString('utf8'), limits.maxJsonDepth);
      else if (type.includes('x-www-form-urlencoded')) {
        const form = new URLSearchParams(body.toString('utf8'));
        for (const name of ['variables', 'extensions']) checkJsonDepth(form.get(name) ?? '', limits.maxJsonDepth, `The ${name} parameter`);
      }
      // @whatwg-node/server takes an already-read body from `req.body`.
      (req as IncomingMessage & { body?: Buffer }).body = body;
    }
    await yoga(req, res, { req });
  };
}
