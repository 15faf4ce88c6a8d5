// What a newcomer meets first (issue 14): compressed answers, GraphiQL as
// cacheable static assets, ETag/304 on REST reads, GraphQL over HTTP by the
// book (400 for refused documents, 401 with a Bearer challenge on both doors,
// subscriptions over server-sent events), the front door on `/`, and the pages
// behind the `urls.app` and `urls.published` links.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql, rawGet as rawGetOf, request, rest } from '../support/http.js';
import { createCollection, createSpace } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { expectOpenApi, expectPublicOpenApi } from '../support/openapi.js';

const app = useTestApp();
const org = useTestOrg(app);

/** A raw GET (node:http, no transparent decompression): status, headers and the bytes as sent. */
const rawGet = (path: string, headers: Record<string, string> = {}) => rawGetOf(app, path, headers);

describe('compression', () => {
  let path: string;
  let plain: string;
  beforeAll(async () => {
    for (let i = 0; i < 12; i++) await createSpace(app, org, { title: `Compressible space number ${i}` });
    path = `/v1/orgs/${org.organizationId}/spaces?limit=50`;
    plain = JSON.stringify((await rest(app, org.admin.token).get(path)).body);
    expect(plain.length).toBeGreaterThan(2048);
  });
  const auth = () => ({ Authorization: `Bearer ${org.admin.token}` });

  it('answers brotli when the client accepts it, and says the answer varies by Accept-Encoding', async () => {
    const res = await rawGet(path, { ...auth(), 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.bytes.length).toBeLessThan(plain.length / 2);
    expect(JSON.parse(brotliDecompressSync(res.bytes).toString('utf8'))).toEqual(JSON.parse(plain));
  });

  it('answers gzip to a gzip-only client', async () => {
    const res = await rawGet(path, { ...auth(), 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toEqual(JSON.parse(plain));
  });

  it('answers identity without Accept-Encoding, for identity only, and below the size threshold', async () => {
    const variants: Record<string, string>[] = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'br;q=0, gzip;q=0' }];
    for (const headers of variants) {
      const res = await rawGet(path, { ...auth(), ...headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(JSON.parse(res.bytes.toString('utf8'))).toEqual(JSON.parse(plain));
    }
    const small = await rawGet('/healthz', { 'Accept-Encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.bytes.toString()).toBe('{"status":"ok"}');
  });

  it('compresses GraphQL answers too', async () => {
    const query = `{ organization(id: "${org.organizationId}") { spaces(first: 50) { edges { node { id title urls { app location } } } } } }`;
    const res = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...auth(), 'Content-Type': 'application/json', 'Accept-Encoding': 'gzip' },
      body: JSON.stringify({ query }),
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).data.organization.spaces.edges.length).toBeGreaterThanOrEqual(12);
  });
});

describe('GraphiQL as static assets', () => {
  it('serves a small page that links its bundle, styles and workers from /assets, cacheable for a year', async () => {
    const page = await request(app, 'GET', '/graphql', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = String(page.body);
    expect(html.length).toBeLessThan(10_000);
    const script = /<script src="(\/assets\/graphiql\.[\w-]+\.js)"/.exec(html)![1];
    const style = /<link rel="stylesheet" href="(\/assets\/graphiql\.[\w-]+\.css)"/.exec(html)![1];
    expect(JSON.parse(/<script type="application\/json" id="graphiql-options">([^<]*)<\/script>/.exec(html)![1])).toMatchObject({
      title: 'Quire',
    });

    const js = await rawGet(script, { 'Accept-Encoding': 'br, gzip' });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-encoding']).toBe('br');
    expect(js.bytes.length).toBeLessThan(3_000_000);
    const source = brotliDecompressSync(js.bytes).toString('utf8');
    expect(source).toContain('renderYogaGraphiQL');
    // The editor workers are assets too, named in the bundle's prelude.
    const workers = [...source.slice(0, 2000).matchAll(/\/assets\/graphiql-[a-z]+-worker\.[\w-]+\.js/g)].map((m) => m[0]);
    expect(workers).toHaveLength(3);
    for (const worker of workers) expect((await rawGet(worker)).status).toBe(200);

    const css = await rawGet(style, { 'Accept-Encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/text\/css/);

    // Revalidation by ETag answers 304 with no body.
    const etag = js.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await rawGet(script, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  }, 180_000); // the first request loads and compresses the 9 MB bundle

  it('answers 404 for an unknown asset and 405 for a write', async () => {
    expect((await rawGet('/assets/graphiql.nothash.js')).status).toBe(404);
    expect((await rawGet('/assets/nothing.js')).status).toBe(404);
    expect((await request(app, 'POST', '/assets/graphiql.x.js')).status).toBe(405);
  });
});

describe('ETag and 304 on REST reads', () => {
  it('tags a representation, answers 304 while it is unchanged, and a new tag once it changes', async () => {
    const space = await createSpace(app, org, { title: 'Tagged' });
    const path = `/v1/spaces/${space.id}`;
    const first = await request(app, 'GET', path, { token: org.admin.token });
    expectOpenApi(first, 'get', '/spaces/{spaceId}', 200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const { result: unchanged, statements } = await app.recordStatements(() =>
      request(app, 'GET', path, { token: org.admin.token, headers: { 'If-None-Match': etag } }),
    );
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBeUndefined();
    expect(unchanged.headers.get('etag')).toBe(etag);
    // The operation ran once for the 304 (no second run to build the body).
    const { statements: plainRead } = await app.recordStatements(() => request(app, 'GET', path, { token: org.admin.token }));
    expect(statements.length).toBe(plainRead.length);
    // A list of tags, and `*`, match too.
    expect((await request(app, 'GET', path, { token: org.admin.token, headers: { 'If-None-Match': `"other", ${etag}` } })).status).toBe(
      304,
    );

    expect((await rest(app, org.admin.token).patch(path, { title: 'Tagged again' })).status).toBe(200);
    const changed = await request(app, 'GET', path, { token: org.admin.token, headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('Tagged again');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('tags lists, and not writes', async () => {
    const list = await request(app, 'GET', `/v1/orgs/${org.organizationId}/spaces`, { token: org.admin.token });
    expect(list.headers.get('etag')).toMatch(/^W\//);
    const created = await request(app, 'POST', `/v1/orgs/${org.organizationId}/spaces`, { token: org.admin.token, body: { title: 'New' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
  });
});

describe('GraphQL over HTTP by the book', () => {
  const post = (query: string, accept: string, token?: string) =>
    request(app, 'POST', '/graphql', { token, body: { query }, headers: { Accept: accept } });

  for (const accept of ['application/json', 'application/graphql-response+json']) {
    it(`answers parse and validation errors with 400 (${accept})`, async () => {
      const parse = await post('{ viewer { id }', accept, org.admin.token);
      expect(parse.status).toBe(400);
      expect(parse.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
      const invalid = await post('{ viewer { nope } }', accept, org.admin.token);
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(invalid.body.errors[0].extensions.http).toBeUndefined();
    });
  }

  it('answers 401 with a Bearer challenge on both doors without a valid token', async () => {
    const restNone = await request(app, 'GET', '/v1/orgs');
    expect(restNone.status).toBe(401);
    expect(restNone.headers.get('www-authenticate')).toBe('Bearer realm="Quire"');
    // The public document's shared UnauthorizedError (GET /orgs lists no 401 of its own; Quire serves no audit events).
    expectPublicOpenApi(restNone, 'get', '/orgs/{organizationId}/audit-events', 401);
    const restBad = await request(app, 'GET', '/v1/orgs', { token: 'qt_not-a-token' });
    expect(restBad.status).toBe(401);
    expect(restBad.headers.get('www-authenticate')).toBe('Bearer realm="Quire", error="invalid_token"');

    const gqlNone = await post('{ viewer { id } }', 'application/json');
    expect(gqlNone.status).toBe(401);
    expect(gqlNone.headers.get('www-authenticate')).toBe('Bearer realm="Quire"');
    expect(gqlNone.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const gqlBad = await post('{ viewer { id } }', 'application/graphql-response+json', 'qt_not-a-token');
    expect(gqlBad.status).toBe(401);
    expect(gqlBad.headers.get('www-authenticate')).toContain('invalid_token');
    // What needs no token still answers 200 (GraphiQL introspects before a token is set).
    expect((await post('{ __typename }', 'application/json')).status).toBe(200);
  });

  it('streams subscriptions over server-sent events (yoga), uncompressed', async () => {
    const space = await createSpace(app, org);
    const controller = new AbortController();
    const res = await fetch(`${app.baseUrl}/graphql`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${org.admin.token}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'Accept-Encoding': 'gzip, br',
      },
      body: JSON.stringify({ query: 'subscription ($id: ID!) { spaceChanged(id: $id) { id title } }', variables: { id: space.id } }),
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Yoga marks event streams `Content-Encoding: none` (so proxies do not buffer them); never compressed.
    expect(res.headers.get('content-encoding') ?? 'none').toBe('none');
    const reader = res.body!.getReader();
    let text = '';
    const seen = (async () => {
      while (!text.includes('Renamed over SSE')) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    })();
    await app.quire.listening(`spaceChanged:${space.id}`);
    await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { title: 'Renamed over SSE' });
    await Promise.race([seen, new Promise((r) => setTimeout(r, 5000))]);
    controller.abort();
    expect(text).toMatch(/event: next\ndata: \{"data":\{"spaceChanged":\{"id":"spc_[^"]+","title":"Renamed over SSE"\}\}\}/);
  });
});

describe('the front door', () => {
  it('answers a page naming the service, its version and where to go', async () => {
    const res = await request(app, 'GET', '/', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = String(res.body);
    expect(html).toContain('Quire');
    expect(html).toContain('0.1.0');
    for (const link of ['/graphql', '/docs', '/v1/openapi.json', '/healthz', '/readyz'])
      expect(html).toContain(`href="http://quire.test${link}"`);
    // How to get a token: the commands that print one.
    expect(html).toContain('Getting a token');
    expect(html).toContain('npm run --silent demo');
    expect(html).toContain('npm run --silent cli -- bootstrap');
    expect(res.headers.get('content-security-policy')).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
  });

  it('answers JSON to Accept: application/json', async () => {
    const res = await request(app, 'GET', '/', { headers: { Accept: 'application/json' } });
    expect(res.body).toEqual({
      name: 'quire',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      description: expect.any(String),
      links: {
        graphql: 'http://quire.test/graphql',
        graphiql: 'http://quire.test/graphql',
        docs: 'http://quire.test/docs',
        openapi: 'http://quire.test/v1/openapi.json',
        rest: 'http://quire.test/v1',
        healthz: 'http://quire.test/healthz',
        readyz: 'http://quire.test/readyz',
      },
      gettingAToken: expect.stringContaining('npm run --silent cli -- bootstrap'),
    });
  });
});

describe('the pages behind urls links', () => {
  const local = (url: string) => url.replace('http://quire.test', '');
  const setVisibility = async (spaceId: string, visibility: string) => {
    const res = await graphql(
      app,
      org.admin.token,
      'mutation ($id: ID!, $v: ContentVisibility!) { setSpaceVisibility(input: { spaceId: $id, visibility: $v }) { space { visibility } } }',
      { id: spaceId, v: visibility },
    );
    expect(res.errors).toBeUndefined();
  };

  it('answers every urls.app link Quire emits with a page naming the resource and how to read it', async () => {
    const space = await createSpace(app, org);
    const collection = await createCollection(app, org);
    const orgUrls = (await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}`)).body.urls;
    const site = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs' });
    expect(site.status).toBe(201);
    const links: [string, string][] = [
      [orgUrls.app, org.organizationId],
      [(space.urls as { app: string }).app, space.id],
      [(collection.urls as { app: string }).app, collection.id],
      [site.body.urls.app, site.body.id],
      [site.body.urls.preview, site.body.id],
    ];
    for (const [url, id] of links) {
      expect(url).toMatch(/^http:\/\/quire\.test\/app\//);
      const res = await request(app, 'GET', local(url), { headers: { Accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      expect(String(res.body)).toContain(id);
      expect(String(res.body)).toContain('APP_URL');
    }
    const unknown = await request(app, 'GET', '/app/nothing/here');
    expect(unknown.status).toBe(404);
    expect(String(unknown.body)).toContain('not a link Quire emits');
  });

  it('renders a public space at its urls.published link, and refuses private or unknown content with a page', async () => {
    const space = await createSpace(app, org, { title: 'Handbook <public>' });
    await insertPages(app, space, [{ path: 'welcome', title: 'Welcome', markdown: '# Hello <script>alert(1)</script>' }]);
    await setVisibility(space.id, 'PUBLIC');
    const published = (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}`)).body.urls.published as string;
    const res = await request(app, 'GET', local(published), { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = String(res.body);
    expect(html).toContain('Handbook &lt;public&gt;');
    expect(html).toContain('Welcome');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');

    await setVisibility(space.id, 'PRIVATE');
    const hidden = await request(app, 'GET', local(published));
    expect(hidden.status).toBe(404);
    expect(String(hidden.body)).toContain('Not published here');
    expect(String(hidden.body)).not.toContain('Welcome');
    expect((await request(app, 'GET', '/published/s/spc_nothing')).status).toBe(404);
  });

  it('renders a share-link space only with its key', async () => {
    const space = await createSpace(app, org, { title: 'Shared notes' });
    await setVisibility(space.id, 'SHARE_LINK');
    const shareKey = (await graphql(app, org.admin.token, `{ space(id: "${space.id}") { shareKey } }`)).data.space.shareKey;
    expect((await request(app, 'GET', `/published/s/${space.id}`)).status).toBe(404);
    expect((await request(app, 'GET', `/published/s/${space.id}?share=wrong`)).status).toBe(404);
    const opened = await request(app, 'GET', `/published/s/${space.id}?share=${shareKey}`);
    expect(opened.status).toBe(200);
    expect(String(opened.body)).toContain('Shared notes');
  });

  it('renders a published site at its urls.published link, and not before it is published', async () => {
    const space = await createSpace(app, org, { title: 'Guide' });
    await insertPages(app, space, [{ path: 'start', title: 'Getting started', markdown: 'Step one.' }]);
    const site = (await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Public docs' })).body;
    const sitePath = `/v1/orgs/${org.organizationId}/sites/${site.id}`;
    expect((await rest(app, org.admin.token).post(`${sitePath}/site-spaces`, { spaceId: space.id })).status).toBe(201);
    expect((await request(app, 'GET', `/published/sites/${site.id}`)).status).toBe(404);
    expect((await rest(app, org.admin.token).post(`${sitePath}/publish`)).status).toBe(200);
    const published = (await rest(app, org.admin.token).get(sitePath)).body.urls.published as string;
    const res = await request(app, 'GET', local(published));
    expect(res.status).toBe(200);
    expect(String(res.body)).toContain('Public docs');
    expect(String(res.body)).toContain('Getting started');
    expect(String(res.body)).toContain('Step one.');
  });

  it('reads a published site of 6 spaces in as many statements as one of 2 (the pages of all its spaces together)', async () => {
    const siteOf = async (spaces: number) => {
      const site = (await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: `Site of ${spaces}` })).body;
      const sitePath = `/v1/orgs/${org.organizationId}/sites/${site.id}`;
      for (let i = 0; i < spaces; i++) {
        const space = await createSpace(app, org, { title: `Part ${i}` });
        await insertPages(app, space, [{ path: 'a', markdown: `Text ${i}` }, { path: 'a/b' }, { path: 'a/b/c', markdown: `Deep ${i}` }]);
        expect((await rest(app, org.admin.token).post(`${sitePath}/site-spaces`, { spaceId: space.id })).status).toBe(201);
      }
      await rest(app, org.admin.token).post(`${sitePath}/publish`);
      const { result: res, statements } = await app.recordStatements(() => request(app, 'GET', `/published/sites/${site.id}`));
      expect(res.status).toBe(200);
      for (let i = 0; i < spaces; i++) expect(String(res.body)).toContain(`Deep ${i}`);
      return statements.length;
    };
    expect(await siteOf(6)).toBe(await siteOf(2));
  }, 60_000);
});
