// Composes Quire: one HTTP server carrying GraphQL (+ GraphiQL) and graphql-ws
// subscriptions on /graphql, the REST adapter on /v1, health probes and
// Prometheus metrics. Every request passes the same gate first (src/http/):
// request id, security headers, CORS, size limits, authentication, rate limit.
// It keeps no state of its own: everything lives in PostgreSQL (and Redis).
import { STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createPrisma } from './db/client.js';
import type { DatabaseSettings } from './db/settings.js';
import { signalOfRequest } from './db/requestSignal.js';
import { systemClock, type Clock } from './clock.js';
import { authenticateToken, type TokenRateCount } from './domain/auth/tokens.js';
import { CALLERS_CHANNEL, callerCache } from './domain/auth/callerCache.js';
import { authenticateSiteToken, isSiteToken } from './domain/auth/siteTokens.js';
import { activityRecorder } from './domain/auth/activity.js';
import { createEvents } from './events.js';
import { createRestHandler } from './rest/router.js';
import { routes } from './rest/routes.js';
import { schema } from './graphql/schema.js';
import { AppError, databaseUnavailable } from './errors.js';
import { contextFactory, urlsUnder, type Urls } from './context.js';
import type { Actor } from './policy/actor.js';
import { resolveSettings, type SettingsOverrides } from './config/settings.js';
import { bodyLimit, checkDeclaredLength, readJsonBody } from './http/body.js';
import { securityHeaders } from './http/securityHeaders.js';
import { cors } from './http/cors.js';
import { requestIdOf } from './http/requestId.js';
import { clientAddress } from './http/clientAddress.js';
import {
  callerOf,
  postgresStore,
  rateLimiter,
  redisStore,
  setRateLimitHeaders,
  type Caller,
  type RateLimitVerdict,
} from './http/rateLimit.js';
import { createMetrics } from './http/metrics.js';
import { watchEventLoop } from './eventLoop/watch.js';
import { createLogger, logAccess, type Logger } from './logging/logger.js';
import { drainer } from './http/drain.js';
import { tenantGate } from './http/fairShare.js';
import { redisCounters, type GiveBack, type LaneWant } from './http/redisCounters.js';
import { readReplicas, type ReadReplicaSettings } from './db/readReplicas.js';
import { registerReadReplicaMetrics } from './db/readReplicaMetrics.js';
import { sendError, sendJson, type Surface } from './http/respond.js';
import type { GraphQLGuards } from './graphql/plugin.js';
import { graphqlHttpHandler, isGraphiQLPage } from './graphql/http.js';
import { attachGraphQLWs } from './graphql/ws.js';
import { staticAssets } from './http/staticAssets.js';
import { compressAnswers } from './http/compression.js';
import { frontDoor } from './http/frontDoor.js';
import { linkPageOf, linkPages } from './web/linkPages.js';
import { doorOf, exact, gateOf, matching, startingWith, under, type Door, type DoorRequest, type Exchange } from './http/doors.js';
import { createJobQueue, type JobQueueOptions } from './queue/queue.js';
import { jobDefinitions } from './jobs/definitions.js';
import type { JobServices } from './jobs/services.js';
import { defaultOpenAPILimits, type OpenAPILimits } from './domain/openapiSpecs/limits.js';
import { pseudoLocalizer, type TranslationProvider } from './domain/translations/providers.js';
import { defaultFetchPolicy, type FetchPolicy } from './net/fetch.js';
import { servePublishedSpec, publishedSpecPath } from './web/openapiSpecs.js';
import { createBlobStore, type StorageSettings } from './storage/blobStore.js';
import { ephemeralFilesSecret, fileUrlSigner } from './storage/signedUrls.js';
import { FILES_PREFIX, fileServer } from './http/files.js';
import { blobStillServed } from './domain/files/service.js';
import { samlEndpointOf, samlEndpoints } from './web/saml.js';
import type { VisitorClaimsKey } from './config/visitorClaimsKey.js';
import { storedSecret } from './db/serviceSecrets.js';
import { siteTokenKeys, type SiteTokenSettings } from './config/siteTokenKeys.js';
import { openApiPages } from './openapi/serve.js';
import { createComputePool } from './compute/pool.js';
import { registerComputeMetrics } from './compute/metrics.js';
import { registerPlannedAnswerMetrics } from './schema/plan/metrics.js';
import { serverSpan } from './tracing/tracing.js';
import { useOperationSpans, usePlannedAnswers } from './graphql/tracing.js';
import { registerDatabaseMetrics } from './db/metrics.js';
import { registerJobMetrics } from './queue/metrics.js';
import { documentCache, pageTreeCache } from './domain/revisions/index.js';
import { persistedOperations } from './graphql/persisted.js';

export interface QuireOptions extends SettingsOverrides {
  databaseUrl: string;
  redisUrl?: string;
  clock?: Clock;
  /** Public base URL of this server, for `urls` members (default http://localhost:$PORT). */
  publicUrl?: string;
  appUrl?: string;
  /** Shorthand for `http.maxBodyBytes`. */
  maxBodyBytes?: number;
  poolSize?: number;
  /** Pool size and statement bounds (src/db/settings.ts); `poolSize` above is its shorthand. */
  database?: Partial<DatabaseSettings>;
  /** Key signing the visitor claims of `ping` (VISITOR_CLAIMS_*); unset: ping answers none. */
  visitorClaims?: VisitorClaimsKey;
  /** Keys and lifetime of site visitor tokens (SITE_TOKEN_*); unset: one secret made and kept in the database. */
  siteTokens?: SiteTokenSettings;
  /** Structured logs (default: pino to stdout at $LOG_LEVEL). */
  logger?: Logger;
  /** The job queue (src/queue; the jobs are src/jobs): its schema, policies, the outbound fetch policy of its jobs and their translation provider (default: pseudo-localisation). */
  jobs?: Partial<
    Pick<JobQueueOptions, 'schema' | 'policies' | 'pollingIntervalSeconds' | 'maintenanceIntervalSeconds' | 'orphanSweepSeconds'>
  > & { fetchPolicy?: FetchPolicy; translator?: TranslationProvider; openapiLimits?: OpenAPILimits };
  /** Where files live (default: the local directory `.quire/files`); see src/storage/blobStore.ts. */
  storage?: StorageSettings;
  /** Secret of the signed file URLs; replicas must share it (default: random per process). */
  filesSecret?: string;
  /** Streaming standbys that serve reads (DATABASE_READ_URL; src/db/readReplicas.ts). */
  readReplicas?: ReadReplicaSettings;
}

const bearer = (header: string | null | undefined) => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
};

const rateLimitError = () => new AppError(429, 'API rate limit exceeded: retry after the time in the Retry-After header');

/** What the remembered callers may weigh: about 100 bytes each (a caller, a membership, a grant), some 10 MB at most. */
const CALLER_CACHE_WEIGHT = 100_000;

/** Startup: the settings, pools, stores, queue and workers of one process, before any request. */
function startServices(options: QuireOptions) {
  const settings = resolveSettings({
    ...options,
    http: { ...(options.maxBodyBytes ? { maxBodyBytes: options.maxBodyBytes } : {}), ...options.http },
  });
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? createLogger();
  // Callers remembered between requests (off unless settings.callerCacheMs): forgotten as the database tells of
  // changes, this process's own heard by the pool's connections before each write returns.
  const rememberedCallers = settings.callerCacheMs
    ? callerCache(options.databaseUrl, { ttlMs: settings.callerCacheMs, maxWeight: CALLER_CACHE_WEIGHT }, (err) =>
        logger.warn({ err }, 'caller change notifications lost: tokens are read at every request until they are heard again'),
      )
    : undefined;
  const database = createPrisma(
    options.databaseUrl,
    { ...(options.poolSize ? { poolSize: options.poolSize } : {}), ...options.database },
    rememberedCallers && { channel: CALLERS_CHANNEL, onMessage: rememberedCallers.hear },
  );
  const { prisma, onStatement } = database;
  const events = createEvents(options.redisUrl);
  const replicas = options.readReplicas?.urls.length
    ? readReplicas(prisma, options.readReplicas, {
        database: options.database,
        redisUrl: options.redisUrl,
        onError: (err, standby) =>
          logger.warn({ err, standby }, standby ? 'standby out of the rotation' : 'read routing: primary check failed'),
      })
    : undefined;
  const publicUrl = (options.publicUrl ?? 'http://localhost:4000').replace(/\/$/, '');
  const urls: Urls = urlsUnder(publicUrl, options.appUrl);
  const metrics = createMetrics(settings.metrics);
  const loop = watchEventLoop({
    blockedMs: settings.metrics.eventLoopBlockedMs,
    onDelay: metrics.loopDelay,
    onBlocked: (blockedMs, requests) => {
      for (const { id, operation } of requests) logger.warn({ requestId: id, operation, blockedMs }, 'event loop blocked');
    },
  });
  const files = {
    store: createBlobStore(options.storage ?? { kind: 'local', directory: '.quire/files' }),
    signer: fileUrlSigner(options.filesSecret ?? ephemeralFilesSecret(), publicUrl, clock),
    maxUploadBytes: settings.http.maxUploadBytes,
  };
  const activity = activityRecorder(prisma, settings.activityIntervalSeconds * 1000, (err) =>
    logger.error({ err }, 'recording token use failed'),
  );
  const jobs = createJobQueue<JobServices>(jobDefinitions, { databaseUrl: options.databaseUrl, logger, ...options.jobs });
  const compute = createComputePool(settings.compute);
  const siteTokens = siteTokenKeys(() => storedSecret(prisma, 'site-tokens'), options.siteTokens);
  const jobServices: JobServices = {
    prisma,
    pubsub: events.pubsub,
    fetchPolicy: options.jobs?.fetchPolicy ?? defaultFetchPolicy,
    clock,
    logger,
    translator: options.jobs?.translator ?? pseudoLocalizer,
    openapiLimits: options.jobs?.openapiLimits ?? defaultOpenAPILimits,
    compute,
  };
  registerComputeMetrics(metrics.registry, compute);
  registerPlannedAnswerMetrics(metrics.registry);
  registerDatabaseMetrics(metrics.registry, database);
  registerJobMetrics(metrics.registry, jobs, (err) => logger.warn({ err }, 'job queue depth unavailable for /metrics'));
  const persisted = persistedOperations({
    settings: settings.persistedOperations,
    redisUrl: options.redisUrl,
    maxDocumentBytes: settings.http.maxBodyBytes,
  });
  metrics.cache('apq', () => persisted.lookups);
  for (const [name, cache] of [
    ['revision_page_trees', pageTreeCache],
    ['page_documents', documentCache],
  ] as const)
    metrics.cache(name, () => ({ hits: cache.hits, misses: cache.misses, entries: cache.size }));
  if (rememberedCallers) metrics.cache('callers', rememberedCallers.stats);
  if (replicas) registerReadReplicaMetrics(metrics.registry, replicas);
  const context = contextFactory({
    prisma,
    clock,
    urls,
    pubsub: events.pubsub,
    tenantLimits: settings.tenants,
    contentLimits: settings.content,
    plannedReads: settings.graphql.plannedReads,
    files,
    compute,
    visitorClaims: options.visitorClaims,
    siteTokens,
    jobs,
    reads: replicas,
  });
  // With Redis, rate-limit hits, fair-share slots and live-connection caps count across replicas (src/http/redisCounters.ts).
  const counters = options.redisUrl
    ? redisCounters(options.redisUrl, {
        onLaneError: (err) => logger.error({ err }, 'shared lanes unavailable: this process counts alone'),
      })
    : undefined;
  const limiter = settings.rateLimit
    ? rateLimiter(settings.rateLimit, counters ? redisStore(counters) : postgresStore(prisma), clock, (err) =>
        logger.error({ err }, 'rate limit store unavailable: request let through'),
      )
    : undefined;
  return {
    settings,
    clock,
    logger,
    prisma,
    onStatement,
    counters,
    replicas,
    events,
    publicUrl,
    urls,
    metrics,
    loop,
    files,
    activity,
    rememberedCallers,
    jobs,
    jobServices,
    compute,
    context,
    limiter,
    siteTokens,
    persisted,
  };
}

/** A GraphQL-over-SSE request: a subscription's stream, which holds no fair-share slot but counts as a live connection. */
const isEventStream = (req: IncomingMessage, surface: Surface) =>
  surface === 'graphql' && !!req.headers.accept?.includes('text/event-stream');

type Services = ReturnType<typeof startServices>;
type Drainer = ReturnType<typeof drainer>;

/** Who calls (their token) and whether their rate budget allows one more request. */
function callerChecks(
  { prisma, clock, activity, rememberedCallers, limiter, metrics, siteTokens }: Services,
  redisUrl: string | undefined,
) {
  /**
   * The caller behind an Authorization header: an API token's user, or a site visitor (a JWT); with `rate`,
   * an API token's rate-limit hits counted too.
   */
  const authenticateWith = async (authorization: string | null | undefined, rate?: TokenRateCount) => {
    const token = bearer(authorization);
    if (!token) return { actor: null, rateCounts: undefined };
    const now = clock.now();
    if (isSiteToken(token)) return { actor: await authenticateSiteToken(prisma, siteTokens, token, now), rateCounts: undefined };
    const auth = await authenticateToken(prisma, token, now, activity.intervalMs, rate, rememberedCallers);
    if (auth.actor && auth.activityDue) activity.note(auth.actor, now);
    return auth;
  };
  const authenticate = async (authorization: string | null | undefined): Promise<Actor | null> =>
    (await authenticateWith(authorization)).actor;
  // With PostgreSQL counters, a token's hit is counted by the token statement itself.
  const countsWithToken = limiter !== undefined && !redisUrl;
  /** The verdict's headers on `res` and its metric; false when refused. A verdict-less request (the store failed) passes. */
  const judged = (verdict: RateLimitVerdict | undefined, caller: Caller, res: ServerResponse | undefined) => {
    if (!verdict) return true;
    if (res) setRateLimitHeaders(res, verdict, clock.now());
    if (!verdict.allowed) metrics.rateLimited('tokenId' in caller ? 'token' : 'address');
    return verdict.allowed;
  };
  /** Counts the request against its caller (X-RateLimit-* headers on `res`); false when over the limit. */
  const withinRateLimit = async (caller: Caller, res: ServerResponse | undefined) =>
    !limiter || judged(await limiter.check(caller), caller, res);
  /**
   * The API gate's token check and rate limit. With counters in PostgreSQL the
   * token's hits are counted by the token statement itself; in Redis they are
   * counted together with taking the request's fair-share slots (`lanesOf`),
   * and the answer is those slots (undefined when they were not tried).
   */
  const admit = async (
    req: IncomingMessage,
    res: ServerResponse,
    exchange: Exchange,
    lanesOf: (exchange: Exchange) => LaneWant[],
  ): Promise<GiveBack | null | undefined> => {
    if (!limiter) return void (exchange.actor = await authenticate(req.headers.authorization));
    const rate = countsWithToken ? { windowStart: limiter.windowStart(), ...limiter.budgets } : undefined;
    const auth = await authenticateWith(req.headers.authorization, rate);
    exchange.actor = auth.actor;
    const caller: Caller = exchange.actor ? callerOf(exchange.actor) : { address: exchange.address };
    const { verdict, lanes } =
      auth.rateCounts && rate
        ? { verdict: limiter.counted(caller, auth.rateCounts, rate.windowStart), lanes: undefined }
        : await limiter.admit(caller, lanesOf(exchange));
    if (judged(verdict, caller, res)) return lanes;
    void lanes?.(); // (a refused hit takes no slot; in case a store did)
    throw rateLimitError();
  };
  return { authenticate, withinRateLimit, admit };
}

type CallerChecks = ReturnType<typeof callerChecks>;

/** The GraphQL limits, and the operation name each GraphQL request reports to metrics and logs. */
function graphqlGuards({ settings, metrics }: Services, exchanges: WeakMap<IncomingMessage, Exchange>): GraphQLGuards {
  return {
    limits: settings.graphql,
    introspection: settings.graphql.introspection,
    onReject: (code) => metrics.rejected(code),
    onOperation: (ctx, name) => {
      const req = (ctx as { req?: IncomingMessage }).req;
      const exchange = req && exchanges.get(req);
      if (exchange) exchange.operation = metrics.graphqlOperation(name);
    },
  };
}

/** The door table: every door of the HTTP server, in the order they are tried. */
function doorTable(
  services: Services,
  callers: CallerChecks,
  guards: GraphQLGuards,
  exchangeOf: (req: IncomingMessage) => Exchange,
  draining: () => boolean,
): Door[] {
  const { settings, prisma, urls, publicUrl, clock, files, metrics, context, logger } = services;
  /** Static files (GraphiQL's bundle…) under /assets: hashed names, cached for a year. */
  const assets = staticAssets();
  const graphqlOverHttp = graphqlHttpHandler({
    graphiql: settings.graphql.graphiql,
    assets,
    limits: settings.http,
    guards,
    context: (req) => context(exchangeOf(req).actor, exchangeOf(req).signal),
    hasCaller: (req) => exchangeOf(req).actor !== null,
    onUnexpected: (err) => logger.error({ err }, 'unexpected GraphQL error'),
    plugins: [...services.persisted.plugins, useOperationSpans(), usePlannedAnswers()],
  });
  const rest = createRestHandler(routes, {
    schema,
    authenticate: async (req) => exchangeOf(req).actor,
    context: (req, actor) => context(actor, exchangeOf(req).signal),
    readBody: (req) => readJsonBody(req, settings.http),
    onRoute: (req, path) => void (exchangeOf(req).operation = `/v1${path}`),
    onError: (err) => logger.error({ err }, 'unexpected REST error'),
  });
  const readiness = async (_req: IncomingMessage, res: ServerResponse) => {
    if (draining()) return sendJson(res, 503, { status: 'shutting down' });
    await prisma.$queryRaw`SELECT 1`.then(
      () => sendJson(res, 200, { status: 'ready' }),
      () => sendJson(res, 503, { status: 'database unreachable' }),
    );
  };
  const serveFile = fileServer(files.store, files.signer, (key) => blobStillServed(prisma, key));
  const serveLinkPage = linkPages(prisma, urls, publicUrl);
  const saml = samlEndpoints({ prisma, urls, clock, maxBodyBytes: settings.http.maxBodyBytes });
  const published = async (req: IncomingMessage, res: ServerResponse, { path }: DoorRequest) =>
    servePublishedSpec(req, res, path, context(await callers.authenticate(req.headers.authorization)));

  return [
    // Probes, the front door, and the OpenAPI document and its reference page: no token.
    { match: exact('/healthz'), serve: (_req, res) => sendJson(res, 200, { status: 'ok' }) },
    { match: exact('/readyz'), serve: readiness },
    { match: exact('/'), serve: frontDoor(publicUrl, { graphiql: settings.graphql.graphiql }) },
    ...Object.entries(openApiPages(schema, routes, urls.api, assets)).map(([path, serve]): Door => ({ match: exact(path), serve })),
    ...(settings.metrics.enabled
      ? [{ match: exact('/metrics'), serve: (req, res) => metrics.serve(req, res, settings.metrics.token) } satisfies Door]
      : []),
    { match: matching(publishedSpecPath, '/openapi/:organizationId/:specSlug'), serve: published },
    { match: (path) => (assets.owns(path) ? '/assets' : undefined), serve: (req, res, { path }) => assets.serve(req, res, path) },
    { match: linkPageOf, serve: async (req, res, { path, query }) => void (await serveLinkPage(req, res, path, query)) },
    { match: startingWith(FILES_PREFIX, '/files'), serve: (req, res, { path, query }) => serveFile(req, res, path, query) },
    // SAML logins (identity providers and browsers, no API token): rate-limited by address.
    {
      match: samlEndpointOf,
      gate: 'address',
      serve: (req, res, { path, query, exchange }) => saml(req, res, path, query, exchange.signal),
    },
    {
      match: under('/v1', '/v1 (no route)'),
      surface: 'rest',
      gate: 'api',
      serve: (req, res, { path, query }) => rest(req, res, path.slice(3) || '/', query),
    },
    // GraphiQL's page is a static page: it spends none of the API's budget (its queries do).
    {
      match: exact('/graphql'),
      surface: 'graphql',
      gate: (req) => (settings.graphql.graphiql && isGraphiQLPage(req) ? undefined : 'api'),
      serve: (req, res, { query }) => graphqlOverHttp(req, res, query),
    },
  ];
}

/**
 * The request handler: every request passes the same gate (request id,
 * security headers, drain, metrics, access log, CORS, compression), then the
 * first door of the table that matches its path.
 */
function requestHandler(
  services: Services,
  doors: readonly Door[],
  callers: CallerChecks,
  exchanges: WeakMap<IncomingMessage, Exchange>,
  drain: () => Drainer,
) {
  const { settings, metrics, loop, logger } = services;
  const secure = securityHeaders(settings);
  const tenants = tenantGate(settings.tenants, services.counters?.lanes, (err) =>
    logger.error({ err }, 'shared lanes unavailable: this process counts alone'),
  );
  const corsGate = cors(settings.cors);
  const compress = compressAnswers();
  /** GraphQL event streams (subscriptions over SSE) open now, for /metrics. */
  let eventStreams = 0;
  metrics.connections('sse', () => eventStreams);
  metrics.subscriptions('sse', () => eventStreams);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const rawUrl = req.url ?? '/';
    const queryAt = rawUrl.indexOf('?');
    const path = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
    const query = new URLSearchParams(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1));
    const found = doorOf(doors, path);
    const surface: Surface = found?.door.surface ?? 'other';
    const exchange: Exchange = {
      id: requestIdOf(req),
      address: clientAddress(req, settings.trustProxyHops),
      operation: found?.operation ?? '(no route)',
      actor: null,
      signal: signalOfRequest(res),
    };
    exchanges.set(req, exchange);
    res.setHeader('X-Request-Id', exchange.id);
    secure(res, path);
    drain().track(req, res);
    metrics.inFlight.inc();
    const eventStream = isEventStream(req, surface);
    if (eventStream) eventStreams++;
    const leaveLoopWatch = loop.enter(exchange);
    const span = serverSpan(req.headers, req.method ?? '?', { 'quire.request_id': exchange.id, 'url.path': path });
    res.once('close', () => {
      metrics.inFlight.dec();
      if (eventStream) eventStreams--;
      leaveLoopWatch();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // 499 (nginx's "client closed request"): the client left before the answer was sent.
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observe(req.method ?? '?', exchange.operation, status, seconds);
      span?.end(status, exchange.operation);
      logAccess(logger, {
        requestId: exchange.id,
        method: req.method ?? '?',
        path,
        operation: exchange.operation,
        status,
        durationMs: Math.round(seconds * 1e4) / 10,
        address: exchange.address,
        ...(exchange.actor ? { userId: exchange.actor.userId, tokenId: exchange.actor.tokenId } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
        ...(span ? { traceId: span.traceId } : {}),
      });
    });

    const request: DoorRequest = { path, query, exchange };
    return span ? span.run(() => serve(req, res, found, request)) : serve(req, res, found, request);
  }

  /** The gate of the request's door, then the door itself. */
  async function serve(req: IncomingMessage, res: ServerResponse, found: ReturnType<typeof doorOf>, request: DoorRequest) {
    const { path, exchange } = request;
    const surface: Surface = found?.door.surface ?? 'other';
    try {
      if (corsGate(req, res)) return void (exchange.operation = 'preflight');
      await compress(req, res);
      if (!found) throw new AppError(404, `No route for ${path}`);
      const { door } = found;
      const gate = gateOf(door, req);
      if (gate === 'address' && !(await callers.withinRateLimit({ address: exchange.address }, res))) throw rateLimitError();
      if (gate === 'api') {
        checkDeclaredLength(req, bodyLimit(req, surface, settings.http));
        const eventStream = isEventStream(req, surface);
        const tried = await callers.admit(req, res, exchange, (ex) => (eventStream ? [] : tenants.sharedLanesOf(ex)));
        await tenants.enter(req, res, exchange, eventStream, tried);
      }
      await door.serve(req, res, request);
    } catch (err) {
      if (err instanceof AppError) return sendError(res, surface, err);
      logger.error({ err, requestId: exchange.id }, 'unexpected error');
      sendError(res, surface, databaseUnavailable(err) ?? new AppError(500 as never, 'Internal error'));
    }
  }
  return { handle, tenants };
}

/** The HTTP server with its timeouts; a malformed or oversized request head is answered in the documented error shape. */
function createHttpServer(
  http: Services['settings']['http'],
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Server {
  const server: Server = createServer(
    {
      maxHeaderSize: http.maxHeaderBytes,
      requestTimeout: http.requestTimeoutMs,
      headersTimeout: Math.min(http.headersTimeoutMs, http.requestTimeoutMs),
      keepAliveTimeout: http.keepAliveTimeoutMs,
      // How often Node looks for clients past those timeouts.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(Math.min(http.headersTimeoutMs, http.requestTimeoutMs) / 4))),
    },
    (req, res) => void handle(req, res),
  );
  // Node refuses malformed or oversized request heads before any handler runs:
  // answer those in the documented error shape too.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify({
      error: {
        code: status,
        message: status === 431 ? 'Request header fields too large' : status === 408 ? 'Request timeout' : 'Bad request',
      },
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}

/**
 * Shutdown: refuses new connections, closes subscriptions (graphql-ws code
 * 1001, event streams cut), lets requests in flight finish (at most
 * `timeoutMs`), then closes the connections, Redis and the database pool.
 * True when every request finished in time.
 */
async function shutdown(services: Services, drain: Drainer, ws: ReturnType<typeof attachGraphQLWs>, timeoutMs: number): Promise<boolean> {
  services.loop.stop();
  await ws.dispose();
  const finished = await drain.drain(timeoutMs, () => {
    ws.terminateAll();
  });
  await services.activity.settled();
  await services.compute.close();
  await services.jobs.stop(timeoutMs);
  await services.limiter?.store.close();
  await services.counters?.close();
  await services.replicas?.close();
  await services.rememberedCallers?.close();
  services.persisted.close();
  await services.events.close();
  await services.prisma.$disconnect();
  return finished;
}

export function createQuire(options: QuireOptions) {
  const services = startServices(options);
  const { settings, context, jobs, jobServices } = services;
  const callers = callerChecks(services, options.redisUrl);
  const exchanges = new WeakMap<IncomingMessage, Exchange>();
  const guards = graphqlGuards(services, exchanges);
  let drain: Drainer | undefined;
  /** Set on close: /readyz answers 503 from then on, while requests are still served for `shutdownDelayMs`. */
  let leaving = false;
  const doors = doorTable(
    services,
    callers,
    guards,
    (req) => exchanges.get(req)!,
    () => leaving || drain!.draining,
  );
  const { handle, tenants } = requestHandler(services, doors, callers, exchanges, () => drain!);
  const server = createHttpServer(settings.http, handle);
  drain = drainer(server);

  // graphql-ws on the same path; each subscribe passes the same limits and rate limit.
  const ws = attachGraphQLWs(server, {
    maxPayload: settings.http.maxBodyBytes,
    guards,
    limits: settings.tenants,
    openLiveConnection: tenants.openLiveConnection,
    authenticate: callers.authenticate,
    context,
    withinRateLimit: async (actor) => callers.withinRateLimit(callerOf(actor), undefined),
    addressWithinRateLimit: async (req) => callers.withinRateLimit({ address: clientAddress(req, settings.trustProxyHops) }, undefined),
    rateLimitMessage: rateLimitError().message,
    refuseDocument: services.persisted.refuseOverWs,
  });

  let httpConnections = 0;
  server.on('connection', (socket) => {
    httpConnections++;
    socket.once('close', () => httpConnections--);
  });
  services.metrics.connections('http', () => httpConnections);
  services.metrics.connections('websocket', ws.connectionCount);
  services.metrics.subscriptions('websocket', ws.subscriptionCount);

  let closing: Promise<boolean> | undefined;
  return {
    server,
    prisma: services.prisma,
    onStatement: services.onStatement,
    urls: services.urls,
    files: services.files,
    settings,
    metrics: services.metrics,
    rateLimiter: services.limiter,
    /** Resolves once a topic (`spaceChanged:<id>`…) has that many subscribers listening. */
    listening: services.events.listening,
    /** How many subscribers listen to a topic now. */
    listeners: services.events.listeners,
    /** Reads per database and each standby's state, with standbys (DATABASE_READ_URL). */
    readReplicas: services.replicas,
    /** Slots in use and callers waiting, per fair-share lane (`c:token:<id>`, `o:<organizationId>`). */
    shareUsage: tenants.usage,
    /** Background writes of token and member activity (settled() waits for them). */
    activity: services.activity,
    /** The callers this process remembers between requests, when settings.callerCacheMs is set. */
    rememberedCallers: services.rememberedCallers,
    /** The durable job queue (src/queue; the jobs are src/jobs). */
    jobs,
    /** The worker threads of CPU-heavy work (src/compute). */
    compute: services.compute,
    /** Runs the job handlers and schedules in this process (`npm start` does; `npm run worker` alone). */
    startWorker: () => jobs.work(jobServices),
    async listen(port: number, host = '0.0.0.0') {
      // A port in use (EADDRINUSE) or not allowed rejects here rather than crashing the process.
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as { port: number }).port;
    },
    /** Graceful stop (see `shutdown`); later calls answer the first one's promise. */
    close(timeoutMs = settings.shutdownTimeoutMs): Promise<boolean> {
      leaving = true;
      closing ??= new Promise((resolve) => setTimeout(resolve, settings.shutdownDelayMs)).then(() =>
        shutdown(services, drain!, ws, timeoutMs),
      );
      return closing;
    },
  };
}

export type Quire = ReturnType<typeof createQuire>;
