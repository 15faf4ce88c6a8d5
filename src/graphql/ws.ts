// graphql-ws subscriptions on /graphql. The token travels in connectionParams;
// each subscribe message passes the same limits (and the caller's rate limit)
// as an operation over HTTP.
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { GraphQLError, execute, subscribe } from 'graphql';
import { schema } from '../schema/index.js';
import type { Context } from '../context.js';
import type { Actor } from '../policy/actor.js';
import { checkWsOperation, type GraphQLGuards } from './plugin.js';

export interface GraphQLWsOptions {
  maxPayload: number;
  guards: GraphQLGuards;
  authenticate(authorization: string): Promise<Actor | null>;
  context(actor: Actor | null): Context;
  /** False when the actor is over their rate limit. */
  withinRateLimit(actor: Actor): Promise<boolean>;
  rateLimitMessage: string;
}

export function attachGraphQLWs(server: Server, options: GraphQLWsOptions) {
  const wsServer = new WebSocketServer({ server, path: '/graphql', maxPayload: options.maxPayload });
  const actors = new WeakMap<object, Actor>();
  const tokenOf = (params: Readonly<Record<string, unknown>> | undefined) => String(params?.authorization ?? params?.Authorization ?? '');
  const cleanup = useServer(
    {
      schema,
      execute,
      subscribe,
      context: async (ctx) => options.context(await options.authenticate(tokenOf(ctx.connectionParams))),
      onConnect: async (ctx) => {
        const actor = await options.authenticate(tokenOf(ctx.connectionParams));
        if (actor) actors.set(ctx.extra, actor);
        return actor != null;
      },
      onSubscribe: async (ctx, _id, payload) => {
        const actor = actors.get(ctx.extra);
        if (actor && !(await options.withinRateLimit(actor))) {
          return [new GraphQLError(options.rateLimitMessage, { extensions: { code: 'RATE_LIMITED', status: 429 } })];
        }
        return checkWsOperation(schema, payload, options.guards);
      },
    },
    wsServer,
  );
  return {
    /** Closes every subscription (code 1001, going away). */
    dispose: () => cleanup.dispose(),
    terminateAll() {
      for (const client of wsServer.clients) client.terminate();
    },
  };
}
