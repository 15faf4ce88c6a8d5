// GET /spaces/{spaceId}/embed?url=… (and Space.embed): a link embed described
// from the URL alone — nothing fetched — in the public document's Embed shape;
// the URL checked (http/https, bounded); for whoever may see the space.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';

let app: TestApp;
let target: http.Server;
let targetUrl: string;
let hits = 0;
beforeAll(async () => {
  app = await startTestApp();
  target = http.createServer((_req, res) => {
    hits++;
    res.end('<title>Fetched</title>');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => target.close(resolve));
});

const embedOp = '/spaces/{spaceId}/embed';
const embedPath = (spaceId: string, url: string) => `/v1/spaces/${spaceId}/embed?url=${encodeURIComponent(url)}`;

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

describe('GET /spaces/{spaceId}/embed', () => {
  it('describes the URL as a link: title from its path, else its host; site from its host; nothing fetched', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    for (const [url, expected] of [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', { type: 'link', title: 'watch', site: 'youtube.com' }],
      ['https://example.com/docs/getting-started_guide.html#top', { type: 'link', title: 'getting started guide', site: 'example.com' }],
      ['http://example.com/', { type: 'link', title: 'example.com', site: 'example.com' }],
      ['https://docs.example.org/caf%C3%A9/', { type: 'link', title: 'café', site: 'docs.example.org' }],
      [`${targetUrl}/page`, { type: 'link', title: 'page', site: '127.0.0.1' }],
    ] as const) {
      const res = await admin.get(embedPath(space.id, url));
      expectOpenApi(res, 'get', embedOp, 200);
      expect(res.body).toEqual(expected);
    }
    expect(hits).toBe(0);
  });

  it('refuses a missing, relative, non-http(s) or overlong URL with 400 naming url', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    expectError(await admin.get(`/v1/spaces/${space.id}/embed`), 400, /url/);
    for (const url of ['', 'not a url', '/relative/path', 'ftp://example.com/file', 'javascript:alert(1)', 'file:///etc/passwd'])
      expectError(await admin.get(embedPath(space.id, url)), 400, /^url: /);
    expectError(await admin.get(embedPath(space.id, `https://example.com/${'a'.repeat(2048)}`)), 400, /^url: .*2048/);
  });

  it('is for whoever may see the space: other organizations 404, scoped tokens need space:read, no token 401', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const path = embedPath(space.id, 'https://example.com/a');
    const reader = await addMember(app, org.organizationId, 'read');
    expectOpenApi(await rest(app, reader.token).get(path), 'get', embedOp, 200);
    expectError(await rest(app, other.admin.token).get(path), 404);
    expectError(await rest(app, org.admin.token).get(embedPath('spc_unknown', 'https://example.com/a')), 404);
    const spaceRead = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    const orgRead = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    expectOpenApi(await rest(app, spaceRead.token).get(path), 'get', embedOp, 200);
    expectError(await rest(app, orgRead.token).get(path), 403, /space:read/);
    expectError(await rest(app).get(path), 401);
  });

  it('GraphQL Space.embed answers the same', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const { data } = await graphql(
      app,
      org.admin.token,
      'query($id: ID!) { space(id: $id) { embed(url: "https://example.com/x") { type title site } } }',
      {
        id: space.id,
      },
    );
    expect(data.space.embed).toEqual({ type: 'link', title: 'x', site: 'example.com' });
  });
});
