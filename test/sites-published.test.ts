// The published structure of a site (GET …/published): not served while
// unpublished; a share-link site only with an active share link's key (a
// deactivated link stops at once); sections and groups (or root site spaces)
// in their stored order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { graphql, rest } from './support/http.js';
import { createOrg, createSpace, membersOfEveryRole, type OrgFixture } from './support/factories.js';
import { tokenWithScopes } from './support/tokens.js';
import { expectOpenApi, expectSchema } from './support/openapi.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** The public document's PublishedContentSite also requires customizations and scripts, which the spec leaves out: site and structure are checked. */
function expectPublished(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.object).toBe('published-content-site');
  expectSchema(res.body.site, 'Site');
  expectSchema(res.body.structure, 'SiteStructure');
}

async function siteOf(org: OrgFixture, body: Record<string, unknown> = {}) {
  const admin = rest(app, org.admin.token);
  const res = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', ...body });
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  return { id: res.body.id as string, path, admin };
}

describe('GET …/published', () => {
  it('is not served while unpublished; then lists the root site spaces in their order', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id, b.id, c.id] });
    expect((await site.admin.get(`${site.path}/published`)).body).toEqual({ error: { code: 404, message: 'Published site not found' } });
    await site.admin.post(`${site.path}/publish`);
    const res = await site.admin.get(`${site.path}/published`);
    expectPublished(res);
    expect(res.body.structure.type).toBe('siteSpaces');
    const rows = await app.prisma.siteSpace.findMany({ where: { siteId: site.id }, orderBy: { sortKey: 'asc' } });
    expect(ids(res.body.structure.structure)).toEqual(rows.map((r) => r.id));
    expect(res.body.structure.structure.map((s: { space: { id: string } }) => s.space.id)).toEqual([a.id, b.id, c.id]);
    await site.admin.patch(`${site.path}/structure/sort`, { item: { type: 'site-space', id: rows[2].id }, position: { before: { type: 'site-space', id: rows[0].id } } });
    expect(ids((await site.admin.get(`${site.path}/published`)).body.structure.structure)).toEqual([rows[2].id, rows[0].id, rows[1].id]);
    await site.admin.post(`${site.path}/unpublish`);
    expect((await site.admin.get(`${site.path}/published`)).status).toBe(404);
  });

  it('lists root sections and groups in order, groups with their children, for a site with sections', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const sections: string[] = [];
    for (let i = 0; i < 3; i++) sections.push((await site.admin.post(`${site.path}/sections`, { spaceId: (await createSpace(app, org)).id })).body.id);
    const group = (await site.admin.post(`${site.path}/section-groups`, { title: 'Group', sections: [sections[1]] })).body.id;
    await site.admin.patch(`${site.path}/structure/sort`, { item: { type: 'site-section-group', id: group }, position: { before: { type: 'site-section', id: sections[0] } } });
    await site.admin.post(`${site.path}/publish`);
    const res = await site.admin.get(`${site.path}/published`);
    expectPublished(res);
    expect(res.body.structure.type).toBe('sections');
    expect(ids(res.body.structure.structure)).toEqual([group, sections[0], sections[2]]);
    expect(res.body.structure.structure[0]).toMatchObject({ object: 'site-section-group', children: [{ id: sections[1], object: 'site-section' }] });
    expect(res.body.structure.structure[1].urls.published).toMatch(/^http/);
  });

  it('serves a share-link site only with the key of an active share link of that site', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { visibility: 'share-link', spaces: [(await createSpace(app, org)).id] });
    const other = await siteOf(org, { visibility: 'share-link' });
    await site.admin.post(`${site.path}/publish`);
    const link = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const foreign = (await site.admin.post(`${other.path}/share-links`, { name: 'Other' })).body;
    const foreignKey = (await app.prisma.shareLink.findUniqueOrThrow({ where: { id: foreign.id } })).key;

    expect((await site.admin.get(`${site.path}/published`)).status).toBe(404);
    expect((await site.admin.get(`${site.path}/published?shareKey=wrong`)).status).toBe(404);
    expect((await site.admin.get(`${site.path}/published?shareKey=${foreignKey}`)).status).toBe(404);
    expectPublished(await site.admin.get(`${site.path}/published?shareKey=${key}`));

    await site.admin.patch(`${site.path}/share-links/${link.id}`, { active: false });
    expect((await site.admin.get(`${site.path}/published?shareKey=${key}`)).status).toBe(404);
    await site.admin.patch(`${site.path}/share-links/${link.id}`, { active: true });
    expect((await site.admin.get(`${site.path}/published?shareKey=${key}`)).status).toBe(200);
    await site.admin.delete(`${site.path}/share-links/${link.id}`);
    expect((await site.admin.get(`${site.path}/published?shareKey=${key}`)).status).toBe(404);
  });

  it('resolves published URLs with the shareKey of an active link, on the published site, its sections and its site spaces', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { visibility: 'share-link' });
    const section = (await site.admin.post(`${site.path}/sections`, { spaceId: (await createSpace(app, org)).id })).body;
    await site.admin.post(`${site.path}/publish`);
    const link = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const share = `?share=${encodeURIComponent(key)}`;

    const published = await site.admin.get(`${site.path}/published?shareKey=${key}`);
    expect(published.body.site.urls.published.endsWith(share)).toBe(true);
    expect(published.body.structure.structure[0].urls.published).toMatch(new RegExp(`/${section.path}\\?share=`));
    const sections = await site.admin.get(`${site.path}/sections?shareKey=${key}`);
    expectOpenApi(sections, 'get', '/orgs/{organizationId}/sites/{siteId}/sections', 200);
    expect(sections.body.items[0].urls.published.endsWith(share)).toBe(true);
    expect(sections.body.items[0].siteSpaces[0].urls.published.endsWith(share)).toBe(true);
    const siteSpaces = await site.admin.get(`${site.path}/site-spaces?shareKey=${key}`);
    expectOpenApi(siteSpaces, 'get', '/orgs/{organizationId}/sites/{siteId}/site-spaces', 200);
    expect(siteSpaces.body.items[0].urls.published.endsWith(share)).toBe(true);
    // Without a key, or with an inactive one, the URLs are the bare ones.
    expect((await site.admin.get(`${site.path}/sections`)).body.items[0].urls.published).not.toContain('share=');
    await site.admin.patch(`${site.path}/share-links/${link.id}`, { active: false });
    expect((await site.admin.get(`${site.path}/site-spaces?shareKey=${key}`)).body.items[0].urls.published).not.toContain('share=');
  });

  it('is for members who see the site (guests and other organizations get 404); a scoped token needs site:read', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteOf(org);
    await site.admin.post(`${site.path}/publish`);
    const callers = await membersOfEveryRole(app, org.organizationId);
    expect((await rest(app, callers.read.token).get(`${site.path}/published`)).status).toBe(200);
    expect((await rest(app, callers.guest.token).get(`${site.path}/published`)).status).toBe(404);
    expect((await rest(app, other.admin.token).get(`${site.path}/published`)).status).toBe(404);
    const spaceOnly = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expect((await rest(app, spaceOnly.token).get(`${site.path}/published`)).status).toBe(403);
  });

  it('is publishedSite in GraphQL', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { spaces: [(await createSpace(app, org)).id] });
    await site.admin.post(`${site.path}/publish`);
    const res = await graphql(app, org.admin.token, `query ($id: ID!) {
      publishedSite(id: $id) { site { id published } structure { type structure { __typename ... on SiteSpace { id space { id } } } } }
    }`, { id: site.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.publishedSite).toMatchObject({ site: { id: site.id, published: true }, structure: { type: 'SITE_SPACES', structure: [{ __typename: 'SiteSpace' }] } });
  });
});
