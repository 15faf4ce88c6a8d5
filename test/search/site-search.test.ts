// Site search (POST /orgs/{organizationId}/sites/{siteId}/search, GraphQL
// siteSearch): full-text search over the spaces a published site publishes, in
// the public document's shape; its scopes (default, specific, all, and the
// deprecated mode/siteSpaceIds/siteSpaceId); bounded input; who may search —
// whoever may read the published site (policy/site.ts), with site:search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { insertPages } from '../support/content.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const searchOp = '/orgs/{organizationId}/sites/{siteId}/search';

function expectError(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ error: { code: status, message: expect.any(String) } });
  if (message) expect(res.body.error.message).toMatch(message);
}

async function spaceWith(org: OrgFixture, title: string, pages: { path: string; title?: string; markdown?: string }[]) {
  const space = await createSpace(app, org, { empty: true, title });
  await insertPages(app, space, pages);
  return space as { id: string };
}

/** A published site of two spaces about zebras, beside a space of the organization that is on no site. */
async function zebraSite(org: OrgFixture, body: Record<string, unknown> = {}) {
  const a = await spaceWith(org, 'Animals', [{ path: 'zebras', title: 'Zebras', markdown: 'Stripes everywhere.' }]);
  const b = await spaceWith(org, 'Care', [{ path: 'feeding', title: 'Feeding', markdown: 'Feed a zebra twice a day.' }]);
  const offSite = await spaceWith(org, 'Internal', [{ path: 'notes', title: 'Zebra notes', markdown: 'Private zebra plans.' }]);
  const admin = rest(app, org.admin.token);
  const site = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: [a.id, b.id], ...body })).body;
  const path = `/v1/orgs/${org.organizationId}/sites/${site.id}`;
  expect((await admin.post(`${path}/publish`)).status).toBe(200);
  const rows = (await admin.get(`${path}/site-spaces`)).body.items as { id: string; space: { id: string } }[];
  const rowOf = (spaceId: string) => rows.find((r) => r.space.id === spaceId)!.id;
  return { a, b, offSite, site, path, search: `${path}/search`, rowA: rowOf(a.id), rowB: rowOf(b.id) };
}

const spaceIds = (res: { body: any }) => res.body.items.map((i: any) => i.id).sort();

describe('site search', () => {
  it("searches the site's published spaces only, in the public shape, ranked, with pages and sections", async () => {
    const org = await createOrg(app);
    const s = await zebraSite(org);
    const res = await rest(app, org.admin.token).post(s.search, { query: 'zebra' });
    expectOpenApi(res, 'post', searchOp, 200);
    expect(res.body.count).toBe(2);
    expect(spaceIds(res)).toEqual([s.a.id, s.b.id].sort());
    const [first] = res.body.items;
    // The title match ranks first.
    expect(first).toMatchObject({ type: 'space', id: s.a.id, title: 'Animals', pages: [{ title: 'Zebras', rank: 1, path: 'zebras' }] });
    expect(JSON.stringify(res.body)).not.toContain(s.offSite.id);

    const paged = await rest(app, org.admin.token).post(`${s.search}?limit=1`, { query: 'zebra' });
    expectOpenApi(paged, 'post', searchOp, 200);
    expect(paged.body.items).toHaveLength(1);
    const next = await rest(app, org.admin.token).post(`${s.search}?limit=1&page=${paged.body.next.page}`, { query: 'zebra' });
    expect(next.body.items.map((i: any) => i.id)).toEqual([res.body.items[1].id]);
    const none = await rest(app, org.admin.token).post(s.search, { query: 'giraffe' });
    expectOpenApi(none, 'post', searchOp, 200);
    expect(none.body).toMatchObject({ count: 0, items: [] });
  });

  it('follows the scope: specific, default (with the current site space, restricted), all, and the deprecated forms', async () => {
    const org = await createOrg(app);
    const s = await zebraSite(org);
    const search = async (body: Record<string, unknown>) => {
      const res = await rest(app, org.admin.token).post(s.search, { query: 'zebra', ...body });
      expectOpenApi(res, 'post', searchOp, 200);
      return spaceIds(res);
    };
    const both = [s.a.id, s.b.id].sort();
    expect(await search({ scope: { mode: 'specific', siteSpaceIds: [s.rowB] } })).toEqual([s.b.id]);
    expect(await search({ scope: { mode: 'all' } })).toEqual(both);
    // Without sections, the default content is the site's default site space (the first added).
    expect(await search({ scope: { mode: 'default' } })).toEqual([s.a.id]);
    expect(await search({ scope: { mode: 'default', currentSiteSpace: s.rowB } })).toEqual(both);
    expect(await search({ scope: { mode: 'default', currentSiteSpace: s.rowB, restrictTo: 'currentSiteSpace' } })).toEqual([s.b.id]);
    expect(await search({ scope: { mode: 'default', currentSiteSpace: s.rowB, restrictTo: 'otherSiteSpaces' } })).toEqual([s.a.id]);
    expect(await search({ scope: { mode: 'default', currentSiteSpace: s.rowA, restrictTo: 'otherSiteSpaces' } })).toEqual([]);
    expect(await search({ siteSpaceIds: [s.rowB] })).toEqual([s.b.id]);
    expect(await search({ mode: 'specific', siteSpaceIds: [s.rowA] })).toEqual([s.a.id]);
    expect(await search({ mode: 'current', siteSpaceId: s.rowB })).toEqual(both);
    expect(await search({ mode: 'all' })).toEqual(both);
  });

  it('refuses bad input with 400 naming the field: query, scope, site spaces of another site, too many, page size', async () => {
    const org = await createOrg(app);
    const s = await zebraSite(org);
    const other = await zebraSite(org);
    const admin = rest(app, org.admin.token);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /query/],
      [{ query: '   ' }, /^query: /],
      [{ query: 'z'.repeat(513) }, /^query: .*512/],
      [{ query: 'zebra', scope: { mode: 'specific', siteSpaceIds: [other.rowA] } }, /^siteSpaceIds: .*not a site space/],
      [{ query: 'zebra', scope: { mode: 'specific', siteSpaceIds: [] } }, /^siteSpaceIds: /],
      [{ query: 'zebra', scope: { mode: 'specific', siteSpaceIds: Array.from({ length: 101 }, () => s.rowA) } }, /^siteSpaceIds: .*100/],
      [{ query: 'zebra', scope: { mode: 'default', restrictTo: 'currentSiteSpace' } }, /^currentSiteSpace: /],
      [{ query: 'zebra', scope: { mode: 'default', currentSiteSpace: 'sis_unknown' } }, /^currentSiteSpace: /],
      [{ query: 'zebra', scope: { mode: 'everything' } }, /mode/],
      [{ query: 'zebra', scope: { mode: 'all' }, mode: 'all' }, /^scope: .*not both/],
      [{ query: 'zebra', mode: 'current' }, /^siteSpaceId: /],
      [{ query: 'zebra', unknown: 1 }, /unknown/],
    ];
    for (const [body, message] of cases) expectError(await admin.post(s.search, body), 400, message);
    expectError(await admin.post(`${s.search}?limit=1001`, { query: 'zebra' }), 400, /limit/);
  });

  it('is for whoever may read the published site: members while published, share-link readers with the key; others 404', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const s = await zebraSite(org);
    const reader = await addMember(app, org.organizationId, 'read');
    expectOpenApi(await rest(app, reader.token).post(s.search, { query: 'zebra' }), 'post', searchOp, 200);
    expectError(await rest(app, other.admin.token).post(s.search, { query: 'zebra' }), 404);
    // Through another organization's path: not found either.
    expectError(
      await rest(app, other.admin.token).post(`/v1/orgs/${other.organizationId}/sites/${s.site.id}/search`, { query: 'zebra' }),
      404,
    );
    expect((await rest(app, org.admin.token).post(`${s.path}/unpublish`)).status).toBe(200);
    expectError(await rest(app, org.admin.token).post(s.search, { query: 'zebra' }), 404, /Published site/);
    expectError(await rest(app).post(s.search, { query: 'zebra' }), 401);

    const shared = await zebraSite(org, { visibility: 'share-link' });
    const link = (await rest(app, org.admin.token).post(`${shared.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    // The REST operation takes no share key (the public document has none): share-link readers search through GraphQL.
    const q = `query($org: ID!, $site: ID!, $key: String) {
      siteSearch(organizationId: $org, siteId: $site, shareKey: $key, query: "zebra") { totalCount edges { node { id } } }
    }`;
    const asStranger = (key?: string) => graphql(app, other.admin.token, q, { org: org.organizationId, site: shared.site.id, key });
    expect((await asStranger()).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await asStranger('wrong')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const withKey = await asStranger(key);
    expect(withKey.errors).toBeUndefined();
    expect(withKey.data.siteSearch.edges.map((e: any) => e.node.id).sort()).toEqual([shared.a.id, shared.b.id].sort());
    await rest(app, org.admin.token).patch(`${shared.path}/share-links/${link.id}`, { active: false });
    expect((await asStranger(key)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Without the key, a share-link site is not searched over REST, by members either.
    expectError(await rest(app, org.admin.token).post(shared.search, { query: 'zebra' }), 404);
  });

  it('scoped tokens need site:search', async () => {
    const org = await createOrg(app);
    const s = await zebraSite(org);
    const searcher = await tokenWithScopes(app, org.admin.userId, ['site:search']);
    const siteReader = await tokenWithScopes(app, org.admin.userId, ['site:read', 'space:read']);
    expectOpenApi(await rest(app, searcher.token).post(s.search, { query: 'zebra' }), 'post', searchOp, 200);
    expectError(await rest(app, siteReader.token).post(s.search, { query: 'zebra' }), 403, /site:search/);
  });

  it('GraphQL siteSearch answers the same connection', async () => {
    const org = await createOrg(app);
    const s = await zebraSite(org);
    const { data, errors } = await graphql(
      app,
      org.admin.token,
      `query($org: ID!, $site: ID!, $row: ID!) {
        siteSearch(organizationId: $org, siteId: $site, query: "zebra", scope: { mode: SPECIFIC, siteSpaceIds: [$row] }, first: 5) {
          totalCount edges { node { id title pages { id title } } }
        }
      }`,
      { org: org.organizationId, site: s.site.id, row: s.rowA },
    );
    expect(errors).toBeUndefined();
    expect(data.siteSearch).toMatchObject({ totalCount: 1, edges: [{ node: { id: s.a.id, pages: [{ title: 'Zebras' }] } }] });
  });
});
