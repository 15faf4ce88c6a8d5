// OpenAPI specs under bounds (issue #26): a small source whose $refs fan out
// is refused past the node limit rather than dereferenced to megabytes; a
// source nested thousands of levels is refused (no stack overflow, no spec
// left in progress); a failure of any other kind still ends the processing;
// a refused source host's error names no internal address.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { createOrg, type OrgFixture } from '../support/factories.js';
import { processOpenAPISpecJob } from '../../src/jobs/openapiSpecs.js';
import { defaultFetchPolicy, fetchOutbound } from '../../src/net/fetch.js';

/** 16 levels of schemas, each referring twice to the next: about 2 KB that dereference to 2^16 copies of the last. */
function fanOutSpec(levels = 16) {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    schemas[`L${i}`] =
      i === levels - 1
        ? { type: 'string' }
        : { type: 'object', properties: { a: { $ref: `#/components/schemas/L${i + 1}` }, b: { $ref: `#/components/schemas/L${i + 1}` } } };
  }
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/L0' } } } } };
  return JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'Fan', version: '1' },
    paths: { '/x': { get: { responses: ok } } },
    components: { schemas },
  });
}

const deepSpec = (levels = 5000) =>
  `{"openapi":"3.0.0","info":{"title":"Deep","version":"1"},"paths":{},"x-deep":${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}}`;

let app: TestApp;
let org: OrgFixture;
let source: http.Server;
let base: string;
beforeAll(async () => {
  source = http.createServer((req, res) => {
    if (req.url === '/fan.json') return void res.end(fanOutSpec());
    if (req.url === '/deep.json') return void res.end(deepSpec());
    if (req.url === '/small.json') return void res.end(fanOutSpec(4));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  app = await startTestApp({ worker: true, jobs: { policies: { 'openapi-spec.process': { retryLimit: 1, retryDelay: 1 } } } });
  org = await createOrg(app);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => source.close(resolve));
});

const specsPath = () => `/v1/orgs/${org.organizationId}/openapi`;

async function settled(slug: string, ms = 60_000) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await rest(app, org.admin.token).get(`${specsPath()}/${slug}`);
    if (res.status === 200 && res.body.processingState === 'complete') return res.body;
    if (Date.now() > until) throw new Error(`spec ${slug} never settled: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function processed(slug: string, path: string) {
  expect((await rest(app, org.admin.token).post(specsPath(), { slug, source: { url: `${base}${path}` } })).status).toBe(201);
  return settled(slug);
}

describe('OpenAPI spec bounds', () => {
  it('refuses a source whose $refs fan out past the node limit (PARSE_ERROR naming the limit), and stores none of it', async () => {
    const spec = await processed('fan', '/fan.json');
    expect(spec.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(spec.lastProcessedErrors).toEqual([{ code: 'TOO_LARGE', message: expect.stringMatching(/more than 200000 values/) }]);
    expect(await app.prisma.openAPISpecVersion.count({ where: { specId: spec.id } })).toBe(0);
    // A small fan-out is dereferenced as before.
    const small = await processed('small', '/small.json');
    expect(small.lastProcessErrorCode).toBeUndefined();
    const version = await app.prisma.openAPISpecVersion.findFirstOrThrow({ where: { specId: small.id } });
    expect((version.document as any).components.schemas.L0.properties.a.properties.b.properties.a).toEqual({ type: 'string' });
  });

  it('refuses a source nested 5,000 levels deep at once, and the spec does not stay in progress', async () => {
    const spec = await processed('deep', '/deep.json');
    expect(spec.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(spec.lastProcessedErrors).toEqual([{ code: 'TOO_DEEP', message: 'The source is nested more than 128 levels deep' }]);
  });

  it('records a final failed state for a failure of any other kind on the last attempt', async () => {
    const created = await rest(app, org.admin.token).post(specsPath(), { slug: 'broken', source: { url: `${base}/small.json` } });
    await settled('broken');
    const row = await app.prisma.openAPISpec.update({ where: { id: created.body.id }, data: { processingState: 'pending' } });
    // Services whose limits are missing: the processing throws a TypeError, not a ProcessingFailure.
    const services = {
      prisma: app.prisma,
      pubsub: { publish: () => {} },
      fetchPolicy: { ...defaultFetchPolicy, allow: ['127.0.0.0/8'] },
      clock: app.clock,
      openapiLimits: undefined,
    };
    const attempt = {
      id: 'x',
      data: { specId: row.id, generation: row.generation },
      retryCount: 1,
      retryLimit: 1,
      signal: new AbortController().signal,
    };
    await processOpenAPISpecJob.run(services as never, attempt);
    const after = await app.prisma.openAPISpec.findUniqueOrThrow({ where: { id: row.id } });
    expect(after).toMatchObject({
      processingState: 'complete',
      lastProcessErrorCode: 'PARSE_ERROR',
      lastProcessedErrors: [{ code: 'PROCESSING_FAILED', message: 'The document could not be processed' }],
    });
  });

  it('does not name the address a refused host resolves to', async () => {
    const err = await fetchOutbound('http://localhost:9/spec.json', { ...defaultFetchPolicy, allow: [] }).catch((e: Error) => e);
    expect(err).toMatchObject({ code: 'DENIED', message: 'localhost resolves to an address outbound requests may not reach' });
    expect((err as Error).message).not.toMatch(/127\.0\.0\.1|::1/);
  });
});
