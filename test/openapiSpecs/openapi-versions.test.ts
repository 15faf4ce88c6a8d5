// The content of processed OpenAPI spec versions over REST (answers validated
// against the public document) and GraphQL: the latest content, by version id,
// and the raw source as fetched (JSON and YAML); what the job stored is served
// as stored. Authorization: members with openapi:read; others 404.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';

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
const petstoreText = `${JSON.stringify(petstore, null, 2)}\n`;
const yamlSpec = `openapi: 3.0.0\ninfo: {title: Yaml, version: "2"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n`;

let app: TestApp;
let source: http.Server;
let base: string;
beforeAll(async () => {
  source = http.createServer((req, res) => {
    if (req.url === '/pets.json') return void res.end(petstoreText);
    if (req.url === '/spec.yaml') return void res.end(yamlSpec);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  app = await startTestApp({
    worker: true,
    jobs: { fetchPolicy: { timeoutMs: 2000, maxBytes: 64 * 1024, maxRedirects: 3, allow: ['127.0.0.0/8'] } },
  });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => source.close(resolve));
});

const specPath = (org: OrgFixture, slug: string) => `/v1/orgs/${org.organizationId}/openapi/${slug}`;
const latestContent = '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content';
const latestRaw = '/orgs/{organizationId}/openapi/{specSlug}/versions/latest/content/raw';
const contentById = '/orgs/{organizationId}/openapi/{specSlug}/versions/{versionId}/content';

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

/** Puts the spec at `url` and waits for its processing to store a version other than `previous`. */
async function processed(org: OrgFixture, slug: string, url: string, previous?: string) {
  const put = await rest(app, org.admin.token).put(specPath(org, slug), { source: { url } });
  expect([200, 201]).toContain(put.status);
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await rest(app, org.admin.token).get(specPath(org, slug));
    if (res.body.processingState === 'complete' && res.body.lastVersion && res.body.lastVersion !== previous) {
      expect(res.body.lastProcessErrorCode).toBeUndefined();
      return res.body as { id: string; lastVersion: string };
    }
    if (Date.now() > until) throw new Error(`spec ${slug} never processed: ${JSON.stringify(res.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('OpenAPI spec versions: content', () => {
  it('serves the latest content, by version id, and the raw source (JSON, then YAML)', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const first = await processed(org, 'pets', `${base}/pets.json`);

    const latest = await admin.get(`${specPath(org, 'pets')}/versions/latest/content`);
    expectOpenApi(latest, 'get', latestContent, 200);
    expect(Object.keys(latest.body.filesystem)).toEqual(['pets.json']);
    const document = latest.body.filesystem['pets.json'];
    // Stored dereferenced by the job: the $ref is resolved in place.
    expect(document.paths['/pets'].get.responses['200'].content['application/json'].schema).toEqual(petstore.components.schemas.Pet);
    expect(latest.body.urls).toEqual({ source: `${base}/pets.json`, public: null });

    const raw = await admin.get(`${specPath(org, 'pets')}/versions/latest/content/raw`);
    expectOpenApi(raw, 'get', latestRaw, 200);
    expect(raw.body).toEqual({ text: petstoreText, format: 'json' });

    const byId = await admin.get(`${specPath(org, 'pets')}/versions/${first.lastVersion}/content`);
    expectOpenApi(byId, 'get', contentById, 200);
    expect(byId.body).toEqual(latest.body);

    // A public spec names its published document; a new source makes a new latest version, the old one stays.
    expect((await admin.patch(specPath(org, 'pets'), { visibility: 'public' })).status).toBe(200);
    const second = await processed(org, 'pets', `${base}/spec.yaml`, first.lastVersion);
    const yaml = await admin.get(`${specPath(org, 'pets')}/versions/latest/content/raw`);
    expectOpenApi(yaml, 'get', latestRaw, 200);
    expect(yaml.body).toEqual({ text: yamlSpec, format: 'yaml' });
    const now = await admin.get(`${specPath(org, 'pets')}/versions/latest/content`);
    expectOpenApi(now, 'get', latestContent, 200);
    expect(now.body.filesystem['spec.yaml'].info).toEqual({ title: 'Yaml', version: '2' });
    expect(now.body.urls).toEqual({ source: `${base}/spec.yaml`, public: `http://quire.test/openapi/${org.organizationId}/pets.json` });
    const old = await admin.get(`${specPath(org, 'pets')}/versions/${first.lastVersion}/content`);
    expectOpenApi(old, 'get', contentById, 200);
    expect(old.body.urls.source).toBe(`${base}/pets.json`);

    const { data, errors } = await graphql(
      app,
      org.admin.token,
      `query($org: ID!, $v: ID!) { organization(id: $org) { openAPISpec(slug: "pets") {
        latestVersion { id sourceURL rawContent { format } content { urls { source public } } }
        version(id: $v) { id content { filesystem } }
      } } }`,
      { org: org.organizationId, v: first.lastVersion },
    );
    expect(errors).toBeUndefined();
    expect(data.organization.openAPISpec.latestVersion).toMatchObject({ id: second.lastVersion, rawContent: { format: 'YAML' } });
    expect(data.organization.openAPISpec.version.content.filesystem['pets.json'].info.title).toBe('Pets');
  }, 90_000);

  it('answers 404 before the first version, for another spec’s version, and for versions without a kept source', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const pending = await admin.post(`/v1/orgs/${org.organizationId}/openapi`, {
      slug: 'unreachable',
      source: { url: 'http://192.0.2.1/x.json' },
    });
    expect(pending.status).toBe(201);
    expectError(await admin.get(`${specPath(org, 'unreachable')}/versions/latest/content`), 404, /version/);
    expectError(await admin.get(`${specPath(org, 'unreachable')}/versions/latest/content/raw`), 404, /version/);
    expectError(await admin.get(`${specPath(org, 'nothing')}/versions/latest/content`), 404, /OpenAPI spec/);

    const pets = await processed(org, 'pets', `${base}/pets.json`);
    expectError(await admin.get(`${specPath(org, 'unreachable')}/versions/${pets.lastVersion}/content`), 404, /version/);
    expectError(await admin.get(`${specPath(org, 'pets')}/versions/osv_unknown/content`), 404, /version/);
    // A version stored before sources were kept has content but no raw source.
    await app.prisma.openAPISpecVersion.update({ where: { id: pets.lastVersion }, data: { sourceText: null, sourceFormat: null } });
    expectOpenApi(await admin.get(`${specPath(org, 'pets')}/versions/latest/content`), 'get', latestContent, 200);
    expectError(await admin.get(`${specPath(org, 'pets')}/versions/latest/content/raw`), 404, /Raw source/);
  }, 90_000);

  it('is for members with openapi:read: other organizations and strangers 404, scoped tokens 403, no token 401', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const pets = await processed(org, 'pets', `${base}/pets.json`);
    const paths = [
      `${specPath(org, 'pets')}/versions/latest/content`,
      `${specPath(org, 'pets')}/versions/latest/content/raw`,
      `${specPath(org, 'pets')}/versions/${pets.lastVersion}/content`,
    ];
    const reader = await addMember(app, org.organizationId, 'read');
    const scoped = await tokenWithScopes(app, org.admin.userId, ['openapi:read']);
    const unscoped = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    for (const path of paths) {
      expect((await rest(app, reader.token).get(path)).status).toBe(200);
      expect((await rest(app, scoped.token).get(path)).status).toBe(200);
      expectError(await rest(app, unscoped.token).get(path), 403, /openapi:read/);
      expectError(await rest(app, other.admin.token).get(path), 404);
      expectError(await rest(app).get(path), 401);
    }
  }, 90_000);
});
