// Prometheus metrics on /metrics: requests and their latency per operation
// (the REST route pattern, or `graphql:<operation name>`), requests in flight,
// GraphQL refusals by limit, the event loop's delay, and the process's own metrics. Each server has its
// own registry. Operation names come from clients, so the label is bounded: a
// GraphQL name syntax, 64 characters, and at most `maxOperationNames` distinct
// ones (METRICS_MAX_OPERATION_NAMES); later names share `graphql:other`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
      const labels = { method, operation, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    rejected: (code: string) => rejected.inc({ code }),
    loopDelay: (seconds: number) => loopDelay.observe(seconds),
    rateLimited: (caller: 'token' | 'address') => rateLimited.inc({ caller }),
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
