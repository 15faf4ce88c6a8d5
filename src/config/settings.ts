// The server's protective settings: their defaults, and how environment
// variables set them (docs/configuration.md lists every variable).
import { integer, type Env } from './env.js';
import { defaultGraphQLLimits, type GraphQLLimits } from '../limits/graphql.js';
import { defaultComputeSettings, type ComputeSettings } from '../compute/settings.js';
import { defaultContentLimits, type ContentLimits } from '../limits/content.js';

// Re-exported for the callers that read their own variables next to these settings.
export { integer, type Env };

export interface HttpLimits {
  /** Largest request body (REST and /graphql): 413 past it. */
  maxBodyBytes: number;
  /** Largest uploaded file (GraphQL multipart `uploadFile`): 413 past it. A multipart request may carry this much more than `maxBodyBytes`. */
  maxUploadBytes: number;
  /** Largest request head (request line + headers): Node answers 431 past it. */
  maxHeaderBytes: number;
  /** Deepest nesting of a JSON body (or GraphQL `variables`/`extensions` parameter): 400 past it. */
  maxJsonDepth: number;
  /** Time a client has to send a whole request (headers and body): 408 after it. */
  requestTimeoutMs: number;
  /** Time a client has to send the request head. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
}

export const defaultHttpLimits: HttpLimits = {
  maxBodyBytes: 1024 * 1024,
  maxUploadBytes: 10 * 1024 * 1024,
  maxHeaderBytes: 16 * 1024,
  maxJsonDepth: 32,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  keepAliveTimeoutMs: 5_000,
};

export interface RateLimitSettings {
  /** Length of one fixed window. */
  windowSeconds: number;
  /** Requests per window for one API token. */
  perToken: number;
  /** Requests per window for one user, all their tokens together (unset: no such budget). */
  perUser?: number;
  /** Requests per window for one organization, all its members' requests together (unset: no such budget). */
  perOrganization?: number;
  /** Requests per window for one client address without a valid token. */
  perAddress: number;
}

export const defaultRateLimits: Required<RateLimitSettings> = {
  windowSeconds: 3600,
  perToken: 5000,
  perUser: 10_000,
  perOrganization: 50_000,
  perAddress: 300,
};

/** What one caller may hold at once, so that one tenant cannot starve the others. */
export interface TenantLimits {
  /** Live API tokens one user may hold: 409 past it. */
  maxTokensPerUser: number;
  /** Requests of one API token (or address, without one) in progress at once; more wait in line. */
  concurrentPerToken: number;
  /** Requests of the members of one organization in progress at once; more wait in line. */
  concurrentPerOrganization: number;
  /**
   * Requests in progress at once in one process, all callers together; more wait in line.
   * It bounds the memory of work in flight (each request holds its rows and its answer).
   */
  concurrentPerProcess: number;
  /** Requests that may wait for a slot, per token, organization or process: 429 past it. */
  queueLength: number;
  /** Longest wait for a slot: 503 after it. */
  queueTimeoutMs: number;
  /** graphql-ws: live subscriptions on one connection. */
  subscriptionsPerConnection: number;
  /** graphql-ws: open connections of one API token (per process). */
  connectionsPerToken: number;
}

export const defaultTenantLimits: TenantLimits = {
  maxTokensPerUser: 50,
  concurrentPerToken: 2,
  concurrentPerOrganization: 4,
  concurrentPerProcess: 16,
  queueLength: 256,
  queueTimeoutMs: 10_000,
  subscriptionsPerConnection: 50,
  connectionsPerToken: 20,
};

export interface CorsSettings {
  /** Allowed browser origins (`https://app.example.com`), or '*' for any. Empty: no CORS. */
  origins: string[] | '*';
  maxAgeSeconds: number;
}

export interface HardeningSettings {
  http: HttpLimits;
  graphql: GraphQLLimits & { introspection: boolean; graphiql: boolean; plannedReads: boolean };
  /** false: no rate limiting. */
  rateLimit: RateLimitSettings | false;
  /** Least time between two writes of a token's `lastUsedAt` (and a member's `lastSeenAt`). */
  activityIntervalSeconds: number;
  /**
   * How long a process remembers an API token's caller (src/domain/auth/callerCache.ts); 0: never, every
   * request reads its token. Off unless set (tests see every change at once); `npm start`: CALLER_CACHE_MS.
   */
  callerCacheMs: number;
  cors: CorsSettings;
  /** Strict-Transport-Security max-age; unset: no header (serve HTTPS behind a proxy, then set it). */
  hstsMaxAgeSeconds?: number;
  /** How many reverse proxies in front append to X-Forwarded-For (0: use the socket address). */
  trustProxyHops: number;
  /** `/metrics` on/off, an optional bearer token it requires; the event-loop stall logged with its requests. */
  metrics: { enabled: boolean; token?: string; maxOperationNames: number; eventLoopBlockedMs: number };
  /** Longest wait for in-flight requests on shutdown before connections are cut. */
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the drain (a load balancer's time to notice). */
  shutdownDelayMs: number;
  tenants: TenantLimits;
  /** The worker-thread pool of CPU-heavy work (src/compute). */
  compute: ComputeSettings;
  content: ContentLimits;
  /** Persisted GraphQL operations (src/graphql/persisted.ts). */
  persistedOperations: PersistedOperationSettings;
}

/** How /graphql takes operations by hash: docs/configuration.md, "Persisted operations". */
export interface PersistedOperationSettings {
  /**
   * `apq`: any document runs, and a client may register one by its hash then send the hash alone (automatic
   * persisted queries); `trusted`: only the documents of the manifests run; `off`: neither, documents in full.
   */
  mode: 'apq' | 'trusted' | 'off';
  /** JSON manifests of trusted documents (hash → document), beside Quire's own operations. */
  manifests: string[];
  /** Bytes of registered documents an in-memory APQ store holds; the least recently used leave first. */
  apqMaxBytes: number;
  /** How long a registered document is kept (seconds). */
  apqTtlSeconds: number;
}

export const defaultPersistedOperations: PersistedOperationSettings = {
  mode: 'apq',
  manifests: [],
  apqMaxBytes: 8 * 1024 * 1024,
  apqTtlSeconds: 24 * 3600,
};

/** A served process remembers a token's caller this long (CALLER_CACHE_MS): a revocation heard at once, a lost notification bounded. */
export const DEFAULT_CALLER_CACHE_MS = 5_000;

export function defaultSettings(): HardeningSettings {
  return {
    http: { ...defaultHttpLimits },
    graphql: { ...defaultGraphQLLimits, introspection: true, graphiql: true, plannedReads: true },
    rateLimit: false,
    activityIntervalSeconds: 60,
    callerCacheMs: 0,
    cors: { origins: [], maxAgeSeconds: 600 },
    trustProxyHops: 0,
    metrics: { enabled: true, maxOperationNames: 200, eventLoopBlockedMs: 200 },
    shutdownTimeoutMs: 25_000,
    shutdownDelayMs: 0,
    tenants: { ...defaultTenantLimits },
    compute: defaultComputeSettings(),
    content: { ...defaultContentLimits },
    persistedOperations: { ...defaultPersistedOperations },
  };
}

/** What createQuire accepts: any part of the settings; the rest keeps its default (rate limiting: off). */
export interface SettingsOverrides {
  http?: Partial<HttpLimits>;
  graphql?: Partial<HardeningSettings['graphql']>;
  rateLimit?: RateLimitSettings | false;
  activityIntervalSeconds?: number;
  callerCacheMs?: number;
  cors?: Partial<CorsSettings>;
  hstsMaxAgeSeconds?: number;
  trustProxyHops?: number;
  metrics?: Partial<HardeningSettings['metrics']>;
  shutdownTimeoutMs?: number;
  shutdownDelayMs?: number;
  tenants?: Partial<TenantLimits>;
  compute?: Partial<ComputeSettings>;
  content?: Partial<ContentLimits>;
  persistedOperations?: Partial<PersistedOperationSettings>;
}

export function resolveSettings(o: SettingsOverrides): HardeningSettings {
  const d = defaultSettings();
  return {
    http: { ...d.http, ...o.http },
    graphql: { ...d.graphql, ...o.graphql },
    rateLimit: o.rateLimit ?? d.rateLimit,
    activityIntervalSeconds: o.activityIntervalSeconds ?? d.activityIntervalSeconds,
    callerCacheMs: o.callerCacheMs ?? d.callerCacheMs,
    cors: { ...d.cors, ...o.cors },
    hstsMaxAgeSeconds: o.hstsMaxAgeSeconds ?? d.hstsMaxAgeSeconds,
    trustProxyHops: o.trustProxyHops ?? d.trustProxyHops,
    metrics: { ...d.metrics, ...o.metrics },
    shutdownTimeoutMs: o.shutdownTimeoutMs ?? d.shutdownTimeoutMs,
    shutdownDelayMs: o.shutdownDelayMs ?? d.shutdownDelayMs,
    tenants: { ...d.tenants, ...o.tenants },
    compute: { ...d.compute, ...o.compute },
    content: { ...d.content, ...o.content },
    persistedOperations: { ...d.persistedOperations, ...o.persistedOperations },
  };
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'on', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'off', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be true or false (got "${env[name]}")`);
}

function origins(raw: string | undefined): string[] | '*' {
  const list = (raw ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  if (list.includes('*')) return '*';
  for (const origin of list) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
    if (url.origin !== origin) throw new Error(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
  }
  return list;
}

/** Settings from the environment (unset variables keep the defaults; rate limiting is on). */
export function settingsFromEnv(env: Env = process.env): HardeningSettings {
  const d = defaultSettings();
  const g = d.graphql;
  return {
    http: {
      maxBodyBytes: integer(env, 'MAX_BODY_BYTES', d.http.maxBodyBytes),
      maxUploadBytes: integer(env, 'MAX_UPLOAD_BYTES', d.http.maxUploadBytes),
      maxHeaderBytes: integer(env, 'MAX_HEADER_BYTES', d.http.maxHeaderBytes, 1024),
      maxJsonDepth: integer(env, 'MAX_JSON_DEPTH', d.http.maxJsonDepth),
      requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', d.http.requestTimeoutMs),
      headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', d.http.headersTimeoutMs),
      keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', d.http.keepAliveTimeoutMs),
    },
    graphql: {
      maxDepth: integer(env, 'GRAPHQL_MAX_DEPTH', g.maxDepth),
      maxAliases: integer(env, 'GRAPHQL_MAX_ALIASES', g.maxAliases, 0),
      maxDirectives: integer(env, 'GRAPHQL_MAX_DIRECTIVES', g.maxDirectives, 0),
      maxTokens: integer(env, 'GRAPHQL_MAX_TOKENS', g.maxTokens),
      maxNodes: integer(env, 'GRAPHQL_MAX_NODES', g.maxNodes),
      defaultListSize: integer(env, 'GRAPHQL_DEFAULT_LIST_SIZE', g.defaultListSize),
      maxDocuments: integer(env, 'GRAPHQL_MAX_DOCUMENTS', g.maxDocuments),
      introspection: flag(env, 'GRAPHQL_INTROSPECTION', true),
      graphiql: flag(env, 'GRAPHIQL', true),
      plannedReads: flag(env, 'GRAPHQL_PLANNED_READS', true),
    },
    rateLimit: flag(env, 'RATE_LIMIT', true)
      ? {
          windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', defaultRateLimits.windowSeconds),
          perToken: integer(env, 'RATE_LIMIT_PER_TOKEN', defaultRateLimits.perToken),
          // 0 turns that budget off (one counter fewer per request).
          perUser: integer(env, 'RATE_LIMIT_PER_USER', defaultRateLimits.perUser, 0) || undefined,
          perOrganization: integer(env, 'RATE_LIMIT_PER_ORGANIZATION', defaultRateLimits.perOrganization, 0) || undefined,
          perAddress: integer(env, 'RATE_LIMIT_PER_ADDRESS', defaultRateLimits.perAddress),
        }
      : false,
    activityIntervalSeconds: integer(env, 'ACTIVITY_INTERVAL_SECONDS', d.activityIntervalSeconds, 0),
    callerCacheMs: integer(env, 'CALLER_CACHE_MS', DEFAULT_CALLER_CACHE_MS, 0),
    cors: { origins: origins(env.CORS_ORIGINS), maxAgeSeconds: integer(env, 'CORS_MAX_AGE_SECONDS', d.cors.maxAgeSeconds, 0) },
    hstsMaxAgeSeconds: env.HSTS_MAX_AGE_SECONDS ? integer(env, 'HSTS_MAX_AGE_SECONDS', 0, 0) : undefined,
    trustProxyHops: integer(env, 'TRUST_PROXY_HOPS', 0, 0),
    metrics: {
      enabled: flag(env, 'METRICS', true),
      token: env.METRICS_TOKEN || undefined,
      maxOperationNames: integer(env, 'METRICS_MAX_OPERATION_NAMES', d.metrics.maxOperationNames, 0),
      eventLoopBlockedMs: integer(env, 'EVENT_LOOP_BLOCKED_MS', d.metrics.eventLoopBlockedMs),
    },
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', d.shutdownTimeoutMs, 0),
    shutdownDelayMs: integer(env, 'SHUTDOWN_DELAY_MS', d.shutdownDelayMs, 0),
    tenants: {
      maxTokensPerUser: integer(env, 'MAX_TOKENS_PER_USER', d.tenants.maxTokensPerUser),
      concurrentPerToken: integer(env, 'CONCURRENT_REQUESTS_PER_TOKEN', d.tenants.concurrentPerToken),
      concurrentPerOrganization: integer(env, 'CONCURRENT_REQUESTS_PER_ORGANIZATION', d.tenants.concurrentPerOrganization),
      concurrentPerProcess: integer(env, 'CONCURRENT_REQUESTS_PER_PROCESS', d.tenants.concurrentPerProcess),
      queueLength: integer(env, 'CONCURRENT_QUEUE_LENGTH', d.tenants.queueLength, 0),
      queueTimeoutMs: integer(env, 'CONCURRENT_QUEUE_TIMEOUT_MS', d.tenants.queueTimeoutMs),
      subscriptionsPerConnection: integer(env, 'WS_MAX_SUBSCRIPTIONS_PER_CONNECTION', d.tenants.subscriptionsPerConnection),
      connectionsPerToken: integer(env, 'WS_MAX_CONNECTIONS_PER_TOKEN', d.tenants.connectionsPerToken),
    },
    compute: {
      maxThreads: integer(env, 'COMPUTE_THREADS', d.compute.maxThreads),
      maxQueue: integer(env, 'COMPUTE_QUEUE_LENGTH', d.compute.maxQueue, 0),
      taskTimeoutMs: integer(env, 'COMPUTE_TASK_TIMEOUT_MS', d.compute.taskTimeoutMs),
      pdfTimeoutMs: integer(env, 'COMPUTE_PDF_TIMEOUT_MS', d.compute.pdfTimeoutMs),
      inlineMarkdownBytes: integer(env, 'COMPUTE_INLINE_MARKDOWN_BYTES', d.compute.inlineMarkdownBytes, 0),
    },
    content: {
      maxPageChars: integer(env, 'MARKDOWN_MAX_PAGE_CHARS', d.content.maxPageChars),
      maxCommentChars: integer(env, 'MARKDOWN_MAX_COMMENT_CHARS', d.content.maxCommentChars),
      maxMarkdownNesting: integer(env, 'MARKDOWN_MAX_NESTING', d.content.maxMarkdownNesting),
      maxMarkdownDelimiters: integer(env, 'MARKDOWN_MAX_DELIMITERS', d.content.maxMarkdownDelimiters),
      maxMarkdownQuotes: integer(env, 'MARKDOWN_MAX_QUOTES', d.content.maxMarkdownQuotes),
      maxDocumentDepth: integer(env, 'DOCUMENT_MAX_DEPTH', d.content.maxDocumentDepth),
      maxDocumentNodes: integer(env, 'DOCUMENT_MAX_NODES', d.content.maxDocumentNodes),
    },
    persistedOperations: persistedOperationsFromEnv(env),
  };
}

const persistedModes = ['apq', 'trusted', 'off'] as const;

function persistedOperationsFromEnv(env: Env): PersistedOperationSettings {
  const d = defaultPersistedOperations;
  const mode = env.GRAPHQL_PERSISTED_OPERATIONS?.trim().toLowerCase() || d.mode;
  if (!persistedModes.includes(mode as never))
    throw new Error(`GRAPHQL_PERSISTED_OPERATIONS must be apq, trusted or off (got "${env.GRAPHQL_PERSISTED_OPERATIONS}")`);
  return {
    mode: mode as PersistedOperationSettings['mode'],
    manifests: (env.GRAPHQL_TRUSTED_DOCUMENTS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    apqMaxBytes: integer(env, 'GRAPHQL_APQ_MAX_BYTES', d.apqMaxBytes, 1024),
    apqTtlSeconds: integer(env, 'GRAPHQL_APQ_TTL_SECONDS', d.apqTtlSeconds),
  };
}

/** The HTTP port: PORT, 0 to 65535 (0: any free port). */
export function portFromEnv(env: Env = process.env): number {
  const port = integer(env, 'PORT', 4000, 0);
  if (port > 65535) throw new Error(`PORT must be an integer from 0 to 65535 (got "${env.PORT}")`);
  return port;
}

/** The address to listen on: HOST, default loopback (this machine only); `0.0.0.0` or `::` for every interface. */
export function hostFromEnv(env: Env = process.env): string {
  const host = env.HOST?.trim() || '127.0.0.1';
  if (!/^[\w.:-]{1,253}$/.test(host)) throw new Error(`HOST must be an IP address or a host name (got "${env.HOST}")`);
  return host;
}

/** True when `host` listens on every interface (reachable from other machines). */
export const isEveryInterface = (host: string) => host === '0.0.0.0' || host === '::';
