// graphql-ws subscriptions on /graphql. The token travels in connectionParams;
// each subscribe message passes the same limits (and the caller's rate limit)
// as an operation over HTTP. A failed authentication counts against the
// client address's rate limit, as over HTTP. One token holds a bounded number
// of connections (across replicas with Redis), one connection a bounded number of
// subscriptions. Subscriptions close the connection when their caller loses
// access (src/domain/shared/liveEvents.ts).
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, subscribe } from 'graphql';
import { schema } from './schema.js';
import type { Context } from '../context.js';
import type { Actor } from '../policy/actor.js';
import { checkWsOperation, type GraphQLGuards } from './plugin.js';
import { withOperationGrants } from './grants.js';
import { noteWrite } from './readRouting.js';
import { tracedExecute } from './tracing.js';

/** graphql-ws close codes: 4401 (token no longer valid), 4429 (too many: rate or connection limit). */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_TOO_MANY = 4429;

export interface GraphQLWsOptions {
  maxPayload: number;
  guards: GraphQLGuards;
  limits: { subscriptionsPerConnection: number; connectionsPerToken: number };
  /** Counts a live connection of the token (shared with SSE streams): null when it has too many; else the function that ends the count. */
  openLiveConnection(tokenId: string): Promise<(() => void) | null>;
  authenticate(authorization: string): Promise<Actor | null>;
  context(actor: Actor | null): Context;
  /** False when the actor is over their rate limit. */
  withinRateLimit(actor: Actor): Promise<boolean>;
  /** Counts a failed authentication against the client address; false when it is over its rate limit. */
  addressWithinRateLimit(request: IncomingMessage): Promise<boolean>;
  rateLimitMessage: string;
  /** A document this server refuses to run (trusted documents only: ./persisted.ts). */
  refuseDocument?(query: string): GraphQLError | undefined;
}

type Extra = { socket: WebSocket; request: IncomingMessage };

export function attachGraphQLWs(server: Server, options: GraphQLWsOptions) {
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: options.maxPayload });
  const actors = new WeakMap<object, Actor>();
  const releases = new WeakMap<object, () => void>();
  /** The accepted connections' graphql-ws contexts (their `subscriptions` are the live ones), for /metrics. */
  const open = new Set<{ subscriptions: Record<string, unknown> }>();
  const tokenOf = (params: Readonly<Record<string, unknown>> | undefined) => String(params?.authorization ?? params?.Authorization ?? '');
  const cleanup = useServer<Record<string, unknown> | undefined, Extra>(
    {
      schema,
      execute: (args) => tracedExecute(args), // queries and mutations in their operation's span (src/tracing)
      subscribe,
      // Each operation authenticates again: a token revoked since the connection began closes it.
      // The operation's grants are the caller's from the start (src/graphql/grants.ts).
      context: async (ctx, _id, _payload, args): Promise<Context> => {
        const actor = await options.authenticate(tokenOf(ctx.connectionParams));
        if (!actor) ctx.extra.socket.close(CLOSE_UNAUTHORIZED, 'The API token is no longer valid');
        const context = await withOperationGrants(options.context(actor), args);
        return { ...context, live: { close: (code: number, reason: string) => ctx.extra.socket.close(code, reason) } };
      },
      // With standbys, a mutation's write is noted for its caller's next reads (./readRouting.ts).
      onOperation: async (_ctx, _id, _payload, args) => {
        await noteWrite(args.contextValue as Context, args);
      },
      onConnect: async (ctx) => {
        const actor = await options.authenticate(tokenOf(ctx.connectionParams));
        if (!actor) {
          if (!(await options.addressWithinRateLimit(ctx.extra.request))) ctx.extra.socket.close(CLOSE_TOO_MANY, options.rateLimitMessage);
          return false; // 4403 Forbidden
        }
        const release = await options.openLiveConnection(actor.tokenId);
        if (!release) {
          ctx.extra.socket.close(CLOSE_TOO_MANY, `Too many connections for this API token (at most ${options.limits.connectionsPerToken})`);
          return false;
        }
        releases.set(ctx.extra, release);
        actors.set(ctx.extra, actor);
        open.add(ctx);
        return true;
      },
      onClose: (ctx) => {
        open.delete(ctx);
        releases.get(ctx.extra)?.();
        releases.delete(ctx.extra);
        actors.delete(ctx.extra);
      },
      onSubscribe: async (ctx, _id, payload) => {
        // The subscription being started is already listed.
        const max = options.limits.subscriptionsPerConnection;
        if (Object.keys(ctx.subscriptions).length > max) {
          return [
            new GraphQLError(`Too many subscriptions on this connection (at most ${max})`, {
              extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', status: 429 },
            }),
          ];
        }
        const actor = actors.get(ctx.extra);
        if (actor && !(await options.withinRateLimit(actor))) {
          return [new GraphQLError(options.rateLimitMessage, { extensions: { code: 'RATE_LIMITED', status: 429 } })];
        }
        const untrusted = options.refuseDocument?.(payload.query);
        if (untrusted) return [untrusted];
        return checkWsOperation(schema, payload, options.guards);
      },
    },
    wsServer,
  );
  return {
    /** Connections accepted and open now. */
    connectionCount: () => open.size,
    /** Subscriptions running now, all connections together. */
    subscriptionCount: () => {
      let count = 0;
      for (const ctx of open) count += Object.keys(ctx.subscriptions).length;
      return count;
    },
    /** Closes every subscription (code 1001, going away). */
    dispose: () => cleanup.dispose(),
    terminateAll() {
      for (const client of wsServer.clients) client.terminate();
    },
  };
}
