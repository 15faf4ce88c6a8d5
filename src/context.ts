// What every resolver receives: the database, the caller, the clock, URLs and
// the per-request loader cache (see loaders.ts).
import type { PrismaClient } from './generated/prisma/client.js';
import type { Actor } from './policy/actor.js';
import type { Clock } from './clock.js';
import { unauthenticated } from './errors.js';
import type { PubSub } from './events.js';

export interface Urls {
  /** Base of the REST API, e.g. http://localhost:4000/v1 */
  api: string;
  /** Base of the app (links to content in the application). */
  app: string;
  /** Base of published content. */
  published: string;
}

export interface Context {
  prisma: PrismaClient;
  actor: Actor | null;
  clock: Clock;
  urls: Urls;
  loaderCache: Map<symbol, unknown>;
  pubsub: PubSub;
}

export function requireActor(ctx: Context): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
