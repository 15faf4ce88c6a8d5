// What every resolver receives: the database, the caller, the clock, URLs and
// the per-request loader cache (see loaders.ts).
import type { PrismaClient } from './generated/prisma/client.js';
import type { Actor } from './policy/actor.js';
import type { Clock } from './clock.js';
import { unauthenticated } from './errors.js';
import type { PubSub } from './events.js';
import type { TenantLimits } from './config/settings.js';
import type { ContentLimits } from './limits/content.js';
import type { JobSender } from './queue/queue.js';
import type { BlobStore } from './storage/blobStore.js';
import type { FileUrlSigner } from './storage/signedUrls.js';
import type { VisitorClaimsKey } from './config/visitorClaimsKey.js';
import type { SiteTokenKeys } from './config/siteTokenKeys.js';
import { withRequestSignal } from './db/requestSignal.js';
import type { ComputePool } from './compute/pool.js';
import type { ReadReplicas } from './db/readReplicas.js';

export interface Urls {
  /** Base of the REST API, e.g. http://localhost:4000/v1 */
  api: string;
  /** Base of the app (links to content in the application). */
  app: string;
  /** Base of published content. */
  published: string;
}

/** Where reads go with standbys configured (src/db/readReplicas.ts): the door picks the client of each read-only operation. */
export type ReadRouting = Pick<ReadReplicas, 'clientFor' | 'noteWrite'>;

export interface Context {
  /** The primary; for a query with standbys configured, the client `reads` chose (src/graphql/readRouting.ts). */
  prisma: PrismaClient;
  /** Read routing with standbys (DATABASE_READ_URL); unset: every operation on the primary. */
  reads?: ReadRouting;
  /**
   * The caller, holding the grants of the operation they run (share keys, spaces their sites show:
   * policy/actor.ts, RequestGrants), set by the door before any resolver runs (src/graphql/grants.ts); a
   * subscription sets it again for each event (the caller as of delivery, the same grants).
   */
  actor: Actor | null;
  clock: Clock;
  urls: Urls;
  loaderCache: Map<symbol, unknown>;
  pubsub: PubSub;
  tenantLimits: TenantLimits;
  /** Bounds on Markdown bodies and rich-text documents users write. */
  contentLimits: ContentLimits;
  /** The durable job queue (src/jobs): background work a request asks for. */
  jobs: JobSender;
  /** Stored files and rendered documents, and the signer of the expiring URLs that serve them. */
  files: { store: BlobStore; signer: FileUrlSigner; maxUploadBytes: number };
  /** Worker threads for CPU-heavy work (PDFs, diffs, merges, large Markdown): keeps it off the event loop. */
  compute: ComputePool;
  /** Signs the visitor claims `ping` answers; unset: none are answered. */
  visitorClaims?: VisitorClaimsKey;
  /** Sign the site visitor tokens that resolving a published URL answers (domain/auth/siteTokens.ts). */
  siteTokens: SiteTokenKeys;
  /** The graphql-ws connection carrying this operation, if any: a subscription closes it when its caller loses access. */
  live?: LiveConnection;
  /**
   * Whether all the content of the answer is public (anyone may read it): set by the resolvers that read
   * content (noteAudience), read by a door choosing cache headers. Unset: nothing said, so private.
   */
  answerIsPublic?: boolean;
  /** false: every list takes the generic path, none is planned (src/schema/plan; settings `graphql.plannedReads`). */
  plannedReads?: boolean;
}

/** Notes the audience of content an answer holds: one part that is not public makes the whole answer private. */
export function noteAudience(ctx: Context, isPublic: boolean) {
  ctx.answerIsPublic = (ctx.answerIsPublic ?? true) && isPublic;
}

/** What every request's context shares: the services of one Quire process. */
export type ContextServices = Omit<Context, 'actor' | 'loaderCache' | 'live'>;

/**
 * The context of each operation, for the caller behind it: the shared services
 * and a loader cache of its own. With the signal of the HTTP request carrying
 * it, the operation's transactions stop when its client leaves (src/db/requestSignal.ts).
 */
export const contextFactory =
  (services: ContextServices) =>
  (actor: Actor | null, signal?: AbortSignal): Context => ({
    ...services,
    prisma: signal ? withRequestSignal(services.prisma, signal) : services.prisma,
    reads: services.reads && signal ? withSignalOnReads(services.reads, signal) : services.reads,
    compute: signal ? services.compute.withSignal(signal) : services.compute,
    actor,
    loaderCache: new Map(),
  });

/** A standby's client, like the primary's, stops its transactions when the request's client leaves. */
const withSignalOnReads = (reads: ReadRouting, signal: AbortSignal): ReadRouting => ({
  clientFor: async (reader) => withRequestSignal(await reads.clientFor(reader), signal),
  noteWrite: reads.noteWrite,
});

/** The API, app and published bases under one public URL (the app's may live elsewhere). */
export const urlsUnder = (publicUrl: string, appUrl?: string): Urls => ({
  api: `${publicUrl}/v1`,
  app: appUrl ?? `${publicUrl}/app`,
  published: `${publicUrl}/published`,
});

export interface LiveConnection {
  close(code: number, reason: string): void;
}

/**
 * Answers the rest of a mutation for the caller as one of its fields left them.
 * A mutation that changes the caller's own membership (a join, a leave) gives the
 * context a new actor derived from the former one (policy/actor.ts:
 * withMembership, withoutMembership) and a fresh loader cache, so nothing resolved
 * for the former caller is reused; no actor is ever changed in place. GraphQL runs
 * a mutation's fields one after another, each answering its payload before the
 * next starts: the join's payload (the organization joined, with the caller's
 * permissions there) and the fields after it see the new membership, those before
 * it never do, and no query changes the caller. Re-reading the caller from the
 * database instead would cost a statement and answer nothing more: these
 * mutations know the role they wrote. Share keys and site spaces stay the
 * request's (RequestGrants, fixed at the door).
 */
export function answerAs(ctx: Context, actor: Actor) {
  ctx.actor = actor;
  ctx.loaderCache = new Map();
}

export function requireActor(ctx: Context): Actor {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
}
