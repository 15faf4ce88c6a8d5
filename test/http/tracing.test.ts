// OpenTelemetry traces (src/tracing), exported over OTLP/HTTP to a collector
// this test runs (a node:http server receiving the export): a request's span
// continues the caller's `traceparent`; its GraphQL operation is a child, the
// operation's SQL statements children of that; a job sent by the request runs
// in the same trace and passes the context on to the URL it fetches.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg, type OrgFixture } from '../support/factories.js';
import { request, rest } from '../support/http.js';
import { wsClients } from '../support/subscriptions.js';
import { startOtlpTracing, tracingOn, tracingSettingsFromEnv, type Tracing } from '../../src/tracing/tracing.js';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const received: ExportedSpan[] = [];
const logLines: Record<string, unknown>[] = [];
const traceparents: string[] = [];
let collector: http.Server;
let source: http.Server;
let sourceUrl: string;
let tracing: Tracing;
let app: TestApp;
let org: OrgFixture;
const clients = wsClients();

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  // The collector: OTLP/HTTP JSON on /v1/traces.
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const resource of body.resourceSpans ?? [])
        for (const scope of resource.scopeSpans ?? []) received.push(...(scope.spans as ExportedSpan[]));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const collectorUrl = await listen(collector);
  // The URL an OpenAPI spec is fetched from: it records the trace context it is sent.
  source = http.createServer((req, res) => {
    traceparents.push(String(req.headers.traceparent ?? ''));
    res.end(JSON.stringify({ openapi: '3.0.0', info: { title: 'Traced', version: '1' }, paths: {} }));
  });
  sourceUrl = await listen(source);
  const settings = tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collectorUrl, OTEL_SERVICE_NAME: 'quire-test' });
  tracing = await startOtlpTracing(settings!);
  const logs = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
      done();
    },
  });
  app = await startTestApp({ worker: true, logger: pino({ level: 'info' }, logs) });
  org = await createOrg(app);
});

afterAll(async () => {
  await clients.closeAll();
  await app?.close();
  await tracing?.stop();
  await new Promise((resolve) => collector.close(resolve));
  await new Promise((resolve) => source.close(resolve));
});

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value && Object.values(value)[0];
};

/** The spans of one trace, once the collector has received at least `until` says. */
async function spansOf(traceId: string, until: (spans: ExportedSpan[]) => boolean) {
  await expect
    .poll(
      async () => {
        await tracing.flush();
        return until(received.filter((s) => s.traceId === traceId));
      },
      { timeout: 30_000, interval: 100 },
    )
    .toBe(true);
  return received.filter((s) => s.traceId === traceId);
}

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

describe('traces', () => {
  it('continue the caller’s traceparent: HTTP request → GraphQL operation → SQL statements, with the request id', async () => {
    const res = await request(app, 'POST', '/graphql', {
      token: org.admin.token,
      body: { query: 'query TracedOrganizations { organizations(first: 5) { totalCount edges { node { id title } } } }' },
      headers: { traceparent: `00-${TRACE_ID}-${CALLER_SPAN}-01` },
    });
    expect(res.status).toBe(200);
    const isOperation = (s: ExportedSpan) => s.name === 'query TracedOrganizations';
    const spans = await spansOf(TRACE_ID, (all) => all.some((s) => s.kind === 2) && all.some(isOperation));

    const server = spans.find((s) => s.kind === 2)!; // SERVER
    expect(server.parentSpanId).toBe(CALLER_SPAN);
    expect(server.name).toBe('POST graphql:TracedOrganizations');
    expect(attribute(server, 'quire.request_id')).toBe(res.headers.get('x-request-id'));
    expect(attribute(server, 'http.response.status_code')).toBe(200);
    const accessLine = logLines.find((l) => l.msg === 'request' && l.requestId === res.headers.get('x-request-id'));
    expect(accessLine?.traceId).toBe(TRACE_ID);

    const operation = spans.find(isOperation)!;
    expect(operation.parentSpanId).toBe(server.spanId);
    expect(attribute(operation, 'graphql.operation.name')).toBe('TracedOrganizations');

    const statements = spans.filter((s) => attribute(s, 'db.system.name') === 'postgresql');
    // The token check runs before the operation (a child of the request), the reads inside it.
    expect(statements.some((s) => s.parentSpanId === server.spanId)).toBe(true);
    const reads = statements.filter((s) => s.parentSpanId === operation.spanId);
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.some((s) => String(attribute(s, 'db.query.text')).includes('SELECT'))).toBe(true);
  });

  it('give an operation over graphql-ws its span, parent of its SQL statements', async () => {
    const client = clients.open(app, org.admin.token);
    const result = await new Promise<Record<string, unknown>>((resolve, reject) => {
      let answer: Record<string, unknown> = {};
      client.subscribe(
        { query: 'query TracedOverWebSocket { viewer { id } }' },
        { next: (value) => void (answer = value as Record<string, unknown>), error: reject, complete: () => resolve(answer) },
      );
    });
    expect(result.errors).toBeUndefined();
    let operation: ExportedSpan | undefined;
    await expect
      .poll(
        async () => {
          await tracing.flush();
          operation = received.find((s) => s.name === 'query TracedOverWebSocket');
          return !!operation && received.some((s) => s.parentSpanId === operation!.spanId);
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(true);
    const statements = received.filter((s) => s.parentSpanId === operation!.spanId);
    expect(statements.every((s) => attribute(s, 'db.system.name') === 'postgresql')).toBe(true);
  });

  it('carry a REST request’s trace into the job it sends, and from the job to the URL it fetches', async () => {
    const traceId = `${'a'.repeat(31)}1`;
    const res = await request(app, 'POST', `/v1/orgs/${org.organizationId}/openapi`, {
      token: org.admin.token,
      body: { slug: 'traced', source: { url: `${sourceUrl}/spec.json` } },
      headers: { traceparent: `00-${traceId}-${CALLER_SPAN}-01` },
    });
    expect(res.status).toBe(201);
    const spans = await spansOf(
      traceId,
      (all) => all.some((s) => s.name === 'job openapi-spec.process') && all.some((s) => s.name === 'GET'),
    );
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestry = (span: ExportedSpan) => {
      const names: string[] = [];
      for (let at: ExportedSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined) names.push(at.name);
      return names;
    };

    const fetchSpan = spans.find((s) => s.name === 'GET' && s.kind === 3)!; // CLIENT
    expect(ancestry(fetchSpan)).toEqual([
      'GET',
      'job openapi-spec.process',
      'send openapi-spec.process',
      expect.stringMatching(/^mutation /),
      `POST /v1/orgs/:organizationId/openapi`,
    ]);
    // The source was sent the fetch span's context.
    expect(traceparents).toContain(`00-${traceId}-${fetchSpan.spanId}-01`);
    const done = await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/openapi/traced`);
    expect(done.status).toBe(200);
  });
});

describe('tracing settings', () => {
  it('is off unless an OTLP endpoint is configured, and says which variable is wrong', () => {
    expect(tracingOn()).toBe(true); // this file turned it on
    expect(tracingSettingsFromEnv({})).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318/' })).toEqual({
      endpoint: 'http://c:4318/v1/traces',
      serviceName: 'quire',
    });
    expect(tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://c/traces', OTEL_SERVICE_NAME: 'docs' })).toEqual({
      endpoint: 'https://c/traces',
      serviceName: 'docs',
    });
    expect(() => tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => tracingSettingsFromEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c', OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /OTEL_TRACES_EXPORTER/,
    );
  });
});
