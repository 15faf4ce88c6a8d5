// Site redirects (listSiteRedirects, createSiteRedirect, bulkUpsertSiteRedirects,
// updateSiteRedirectById, deleteSiteRedirectById, getSiteRedirectBySource): the
// public document's shapes, validation, who may read, write and look up, races
// on one source, and the automatic redirect a page move leaves after a merge.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi } from '../support/openapi.js';
import { race, restCall, statusCounts } from '../support/concurrency.js';
import { insertPages } from '../support/content.js';
import { followMainLines } from '../../src/domain/revisions/index.js';

const app = useTestApp();

const LIST = '/orgs/{organizationId}/sites/{siteId}/redirects';
const ONE = '/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}';
const LOOKUP = '/orgs/{organizationId}/sites/{siteId}/redirect';

async function siteWithPages(org: OrgFixture, pages = [{ path: 'guide' }, { path: 'guide/install' }, { path: 'faq' }]) {
  const admin = rest(app, org.admin.token);
  const space = await createSpace(app, org, { empty: true });
  const pageIds = await insertPages(app, space, pages);
  const res = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: [space.id] });
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  const siteSpace = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: res.body.id } });
  return { id: res.body.id as string, path, admin, space, pageIds, siteSpace };
}

const external = (url = 'https://example.com/new') => ({ kind: 'external', url });

describe('site redirects', () => {
  it('creates (201), lists ({next,count,items}), updates, looks up and deletes (204), in the public shapes', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const created = await site.admin.post(`${site.path}/redirects`, { source: '/old', destination: external(), permanent: true });
    expectOpenApi(created, 'post', LIST, 201);
    expect(created.body).toMatchObject({ object: 'site-redirect', source: '/old', draft: false, permanent: true, captureWildcard: false });
    expect(created.body.updatedAt).toBeUndefined();
    const toPage = await site.admin.post(`${site.path}/redirects`, {
      source: '/legacy/*',
      captureWildcard: true,
      destination: { kind: 'site-space', siteSpaceId: site.siteSpace.id },
    });
    expectOpenApi(toPage, 'post', LIST, 201);
    const byPath = await site.admin.post(`${site.path}/redirects`, {
      source: '/setup',
      destination: { kind: 'path', spaceId: site.space.id, path: 'guide/install' },
    });
    expect(byPath.body.destination).toEqual({ kind: 'site-page', siteSpaceId: site.siteSpace.id, pageId: site.pageIds[1] });

    // By source (creation times may tie within a millisecond): pages of two.
    const list = await site.admin.get(`${site.path}/redirects?limit=2&orderBy=source`);
    expectOpenApi(list, 'get', LIST, 200);
    expect(list.body.count).toBe(3);
    expect(list.body.items.map((r: { source: string }) => r.source)).toEqual(['/legacy/*', '/old']);
    const rest2 = await site.admin.get(`${site.path}/redirects?limit=2&orderBy=source&page=${list.body.next.page}`);
    expect(rest2.body.items.map((r: { source: string }) => r.source)).toEqual(['/setup']);
    const search = await site.admin.get(`${site.path}/redirects?search=L`);
    expect(search.body.items.map((r: { source: string }) => r.source).sort()).toEqual(['/legacy/*', '/old']);

    const updated = await site.admin.patch(`${site.path}/redirects/${created.body.id}`, { source: '/older', permanent: false });
    expectOpenApi(updated, 'patch', ONE, 200);
    expect(updated.body).toMatchObject({ source: '/older', permanent: false, updatedAt: expect.any(String) });

    const found = await site.admin.get(`${site.path}/redirect?source=/setup`);
    expectOpenApi(found, 'get', LOOKUP, 200);
    expect(found.body.target).toBe(`${app.quire.urls.published}/sites/${site.id}/${site.siteSpace.path}/guide/install`);
    // The longest wildcard source a path starts with; what `*` matched follows when captured.
    const wild = await site.admin.get(`${site.path}/redirect?source=/legacy/a/b`);
    expect(wild.body.target).toBe(`${app.quire.urls.published}/sites/${site.id}/${site.siteSpace.path}/a/b`);
    expect((await site.admin.get(`${site.path}/redirect?source=/nothing`)).status).toBe(404);

    expect((await site.admin.delete(`${site.path}/redirects/${created.body.id}`)).status).toBe(204);
    expect((await site.admin.delete(`${site.path}/redirects/${created.body.id}`)).status).toBe(204);
    expect(await app.prisma.siteRedirect.count({ where: { siteId: site.id } })).toBe(2);
    expect((await site.admin.get(`${site.path}/redirect?source=/older`)).status).toBe(404);
  });

  it('refuses malformed sources and destinations (400), a taken source (409) and an unknown redirect (404)', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const post = (body: unknown) => site.admin.post(`${site.path}/redirects`, body);
    expect((await post({ source: 'no-slash', destination: external() })).body.error.message).toMatch(/^source: /);
    expect((await post({ source: '/a b', destination: external() })).status).toBe(400);
    expect((await post({ source: `/${'a'.repeat(600)}`, destination: external() })).status).toBe(400);
    expect((await post({ source: '/*/x', destination: external() })).status).toBe(400);
    expect((await post({ source: '/a', destination: { kind: 'nowhere' } })).status).toBe(400);
    expect((await post({ source: '/a', destination: external('javascript:alert(1)') })).body.error.message).toMatch(/destination\.url/);
    expect((await post({ source: '/a', destination: { kind: 'site-space', siteSpaceId: 'sis_nope' } })).status).toBe(400);
    expect((await post({ source: '/a', destination: { kind: 'site-page', siteSpaceId: site.siteSpace.id, pageId: 'nope' } })).status).toBe(
      400,
    );
    expect((await post({ source: '/a', destination: { kind: 'path', spaceId: site.space.id, path: 'missing' } })).status).toBe(400);
    expect((await post({ source: '/a' })).status).toBe(400);
    expect((await post({ source: '/a', destination: external() })).status).toBe(201);
    expect((await post({ source: '/a', destination: external() })).status).toBe(409);
    // A draft of the same source is another redirect.
    expect((await post({ source: '/a', destination: external(), draft: true })).status).toBe(201);
    const b = (await post({ source: '/b', destination: external() })).body;
    expect((await site.admin.patch(`${site.path}/redirects/${b.id}`, { source: '/a' })).status).toBe(409);
    expect((await site.admin.patch(`${site.path}/redirects/srd_nope`, { source: '/c' })).status).toBe(404);
    expect((await site.admin.get(`${site.path}/redirect?source=relative`)).status).toBe(400);
    expect(await app.prisma.siteRedirect.count({ where: { siteId: site.id } })).toBe(3);
  });

  it('lets members read, editors and admins write; guests and other organizations get 404; a token needs site:write', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const other = await createOrg(app);
    const body = { source: '/x', destination: external() };
    expect((await rest(app, callers.read.token).get(`${site.path}/redirects`)).status).toBe(200);
    expect((await rest(app, callers.read.token).post(`${site.path}/redirects`, body)).status).toBe(403);
    expect((await rest(app, callers.comment.token).put(`${site.path}/redirects`, { redirects: [body] })).status).toBe(403);
    expect((await rest(app, callers.guest.token).get(`${site.path}/redirects`)).status).toBe(404);
    expect((await rest(app, other.admin.token).get(`${site.path}/redirects`)).status).toBe(404);
    expect((await rest(app, other.admin.token).post(`${site.path}/redirects`, body)).status).toBe(404);
    const readOnly = await tokenWithScopes(app, callers.edit.userId, ['site:read']);
    expect((await rest(app, readOnly.token).get(`${site.path}/redirects`)).status).toBe(200);
    expect((await rest(app, readOnly.token).post(`${site.path}/redirects`, body)).status).toBe(403);
    const created = await rest(app, callers.edit.token).post(`${site.path}/redirects`, body);
    expect(created.status).toBe(201);
    expect((await rest(app, callers.read.token).delete(`${site.path}/redirects/${created.body.id}`)).status).toBe(403);
    expect((await rest(app, other.admin.token).delete(`${site.path}/redirects/${created.body.id}`)).status).toBe(404);
    expect(await app.prisma.siteRedirect.count({ where: { siteId: site.id } })).toBe(1);
  });

  it('lets whoever may read the published site look a path up: share-link readers with their key, not before publication', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const created = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, {
      title: 'Shared',
      visibility: 'share-link',
      spaces: [space.id],
    });
    const path = `/v1/orgs/${org.organizationId}/sites/${created.body.id}`;
    const admin = rest(app, org.admin.token);
    await admin.post(`${path}/redirects`, { source: '/old', destination: external() });
    const link = (await admin.post(`${path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const outsider = rest(app, (await createOrg(app)).admin.token);
    // Members look up while unpublished (previews); readers through a key only once published.
    expect((await admin.get(`${path}/redirect?source=/old`)).status).toBe(200);
    expect((await outsider.get(`${path}/redirect?source=/old&shareKey=${key}`)).status).toBe(404);
    await admin.post(`${path}/publish`);
    expect((await outsider.get(`${path}/redirect?source=/old`)).status).toBe(404);
    const found = await outsider.get(`${path}/redirect?source=/old&shareKey=${key}`);
    expectOpenApi(found, 'get', LOOKUP, 200);
    expect(found.body.target).toBe('https://example.com/new');
    // …but may not list or write them.
    expect((await outsider.get(`${path}/redirects?shareKey=${key}`)).status).toBeGreaterThanOrEqual(400);
    await admin.patch(`${path}/share-links/${link.id}`, { active: false });
    expect((await outsider.get(`${path}/redirect?source=/old&shareKey=${key}`)).status).toBe(404);
  });
});

describe('bulk upserts', () => {
  it('creates, updates, deletes and publishes by source, answering one result per item', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    await site.admin.post(`${site.path}/redirects`, { source: '/gone', destination: external() });
    await site.admin.post(`${site.path}/redirects`, { source: '/soon', destination: external('https://example.com/soon'), draft: true });
    const res = await site.admin.put(`${site.path}/redirects`, {
      redirects: [
        { source: '/one', destination: external() },
        { source: '/one', destination: external('https://example.com/again'), permanent: true },
        { source: '/gone', destination: null },
        { source: '/soon', intent: 'publish' },
        { source: '/draft', intent: 'draft', destination: external() },
        { source: '/bad', destination: { kind: 'site-space', siteSpaceId: 'sis_nope' } },
        { source: '/never', intent: 'publish' },
      ],
    });
    expectOpenApi(res, 'put', LIST, 200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'updated',
      'deleted',
      'published',
      'created',
      'error',
      'error',
    ]);
    const rows = await app.prisma.siteRedirect.findMany({ where: { siteId: site.id }, orderBy: { source: 'asc' } });
    expect(rows.map((r) => [r.source, r.draft])).toEqual([
      ['/draft', true],
      ['/one', false],
      ['/soon', false],
    ]);
    expect(rows[1]).toMatchObject({ permanent: true, destination: external('https://example.com/again') });
    expect(rows[2].destination).toEqual(external('https://example.com/soon'));
    expect((await site.admin.put(`${site.path}/redirects`, { redirects: [] })).status).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ source: `/p${i}`, destination: external() }));
    expect((await site.admin.put(`${site.path}/redirects`, { redirects: tooMany })).status).toBe(400);
    expect((await site.admin.put(`${site.path}/redirects`, { redirects: [{ source: 'x', destination: null }] })).status).toBe(400);
  });
});

describe('races', () => {
  it('lets one of many parallel creates of one source win (the others 409), leaving one row', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const results = await race(
      app,
      Array.from({ length: 10 }, (_, i) =>
        restCall(org.admin.token, 'POST', `${site.path}/redirects`, { source: '/same', destination: external(`https://example.com/${i}`) }),
      ),
    );
    expect(statusCounts(results)).toEqual({ 201: 1, 409: 9 });
    expect(await app.prisma.siteRedirect.count({ where: { siteId: site.id, source: '/same' } })).toBe(1);
  });

  it('applies parallel bulk upserts whole, one after the other: every source once, all from one request', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const sources = Array.from({ length: 20 }, (_, i) => `/doc-${i}`);
    const results = await race(
      app,
      Array.from({ length: 6 }, (_, n) =>
        restCall(org.admin.token, 'PUT', `${site.path}/redirects`, {
          redirects: sources.map((source) => ({ source, destination: external(`https://example.com/run-${n}`) })),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const rows = await app.prisma.siteRedirect.findMany({ where: { siteId: site.id } });
    expect(rows.map((r) => r.source).sort()).toEqual([...sources].sort());
    // The last bulk to run wrote every row: one run's destination throughout.
    expect(new Set(rows.map((r) => (r.destination as { url: string }).url)).size).toBe(1);
    expect(results.filter((r) => r.body.results.every((x: { status: string }) => x.status === 'created'))).toHaveLength(1);
  });
});

describe('automatic redirects', () => {
  it('leaves a redirect from the old published path after a merge moves and renames a page, sparing a user redirect', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    const [guide, install, faq] = site.pageIds;
    const prefix = `/${site.siteSpace.path}`;
    // A user's redirect of a source the move would also take.
    await site.admin.post(`${site.path}/redirects`, { source: `${prefix}/faq`, destination: external() });
    const spacePath = `/v1/spaces/${site.space.id}/change-requests`;
    const cr = (await site.admin.post(spacePath, { subject: 'Move' })).body;
    const write = await site.admin.post(`${spacePath}/${cr.id}/content`, {
      changes: [
        { operation: 'update_page', page: install, into: faq, slug: 'installation' },
        { operation: 'update_page', page: faq, slug: 'questions' },
      ],
    });
    expect(write.status, JSON.stringify(write.body)).toBeLessThan(300);
    expect((await site.admin.post(`${spacePath}/${cr.id}/merge`)).body.result).toBe('merge');
    await followMainLines(app.prisma);

    const rows = await app.prisma.siteRedirect.findMany({ where: { siteId: site.id }, orderBy: { source: 'asc' } });
    expect(rows.map((r) => [r.source, r.automatic])).toEqual([
      [`${prefix}/faq`, false],
      [`${prefix}/guide/install`, true],
    ]);
    expect(rows[0].destination).toEqual(external());
    expect(rows[1]).toMatchObject({
      organizationId: org.organizationId,
      destination: { kind: 'site-page', siteSpaceId: site.siteSpace.id, pageId: install },
    });
    const found = await site.admin.get(`${site.path}/redirect?source=${prefix}/guide/install`);
    expectOpenApi(found, 'get', LOOKUP, 200);
    expect(found.body.target).toBe(`${app.quire.urls.published}/sites/${site.id}${prefix}/questions/installation`);

    // Following again changes nothing (idempotent); moving the page back removes the redirect it would shadow.
    await followMainLines(app.prisma);
    expect(await app.prisma.siteRedirect.count({ where: { siteId: site.id } })).toBe(2);
    const back = (await site.admin.post(spacePath, { subject: 'Back' })).body;
    await site.admin.post(`${spacePath}/${back.id}/content`, {
      changes: [{ operation: 'update_page', page: install, into: guide, slug: 'install' }],
    });
    await site.admin.post(`${spacePath}/${back.id}/merge`);
    await followMainLines(app.prisma);
    const after = await app.prisma.siteRedirect.findMany({ where: { siteId: site.id }, orderBy: { source: 'asc' } });
    expect(after.map((r) => r.source)).toEqual([`${prefix}/faq`, `${prefix}/questions/installation`]);
  });

  it('is served in the graph with the automatic flag', async () => {
    const org = await createOrg(app);
    const site = await siteWithPages(org);
    await site.admin.post(`${site.path}/redirects`, { source: '/g', destination: external() });
    const res = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { site(id: $id) { redirects(first: 5) { totalCount edges { node { source automatic destination } } } } }`,
      {
        id: site.id,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.site.redirects).toMatchObject({
      totalCount: 1,
      edges: [{ node: { source: '/g', automatic: false, destination: external() } }],
    });
  });
});
