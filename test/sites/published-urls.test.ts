// Resolving published URLs (POST and GET /urls/published) and the site
// visitor tokens they answer: anonymous lookups by Quire's own address, a
// custom hostname and a proxy, share-link sites, and what a token opens — the
// site's published spaces, read-only — and when it stops opening anything.
import { describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { expectPublicOpenApi } from '../support/openapi.js';
import { storedSecret } from '../../src/db/serviceSecrets.js';

const app = useTestApp();

const anonymous = () => rest(app);
const resolve = (url: string, body: Record<string, unknown> = {}) => anonymous().post('/v1/urls/published', { url, ...body });

interface PublishedSite {
  org: OrgFixture;
  id: string;
  path: string;
  spaces: { id: string }[];
  /** Site space paths, in order. */
  siteSpaces: { id: string; path: string; spaceId: string }[];
}

/** A published site of two spaces (site space paths `handbook` and `api`) with pages (`guide/install` in the first). */
async function publishedSite(body: Record<string, unknown> = {}): Promise<PublishedSite> {
  const org = await createOrg(app);
  const spaces = [await createSpace(app, org, { title: 'Handbook' }), await createSpace(app, org, { title: 'API' })];
  await insertPages(app, spaces[0], [{ path: 'guide', markdown: '# Guide' }, { path: 'guide/install' }]);
  const admin = rest(app, org.admin.token);
  const created = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: spaces.map((s) => s.id), ...body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const path = `/v1/orgs/${org.organizationId}/sites/${created.body.id}`;
  expect((await admin.post(`${path}/publish`)).status).toBe(200);
  const siteSpaces = await app.prisma.siteSpace.findMany({
    where: { siteId: created.body.id },
    orderBy: { sortKey: 'asc' },
    select: { id: true, path: true, spaceId: true },
  });
  return { org, id: created.body.id, path, spaces, siteSpaces };
}

const ownUrl = (site: PublishedSite, rest = '') => `http://quire.test/published/sites/${site.id}${rest}`;

describe('POST /urls/published', () => {
  it("resolves Quire's own address of a site, a site space and a page path, anonymously, in the public shape", async () => {
    const site = await publishedSite();
    const [, second] = site.siteSpaces;
    const res = await resolve(ownUrl(site, `/${second.path}/reference/errors`));
    expectPublicOpenApi(res, 'post', '/urls/published', 200);
    expect(res.body).toMatchObject({
      organization: site.org.organizationId,
      site: site.id,
      siteSpace: second.id,
      space: second.spaceId,
      pathname: 'reference/errors',
      basePath: `/published/sites/${site.id}/${second.path}/`,
      siteBasePath: `/published/sites/${site.id}/`,
      complete: true,
      canonicalUrl: ownUrl(site, `/${second.path}/reference/errors`),
    });
    expect(res.body.siteSection).toBeUndefined();
    const claims = decodeJwt(res.body.apiToken);
    expect(claims).toMatchObject({ kind: 'site', site: site.id, siteSpace: second.id, space: second.spaceId });
    expect(claims.spaces).toEqual(expect.arrayContaining(site.spaces.map((s) => s.id)));
    // The renderer refuses a token within 2 minutes of its expiry: this one lives an hour.
    expect(claims.exp! - Date.now() / 1000).toBeGreaterThan(3000);
  });

  it('falls to the default site space when the first segment names none: it starts the page path', async () => {
    const site = await publishedSite();
    const res = await resolve(ownUrl(site, '/guide/install'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      siteSpace: site.siteSpaces[0].id,
      pathname: 'guide/install',
      basePath: `/published/sites/${site.id}/`,
    });
    const root = await resolve(ownUrl(site));
    expect(root.body).toMatchObject({ siteSpace: site.siteSpaces[0].id, pathname: '' });
  });

  it('GET answers the same with the URL in the query', async () => {
    const site = await publishedSite();
    const res = await anonymous().get(`/v1/urls/published?url=${encodeURIComponent(ownUrl(site, '/guide'))}`);
    expectPublicOpenApi(res, 'get', '/urls/published', 200);
    expect(res.body).toMatchObject({ site: site.id, pathname: 'guide' });
  });

  it("resolves a custom hostname (longest base wins: the proxy's path) and redirects Quire's address there", async () => {
    const hostSite = await publishedSite();
    const proxySite = await publishedSite();
    const host = `docs-${hostSite.id.slice(-8).toLowerCase()}.example.com`;
    const admin = (s: PublishedSite) => rest(app, s.org.admin.token);
    expect((await admin(hostSite).patch(hostSite.path, { hostname: host })).status).toBe(200);
    expect((await admin(proxySite).patch(proxySite.path, { proxy: `${host}/v2` })).status).toBe(200);

    const byHost = await resolve(`https://${host}/guide/install`);
    expect(byHost.body).toMatchObject({ site: hostSite.id, pathname: 'guide/install', siteBasePath: '/', basePath: '/' });
    const byProxy = await resolve(`https://${host}/v2/${proxySite.siteSpaces[1].path}/intro`);
    expect(byProxy.body).toMatchObject({
      site: proxySite.id,
      siteSpace: proxySite.siteSpaces[1].id,
      siteBasePath: '/v2/',
      pathname: 'intro',
    });

    const moved = await resolve(ownUrl(hostSite, '/guide'));
    expectPublicOpenApi(moved, 'post', '/urls/published', 200);
    expect(moved.body).toEqual({ target: 'content', redirect: `https://${host}/${hostSite.siteSpaces[0].path}/guide` });
  });

  it('answers 404 for an unpublished site, an unknown one and a foreign host; 400 for a bad URL', async () => {
    const site = await publishedSite();
    await rest(app, site.org.admin.token).post(`${site.path}/unpublish`);
    for (const url of [ownUrl(site), 'http://quire.test/published/sites/site_nope', 'https://nowhere.example.org/docs']) {
      const res = await resolve(url);
      expectPublicOpenApi(res, 'post', '/urls/published', 404);
    }
    expect((await resolve('not a url')).status).toBe(400);
    expect((await resolve(`https://x.example.com/${'a'.repeat(2100)}`)).status).toBe(400);
    expect((await resolve('ftp://x.example.com/')).status).toBe(400);
  });

  it('is also served to GraphQL, without a token', async () => {
    const site = await publishedSite();
    const res = await graphql(
      app,
      undefined,
      'query ($url: String!) { publishedContentByUrl(url: $url) { ... on PublishedSiteContent { siteId pathname } } }',
      {
        url: ownUrl(site, '/guide'),
      },
    );
    expect(res).toEqual({ data: { publishedContentByUrl: { siteId: site.id, pathname: 'guide' } } });
  });
});

describe('share-link sites', () => {
  it('resolve with the key in the path (or ?share=, or the shareKey argument in GraphQL), never without it, and stop once the link is off', async () => {
    const site = await publishedSite({ visibility: 'share-link' });
    const admin = rest(app, site.org.admin.token);
    const { id } = (await admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    // The REST answer shows the link's URL, not its key: read the key where it is kept.
    const link = await app.prisma.shareLink.findUniqueOrThrow({ where: { id } });
    expect((await resolve(ownUrl(site, '/guide'))).status).toBe(404);

    const inPath = await resolve(ownUrl(site, `/${link.key}/guide`));
    expectPublicOpenApi(inPath, 'post', '/urls/published', 200);
    expect(inPath.body).toMatchObject({ shareKey: link.key, siteBasePath: `/published/sites/${site.id}/${link.key}/`, pathname: 'guide' });
    expect((await resolve(ownUrl(site, `/guide?share=${link.key}`))).body.pathname).toBe('guide');
    const query =
      'query ($u: String!, $k: String) { publishedContentByUrl(url: $u, shareKey: $k) { ... on PublishedSiteContent { shareKey } } }';
    const viaGraphQL = await graphql(app, undefined, query, { u: ownUrl(site, '/guide'), k: link.key });
    expect(viaGraphQL.data?.publishedContentByUrl.shareKey).toBe(link.key);

    const token = inPath.body.apiToken;
    expect((await rest(app, token).get(`/v1/spaces/${site.spaces[0].id}`)).status).toBe(200);
    await admin.patch(`${site.path}/share-links/${link.id}`, { active: false });
    expect((await rest(app, token).get(`/v1/spaces/${site.spaces[0].id}`)).status).toBe(401);
    expect((await resolve(ownUrl(site, `/${link.key}/guide`))).status).toBe(404);
  });
});

describe('site visitor tokens', () => {
  async function visitor(site: PublishedSite) {
    const res = await resolve(ownUrl(site, '/guide'));
    expect(res.status).toBe(200);
    return rest(app, res.body.apiToken);
  }

  it("read the site's profile, its spaces, their content and pages", async () => {
    const site = await publishedSite();
    const as = await visitor(site);
    expect((await as.get(`${site.path}/published`)).status).toBe(200);
    for (const space of site.spaces) {
      expect((await as.get(`/v1/spaces/${space.id}`)).status).toBe(200);
      expect((await as.get(`/v1/spaces/${space.id}/content`)).status).toBe(200);
    }
    const page = await as.get(`/v1/spaces/${site.spaces[0].id}/content/path/${encodeURIComponent('guide/install')}`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
  });

  it("open nothing else: another space of the organization, another organization's, the organization itself", async () => {
    const site = await publishedSite();
    const as = await visitor(site);
    const unpublished = await createSpace(app, site.org);
    const elsewhere = await publishedSite();
    expect((await as.get(`/v1/spaces/${unpublished.id}`)).status).toBe(404);
    expect((await as.get(`/v1/spaces/${elsewhere.spaces[0].id}`)).status).toBe(404);
    expect((await as.get(`${elsewhere.path}/published`)).status).toBe(404);
    expect([403, 404]).toContain((await as.get(`/v1/orgs/${site.org.organizationId}/members`)).status);
    expect((await graphql(app, (await resolve(ownUrl(site))).body.apiToken, '{ viewer { id } }')).errors).toBeDefined();
  });

  it("read the profiles of the organization's members (a page names them), without their e-mail address", async () => {
    const site = await publishedSite();
    const as = await visitor(site);
    const member = await as.get(`/v1/users/${site.org.admin.userId}`);
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    expect(member.body.email).toBeUndefined();
    const stranger = (await createOrg(app)).admin.userId;
    expect((await as.get(`/v1/users/${stranger}`)).status).toBe(404);
    expect((await as.get('/v1/user')).status).toBe(404);
  });

  it('are refused on every write, with 403', async () => {
    const site = await publishedSite();
    const as = await visitor(site);
    const space = site.spaces[0].id;
    expect((await as.patch(`/v1/spaces/${space}`, { title: 'Defaced' })).status).toBe(403);
    expect((await as.post(`/v1/spaces/${space}/change-requests`, { subject: 'x' })).status).toBe(403);
    expect((await as.post(`/v1/spaces/${space}/comments`, { body: { markdown: 'spam' } })).status).toBe(403);
    expect((await as.patch(site.path, { title: 'Mine' })).status).toBe(403);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space } })).title).toBe('Handbook');
  });

  it('stop working once the site is unpublished, and for a space removed from the site', async () => {
    const site = await publishedSite();
    const as = await visitor(site);
    const admin = rest(app, site.org.admin.token);
    expect((await admin.delete(`${site.path}/site-spaces/${site.siteSpaces[1].id}`)).status).toBeLessThan(300);
    expect((await as.get(`/v1/spaces/${site.spaces[1].id}`)).status).toBe(404);
    expect((await as.get(`/v1/spaces/${site.spaces[0].id}`)).status).toBe(200);
    await admin.post(`${site.path}/unpublish`);
    const refused = await as.get(`/v1/spaces/${site.spaces[0].id}`);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(401);
  });

  it('expire, and are refused when signed with another key or altered', async () => {
    const site = await publishedSite();
    const token = (await resolve(ownUrl(site))).body.apiToken as string;
    const read = (t: string) => rest(app, t).get(`/v1/spaces/${site.spaces[0].id}`);
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'HS256', kid: JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await read(forged)).status).toBe(401);
    const [header, , signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...decodeJwt(token), site: 'site_other' })).toString('base64url');
    expect((await read(`${header}.${widened}.${signature}`)).status).toBe(401);
    expect((await read(token)).status).toBe(200);
    app.clock.advance(3601 * 1000);
    try {
      expect((await read(token)).status).toBe(401);
    } finally {
      app.clock.advance(-3601 * 1000);
    }
  });
});

describe('the stored key of site tokens', () => {
  it('is made once when processes race for it', async () => {
    const name = `race-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const secrets = await Promise.all(Array.from({ length: 8 }, () => storedSecret(app.prisma, name)));
    expect(new Set(secrets).size).toBe(1);
    expect(await app.prisma.serviceSecret.count({ where: { name } })).toBe(1);
    await app.prisma.serviceSecret.delete({ where: { name } });
  });
});
