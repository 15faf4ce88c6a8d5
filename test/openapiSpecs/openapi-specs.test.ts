// Spec 4.11 — OpenAPI specifications over REST (answers validated against the
// public document) and GraphQL, and their processing on the durable job
// queue against local HTTP sources: success (JSON and YAML) as a version,
// FETCH_TIMEOUT, unreachable, too large, unparsable, invalid; retries with
// backoff then the error recorded; reprocessing; the published URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { race, restCall, times } from '../support/concurrency.js';

const petstore = {
  openapi: '3.0.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
      },
    },
  },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
};
const yamlSpec = `openapi: 3.0.0\ninfo: {title: Yaml, version: "2"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n`;

let app: TestApp;
let source: http.Server;
let base: string;
const hits = new Map<string, number>();
const hanging = new Set<http.ServerResponse>();
beforeAll(async () => {
  source = http.createServer((req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    if (path === '/pets.json') return void res.end(JSON.stringify(petstore));
    if (path === '/spec.yaml') return void res.end(yamlSpec);
    if (path === '/hang') return void hanging.add(res);
    if (path === '/big') return void res.end('x'.repeat(4096));
    if (path === '/garbage') return void res.end('{ this is: [not json');
    if (path === '/invalid') return void res.end(JSON.stringify({ openapi: '3.0.0', info: {}, paths: {} }));
    if (path === '/flaky') return void res.writeHead(503).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  app = await startTestApp({
    worker: true,
    jobs: {
      fetchPolicy: { timeoutMs: 700, maxBytes: 2048, maxRedirects: 3, allow: ['127.0.0.0/8'] },
      policies: { 'openapi-spec.process': { retryLimit: 2, retryDelay: 1 } },
    },
  });
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await app.close();
  await new Promise((resolve) => source.close(resolve));
});

const specsPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/openapi`;

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function waitForSpec(
  org: OrgFixture,
  slug: string,
  done: (spec: any) => boolean = (s) => s.processingState === 'complete',
  ms = 60_000,
) {
  const until = Date.now() + ms;
  for (;;) {
    const res = await rest(app, org.admin.token).get(`${specsPath(org)}/${slug}`);
    if (res.status === 200 && done(res.body)) return res;
    if (Date.now() > until) throw new Error(`spec ${slug} never settled: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

async function createSpec(org: OrgFixture, slug: string, url: string) {
  const res = await rest(app, org.admin.token).post(specsPath(org), { slug, source: { url } });
  expectOpenApi(res, 'post', '/orgs/{organizationId}/openapi', 201);
  return res.body;
}

describe('OpenAPI specs: CRUD', () => {
  it('creates (201, pending), gets, lists, patches visibility, puts (200 existing / 201 new) and deletes (205, then 204)', async () => {
    const org = await createOrg(app);
    const spec = await createSpec(org, 'pets', `${base}/pets.json`);
    expect(spec).toMatchObject({
      object: 'openapi-spec',
      id: expect.stringMatching(/^oas_/),
      slug: 'pets',
      sourceURL: `${base}/pets.json`,
      visibility: 'private',
      lastProcessedErrorCount: 0,
      permissions: { view: true, edit: true },
    });
    expect(spec.urls.published).toBeUndefined();
    const got = await rest(app, org.admin.token).get(`${specsPath(org)}/pets`);
    expectOpenApi(got, 'get', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    const list = await rest(app, org.admin.token).get(specsPath(org));
    expectOpenApi(list, 'get', '/orgs/{organizationId}/openapi', 200);
    expect(list.body.items.map((s: any) => s.slug)).toEqual(['pets']);

    const patched = await rest(app, org.admin.token).patch(`${specsPath(org)}/pets`, { visibility: 'public' });
    expectOpenApi(patched, 'patch', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(patched.body.urls.published).toBe(`http://quire.test/openapi/${org.organizationId}/pets.json`);

    const updated = await rest(app, org.admin.token).put(`${specsPath(org)}/pets`, { source: { url: `${base}/spec.yaml` } });
    expectOpenApi(updated, 'put', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(updated.body).toMatchObject({ id: spec.id, sourceURL: `${base}/spec.yaml`, processingState: 'pending' });
    const createdByPut = await rest(app, org.admin.token).put(`${specsPath(org)}/other`, { source: { url: `${base}/pets.json` } });
    expectOpenApi(createdByPut, 'put', '/orgs/{organizationId}/openapi/{specSlug}', 201);

    expect((await rest(app, org.admin.token).delete(`${specsPath(org)}/other`)).status).toBe(205);
    expect((await rest(app, org.admin.token).delete(`${specsPath(org)}/other`)).status).toBe(204);
    expectError(await rest(app, org.admin.token).get(`${specsPath(org)}/other`), 404);
  });

  it('refuses bad slugs and sources (400 naming the field), duplicates (409), unknown slugs (404)', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    expectError(await admin.post(specsPath(org), { slug: 'Bad Slug', source: { url: `${base}/pets.json` } }), 400, /^slug: /);
    expectError(await admin.post(specsPath(org), { slug: 'a--b', source: { url: `${base}/pets.json` } }), 400, /^slug: /);
    expectError(await admin.post(specsPath(org), { source: { url: `${base}/pets.json` } }), 400, /^slug: /);
    expectError(await admin.post(specsPath(org), { slug: 'ok' }), 400, /^source: /);
    expectError(await admin.post(specsPath(org), { slug: 'ok', source: { url: 'not a url' } }), 400, /^source\.url: /);
    expectError(await admin.post(specsPath(org), { slug: 'ok', source: { url: 'ftp://x.test/a' } }), 400, /^source\.url: /);
    expectError(await admin.put(`${specsPath(org)}/ok`, { source: {} }), 400, /^source\.url: /);
    expectError(await admin.put(`${specsPath(org)}/Not_Ok`, { source: { url: `${base}/pets.json` } }), 400, /^specSlug: /);
    expect(await app.prisma.openAPISpec.count({ where: { organizationId: org.organizationId } })).toBe(0);
    await createSpec(org, 'dup', `${base}/pets.json`);
    expectError(await admin.post(specsPath(org), { slug: 'dup', source: { url: `${base}/pets.json` } }), 409);
    expectError(await admin.get(`${specsPath(org)}/nope`), 404);
    expectError(await admin.patch(`${specsPath(org)}/nope`, { visibility: 'public' }), 404);
    expectError(await admin.patch(`${specsPath(org)}/dup`, { visibility: 'secret' }), 400);
  });

  it('authorizes: create-role members write, readers read only (403), guests and other organizations 404, scoped tokens 403', async () => {
    const org = await createOrg(app);
    await createSpec(org, 'pets', `${base}/pets.json`);
    const creator = await addMember(app, org.organizationId, 'create');
    const reader = await addMember(app, org.organizationId, 'read');
    const guest = await addMember(app, org.organizationId, 'guest');
    expect((await rest(app, creator.token).patch(`${specsPath(org)}/pets`, { visibility: 'public' })).status).toBe(200);
    const seen = await rest(app, reader.token).get(`${specsPath(org)}/pets`);
    expect(seen.body.permissions).toEqual({ view: true, edit: false });
    expectError(await rest(app, reader.token).post(specsPath(org), { slug: 'x', source: { url: `${base}/pets.json` } }), 403);
    expectError(await rest(app, reader.token).patch(`${specsPath(org)}/pets`, { visibility: 'private' }), 403);
    expectError(await rest(app, reader.token).delete(`${specsPath(org)}/pets`), 403);
    expectError(await rest(app, guest.token).get(`${specsPath(org)}/pets`), 404);
    const other = await createOrg(app);
    expectError(await rest(app, other.admin.token).get(`${specsPath(org)}/pets`), 404);
    expectError(await rest(app, other.admin.token).get(specsPath(org)), 404);
    expectError(await rest(app, other.admin.token).delete(`${specsPath(org)}/pets`), 404);
    const readOnly = (await tokenWithScopes(app, org.admin.userId, ['openapi:read'])).token;
    expect((await rest(app, readOnly).get(`${specsPath(org)}/pets`)).status).toBe(200);
    expectError(await rest(app, readOnly).patch(`${specsPath(org)}/pets`, { visibility: 'private' }), 403);
    const noScope = (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token;
    expectError(await rest(app, noScope).get(specsPath(org)), 403);
    expectError(await rest(app).get(specsPath(org)), 401);
  });

  it('leaves one row when 30 puts of one new slug race', async () => {
    const org = await createOrg(app);
    const results = await race(
      app,
      times(30, restCall(org.admin.token, 'PUT', `${specsPath(org)}/raced`, { source: { url: `${base}/pets.json` } })),
    );
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await app.prisma.openAPISpec.count({ where: { organizationId: org.organizationId, slug: 'raced' } })).toBe(1);
  });
});

describe('OpenAPI specs: processing on the job queue', () => {
  it('processes JSON and YAML sources into versions, dereferenced, and serves public ones at the published URL', async () => {
    const org = await createOrg(app);
    await createSpec(org, 'pets', `${base}/pets.json`);
    const done = await waitForSpec(org, 'pets');
    expectOpenApi(done, 'get', '/orgs/{organizationId}/openapi/{specSlug}', 200);
    expect(done.body).toMatchObject({
      processingState: 'complete',
      lastVersion: expect.stringMatching(/^oav_/),
      lastProcessedAt: expect.any(String),
    });
    expect(done.body.lastProcessErrorCode).toBeUndefined();
    const version = await app.prisma.openAPISpecVersion.findUniqueOrThrow({ where: { id: done.body.lastVersion } });
    expect((version.document as any).paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
    });

    const publishedPath = `/openapi/${org.organizationId}/pets.json`;
    expect((await rest(app).get(publishedPath)).status).toBe(404); // private: members only
    const asMember = await rest(app, org.admin.token).get(publishedPath);
    expect(asMember.status).toBe(200);
    expect(asMember.body.info.title).toBe('Pets');
    await rest(app, org.admin.token).patch(`${specsPath(org)}/pets`, { visibility: 'public' });
    expect((await rest(app).get(publishedPath)).body.info.title).toBe('Pets');

    await rest(app, org.admin.token).put(`${specsPath(org)}/pets`, { source: { url: `${base}/spec.yaml` } });
    const yaml = await waitForSpec(org, 'pets', (s) => s.processingState === 'complete' && s.lastVersion !== done.body.lastVersion);
    expect((await rest(app).get(publishedPath)).body.info.title).toBe('Yaml');
    expect(await app.prisma.openAPISpecVersion.count({ where: { specId: yaml.body.id } })).toBe(2);
  });

  it('records FETCH_TIMEOUT for a hanging source, FETCH_ERROR for too large and refused addresses, PARSE_ERROR for unparsable and invalid ones', async () => {
    const org = await createOrg(app);
    const cases: [string, string, string, RegExp][] = [
      ['hang', `${base}/hang`, 'FETCH_TIMEOUT', /did not answer/],
      ['big', `${base}/big`, 'FETCH_ERROR', /over the limit/],
      ['metadata', 'http://169.254.169.254/latest', 'FETCH_ERROR', /may not reach/],
      ['garbage', `${base}/garbage`, 'PARSE_ERROR', /neither JSON nor YAML|not a JSON or YAML object/],
      ['invalid', `${base}/invalid`, 'PARSE_ERROR', /title/],
    ];
    for (const [slug, url] of cases) await createSpec(org, slug, url);
    for (const [slug, , code, message] of cases) {
      const res = await waitForSpec(org, slug, (s) => s.processingState === 'complete', 30_000);
      expectOpenApi(res, 'get', '/orgs/{organizationId}/openapi/{specSlug}', 200);
      expect(res.body.lastProcessErrorCode, slug).toBe(code);
      expect(res.body.lastProcessedErrorCount).toBeGreaterThan(0);
      expect(res.body.lastProcessedErrors[0].message).toMatch(message);
      expect(res.body.lastVersion).toBeUndefined();
    }
  }, 60_000);

  it('retries a transient failure with backoff (3 attempts), then records the error; reprocessOpenAPISpec runs it again', async () => {
    const org = await createOrg(app);
    hits.delete('/flaky');
    await createSpec(org, 'flaky', `${base}/flaky`);
    const res = await waitForSpec(org, 'flaky', (s) => s.processingState === 'complete', 30_000);
    expect(res.body.lastProcessErrorCode).toBe('FETCH_ERROR');
    expect(res.body.lastProcessedErrors[0]).toEqual({ code: 'HTTP_STATUS', message: expect.stringMatching(/503/) });
    expect(hits.get('/flaky')).toBe(3);

    const reprocessed = await graphql(
      app,
      org.admin.token,
      `mutation($input: ReprocessOpenAPISpecInput!) { reprocessOpenAPISpec(input: $input) { spec { processingState } } }`,
      { input: { organizationId: org.organizationId, specSlug: 'flaky' } },
    );
    expect(reprocessed.data!.reprocessOpenAPISpec.spec.processingState).toBe('PENDING');
    await waitForSpec(org, 'flaky', (s) => s.processingState === 'complete', 30_000);
    expect(hits.get('/flaky')).toBe(6);
    const reader = await addMember(app, org.organizationId, 'read');
    const refused = await graphql(
      app,
      reader.token,
      `mutation($input: ReprocessOpenAPISpecInput!) { reprocessOpenAPISpec(input: $input) { spec { id } } }`,
      { input: { organizationId: org.organizationId, specSlug: 'flaky' } },
    );
    expect(refused.errors![0].extensions!.code).toBe('FORBIDDEN');
  }, 60_000);
});
