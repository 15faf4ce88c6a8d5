// Prometheus metrics on /metrics (docs/metrics.md lists them all): requests and their latency per operation
// (the REST route pattern, or `graphql:<operation name>`), requests in flight,
// GraphQL refusals by limit, the event loop's delay, and the process's own metrics. Each server has its
// own registry. Operation names come from clients, so the label is bounded: a
// GraphQL name syntax, 64 characters, and at most `maxOperationNames` distinct
// ones (METRICS_MAX_OPERATION_NAMES); later names share `graphql:other`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What a cache tells /metrics: look-ups since it started, and its entries now when it knows. */
export interface CacheCounts {
  hits: number;
  misses: number;
  entries?: number;
}

export function createMetrics({ maxOperationNames }: { maxOperationNames: number }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'quire_' });
  const labelNames = ['method', 'operation', 'status'] as const;
  const requests = new Counter({ name: 'quire_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'quire_http_request_duration_seconds',
    help: 'Time from request to the end of the answer',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  /**
   * Each label set's series, found by one string (prom-client hashes the label object on every call):
   * as many as methods × statuses × operations, which are bounded (route table, operation names).
   */
  const seriesOf = new Map<string, { requests: { inc(): void }; duration: { observe(value: number): void } }>();
  const inFlight = new Gauge({ name: 'quire_http_requests_in_flight', help: 'HTTP requests being answered', registers: [registry] });
  const rejected = new Counter({
    name: 'quire_graphql_rejected_total',
    help: 'GraphQL operations refused before execution, by limit',
    labelNames: ['code'],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'quire_rate_limited_total',
    help: 'Requests refused with 429',
    labelNames: ['caller'],
    registers: [registry],
  });
  const loopDelay = new Histogram({
    name: 'quire_event_loop_delay_seconds',
    help: 'How late the event loop ran a timer: the time everything else waited',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const seenOperations = new Set<string>();
  const caches = new Map<string, () => CacheCounts>();
  new Counter({
    name: 'quire_cache_lookups_total',
    help: 'Look-ups of in-process caches (and the APQ store), by cache and result (hit, miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, read] of caches) {
        const { hits, misses } = read();
        this.inc({ cache, result: 'hit' }, hits);
        this.inc({ cache, result: 'miss' }, misses);
      }
    },
  });
  new Gauge({
    name: 'quire_cache_entries',
    help: 'Entries an in-process cache holds now',
    labelNames: ['cache'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, read] of caches) {
        const { entries } = read();
        if (entries !== undefined) this.set({ cache }, entries);
      }
    },
  });
  const connectionSources = new Map<string, () => number>();
  new Gauge({
    name: 'quire_open_connections',
    help: 'Open connections by kind: http (TCP connections of the HTTP server), websocket (graphql-ws, accepted), sse (GraphQL event streams)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      for (const [kind, read] of connectionSources) this.set({ kind }, read());
    },
  });
  const liveSources = new Map<string, () => number>();
  new Gauge({
    name: 'quire_graphql_subscriptions_open',
    help: 'GraphQL subscriptions running now, by transport (websocket, sse)',
    labelNames: ['transport'],
    registers: [registry],
    collect() {
      for (const [transport, read] of liveSources) this.set({ transport }, read());
    },
  });

  return {
    registry,
    inFlight,
    /** A GraphQL operation label, bounded in shape and number. */
    graphqlOperation(name: unknown) {
      if (typeof name !== 'string' || !name) return 'graphql:anonymous';
      const label = `graphql:${name.slice(0, 64)}`;
      if (seenOperations.has(label)) return label;
      if (seenOperations.size >= maxOperationNames) return 'graphql:other';
      seenOperations.add(label);
      return label;
    },
    observe(method: string, operation: string, status: number, seconds: number) {
      const key = `${method} ${status} ${operation}`;
      let series = seriesOf.get(key);
      if (!series) {
        const labels = { method, operation, status: String(status) };
        seriesOf.set(key, (series = { requests: requests.labels(labels), duration: duration.labels(labels) }));
      }
      series.requests.inc();
      series.duration.observe(seconds);
    },
    rejected: (code: string) => rejected.inc({ code }),
    loopDelay: (seconds: number) => loopDelay.observe(seconds),
    rateLimited: (caller: 'token' | 'address') => rateLimited.inc({ caller }),
    /** A cache whose counts are read at each scrape. */
    cache: (name: string, read: () => CacheCounts) => void caches.set(name, read),
    /** Open connections of a kind, counted at each scrape. */
    connections: (kind: 'http' | 'websocket' | 'sse', read: () => number) => void connectionSources.set(kind, read),
    /** Subscriptions of a transport, counted at each scrape. */
    subscriptions: (transport: 'websocket' | 'sse', read: () => number) => void liveSources.set(transport, read),
    async serve(req: IncomingMessage, res: ServerResponse, token: string | undefined) {
      if (token && !sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) {
        const body = JSON.stringify({
          error: { code: 401, message: 'The metrics token is required: Authorization: Bearer <METRICS_TOKEN>' },
        });
        return void res.writeHead(401, { 'Content-Type': 'application/json; charset=utf-8' }).end(body);
      }
      const text = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType }).end(text);
    },
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();
const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));
