// The metrics operators look for on /metrics (docs/metrics.md): the database
// pool, open connections and subscriptions, the job queue, caches and the
// event loop — present, and moving with traffic.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { request, rest } from '../support/http.js';

let app: TestApp;
let org: OrgFixture;
let source: http.Server;
let sourceUrl: string;

beforeAll(async () => {
  source = http.createServer((req, res) => {
    if (req.url === '/flaky') return void res.writeHead(503).end();
    res.end(JSON.stringify({ openapi: '3.0.0', info: { title: 'Metered', version: '1' }, paths: {} }));
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  app = await startTestApp({ worker: true, jobs: { policies: { 'openapi-spec.process': { retryLimit: 1, retryDelay: 1 } } } });
  org = await createOrg(app);
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => source.close(resolve));
});

const scrape = async (target: TestApp = app) => String((await request(target, 'GET', '/metrics')).body);

/** The value of one series (name and labels exactly as exposed), undefined when absent. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics for operators', () => {
  it('shows the database pool: connections in use and idle, its size, callers waiting, and the time to get a connection', async () => {
    const before = await scrape();
    const acquiredBefore = value(before, 'quire_db_pool_acquire_seconds_count') ?? 0;
    for (let i = 0; i < 3; i++) await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}`);
    const text = await scrape();
    expect(value(text, 'quire_db_pool_max_connections')).toBe(10);
    expect(value(text, 'quire_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'quire_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
    expect(value(text, 'quire_db_pool_waiting')).toBe(0);
    expect(value(text, 'quire_db_pool_acquire_seconds_count')).toBeGreaterThan(acquiredBefore);
    expect(text).toMatch(/quire_db_pool_acquire_seconds_bucket\{le="0.005"\} \d+/);
    expect(value(text, 'quire_db_pool_acquire_failures_total')).toBe(0);
  });

  it('counts open connections and subscriptions, by transport, up and down again', async () => {
    const space = await createSpace(app, org);
    const client = createClient({
      url: `${app.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${org.admin.token}` },
      retryAttempts: 0,
    });
    const stop = client.subscribe(
      { query: 'subscription($id: ID!) { spaceChanged(id: $id) { id } }', variables: { id: space.id } },
      {
        next: () => {},
        error: () => {},
        complete: () => {},
      },
    );
    try {
      await expect.poll(async () => value(await scrape(), 'quire_graphql_subscriptions_open{transport="websocket"}')).toBe(1);
      const text = await scrape();
      expect(value(text, 'quire_open_connections{kind="websocket"}')).toBe(1);
      expect(value(text, 'quire_open_connections{kind="http"}')).toBeGreaterThanOrEqual(1);
      expect(value(text, 'quire_open_connections{kind="sse"}')).toBe(0);
    } finally {
      stop();
      await client.dispose();
    }
    await expect.poll(async () => value(await scrape(), 'quire_open_connections{kind="websocket"}')).toBe(0);
    expect(value(await scrape(), 'quire_graphql_subscriptions_open{transport="websocket"}')).toBe(0);
  });

  it('shows the job queue: jobs waiting by job, and attempts completed and failed by job', async () => {
    // An app that sends jobs but runs none: its job waits in the queue.
    const sender = await startTestApp();
    try {
      const queued = await rest(sender, org.admin.token).post(`/v1/orgs/${org.organizationId}/openapi`, {
        slug: 'waiting',
        source: { url: `${sourceUrl}/spec.json` },
      });
      expect(queued.status).toBe(201);
      expect(value(await scrape(sender), 'quire_jobs_queued{job="openapi-spec.process",state="created"}')).toBe(1);
    } finally {
      await sender.close();
    }

    const admin = rest(app, org.admin.token);
    expect(
      (await admin.post(`/v1/orgs/${org.organizationId}/openapi`, { slug: 'fine', source: { url: `${sourceUrl}/spec.json` } })).status,
    ).toBe(201);
    expect(
      (await admin.post(`/v1/orgs/${org.organizationId}/openapi`, { slug: 'flaky', source: { url: `${sourceUrl}/flaky` } })).status,
    ).toBe(201);
    // The flaky source fails its first attempt (503, retried), the other completes.
    await expect
      .poll(async () => value(await scrape(), 'quire_job_attempts_total{job="openapi-spec.process",outcome="failed"}'), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => value(await scrape(), 'quire_job_attempts_total{job="openapi-spec.process",outcome="completed"}'), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(1);
  });

  it('counts cache look-ups: a space’s page tree read twice is a miss, then a hit', async () => {
    const space = await createSpace(app, org);
    const hits = 'quire_cache_lookups_total{cache="revision_page_trees",result="hit"}';
    const before = value(await scrape(), hits) ?? 0;
    for (let i = 0; i < 2; i++) expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content`)).status).toBe(200);
    const text = await scrape();
    expect(value(text, hits)).toBeGreaterThan(before);
    expect(value(text, 'quire_cache_lookups_total{cache="revision_page_trees",result="miss"}')).toBeGreaterThan(0);
    expect(value(text, 'quire_cache_entries{cache="revision_page_trees"}')).toBeGreaterThan(0);
    expect(text).toMatch(/quire_cache_lookups_total\{cache="page_documents",result="hit"\} \d+/);
    expect(text).toMatch(/quire_cache_lookups_total\{cache="apq",result="miss"\} \d+/);
  });

  it('counts planned queries answered whole: a REST read of a space is one', async () => {
    const space = await createSpace(app, org);
    const whole = 'quire_graphql_planned_answers_total{outcome="whole"}';
    const before = value(await scrape(), whole) ?? 0;
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).status).toBe(200);
    const text = await scrape();
    expect(value(text, whole)).toBeGreaterThan(before);
    expect(text).toMatch(/quire_graphql_planned_answers_total\{outcome="again"\} \d+/);
  });

  it('shows the event loop’s delay', async () => {
    const text = await scrape();
    expect(value(text, 'quire_event_loop_delay_seconds_count')).toBeGreaterThan(0);
    expect(text).toMatch(/quire_nodejs_eventloop_lag_p99_seconds \d/);
  });
});
