// Composes Quire: one HTTP server carrying GraphQL (+ GraphiQL) and graphql-ws
// subscriptions on /graphql, the REST adapter on /v1, and health probes. It
// keeps no state of its own: everything lives in PostgreSQL (and Redis).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { createYoga, type Plugin } from 'graphql-yoga';
import { GraphQLError, execute, subscribe } from 'graphql';
import { schema } from './schema/index.js';
import { createPrisma } from './db/client.js';
import { systemClock, type Clock } from './clock.js';
import { actorForToken } from './auth/tokens.js';
import { createEvents } from './events.js';
import { createRestHandler } from './rest/router.js';
import { routes } from './rest/routes.js';
import { AppError } from './errors.js';
import type { Context, Urls } from './context.js';
import type { Actor } from './policy/actor.js';

export interface QuireOptions {
  databaseUrl: string;
  redisUrl?: string;
  clock?: Clock;
  /** Public base URL of this server, for `urls` members (default http://localhost:$PORT). */
  publicUrl?: string;
  appUrl?: string;
  maxBodyBytes?: number;
  poolSize?: number;
  log?: (entry: Record<string, unknown>) => void;
}

const bearer = (header: string | null | undefined) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
};

export function createQuire(options: QuireOptions) {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? ((entry) => console.error(JSON.stringify(entry)));
  const { prisma, onStatement } = createPrisma(options.databaseUrl, { poolSize: options.poolSize });
  const events = createEvents(options.redisUrl);
  const publicUrl = (options.publicUrl ?? 'http://localhost:4000').replace(/\/$/, '');
  const urls: Urls = { api: `${publicUrl}/v1`, app: options.appUrl ?? `${publicUrl}/app`, published: `${publicUrl}/published` };

  const authenticate = async (authorization: string | null | undefined): Promise<Actor | null> => {
    const token = bearer(authorization);
    return token ? actorForToken(prisma, token, clock.now()) : null;
  };
  const context = (actor: Actor | null): Context => ({ prisma, actor, clock, urls, loaderCache: new Map(), pubsub: events.pubsub });

  const yoga = createYoga<{ req: IncomingMessage }>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: { subscriptionsProtocol: 'WS', title: 'Quire' },
    context: async ({ request }) => context(await authenticate(request.headers.get('authorization'))),
    maskedErrors: {
      maskError(error, message) {
        const original = (error as GraphQLError).originalError;
        if (original instanceof AppError) return error as GraphQLError;
        if (original?.name === 'PothosValidationError') {
          return new GraphQLError(original.message, { ...(error as GraphQLError), extensions: { code: 'BAD_REQUEST', status: 400 } });
        }
        if (error instanceof GraphQLError && !original) return error;
        log({ level: 'error', msg: 'unexpected error', error: String((original ?? error) as Error) });
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    plugins: [] as Plugin[],
  });

  const rest = createRestHandler(routes, {
    schema,
    authenticate: (req) => authenticate(req.headers.authorization),
    context,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    onError: (err) => log({ level: 'error', msg: 'unexpected REST error', error: String((err as Error)?.stack ?? err) }),
  });

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://quire');
    const path = url.pathname;
    if (path === '/healthz') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
    if (path === '/readyz') {
      prisma.$queryRaw`SELECT 1`.then(
        () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ready"}'),
        () => res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"status":"database unreachable"}'),
      );
      return;
    }
    if (path === '/v1' || path.startsWith('/v1/')) return void rest(req, res, path.slice(3) || '/', url.searchParams);
    return void yoga(req, res, { req });
  });

  // graphql-ws on the same path; the token travels in connectionParams.
  const wsServer = new WebSocketServer({ server, path: '/graphql' });
  const wsCleanup = useServer(
    {
      schema,
      execute,
      subscribe,
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const header = String(params.authorization ?? params.Authorization ?? '');
        return context(await authenticate(header));
      },
      onConnect: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        return (await authenticate(String(params.authorization ?? params.Authorization ?? ''))) != null;
      },
    },
    wsServer,
  );

  return {
    server,
    prisma,
    onStatement,
    urls,
    async listen(port: number, host = '0.0.0.0') {
      await new Promise<void>((resolve) => server.listen(port, host, resolve));
      return (server.address() as { port: number }).port;
    },
    async close() {
      await wsCleanup.dispose();
      await new Promise<void>((resolve) => {
        wsServer.close(() => resolve());
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await events.close();
      await prisma.$disconnect();
    },
  };
}

export type Quire = ReturnType<typeof createQuire>;
