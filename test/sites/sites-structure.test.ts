// Site spaces (spec 4.4) and share links (4.5): placement (the section given,
// else the default section, else the root), the default of each scope, the
// `default` filter, condition semantics (omitted keeps, null removes), space
// changes, limits, who may, concurrent additions; share links and their keys.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { newId } from '../../src/ids.js';

const app = useTestApp();

const SITE_SPACES = '/orgs/{organizationId}/sites/{siteId}/site-spaces';
const SITE_SPACE = `${SITE_SPACES}/{siteSpaceId}`;
const SHARE_LINKS = '/orgs/{organizationId}/sites/{siteId}/share-links';
const SHARE_LINK = `${SHARE_LINKS}/{shareLinkId}`;

const expect400 = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toMatch(new RegExp(`^${field}: `));
};

async function siteOf(org: OrgFixture, body: Record<string, unknown> = {}) {
  const res = await rest(app, org.admin.token).post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', ...body });
  expect(res.status).toBe(201);
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  return { id: res.body.id as string, path, siteSpaces: `${path}/site-spaces`, shareLinks: `${path}/share-links` };
}

async function insertSection(org: OrgFixture, siteId: string, sortKey: number, path = `s${sortKey}`) {
  return app.prisma.siteSection.create({
    data: { id: newId('SiteSection'), organizationId: org.organizationId, siteId, title: `Section ${sortKey}`, path, sortKey },
  });
}

/** A required field left out: GraphQL's coercion refuses it, naming the field. */
const expectMissing = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.message).toContain(`"${field}"`);
};

const rowsOf = (siteId: string) => app.prisma.siteSpace.findMany({ where: { siteId }, orderBy: [{ sortKey: 'asc' }] });

describe('POST …/site-spaces', () => {
  it('adds the space at the root of a site without sections; the first of a scope is its default', async () => {
    const org = await createOrg(app);
    const a = await createSpace(app, org, { title: 'Getting Started' });
    const b = await createSpace(app, org, { title: 'Getting Started' });
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    const first = await admin.post(site.siteSpaces, { spaceId: a.id });
    expectOpenApi(first, 'post', SITE_SPACES, 201);
    expect(first.body).toMatchObject({
      object: 'site-space',
      path: 'getting-started',
      default: true,
      draft: false,
      title: 'Getting Started',
      space: { id: a.id },
    });
    expect(first.body.section).toBeUndefined();
    expect(first.body.urls.published).toBeUndefined();
    const second = await admin.post(site.siteSpaces, { spaceId: b.id });
    expectOpenApi(second, 'post', SITE_SPACES, 201);
    expect(second.body).toMatchObject({ path: 'getting-started-2', default: false });
    expect((await rowsOf(site.id)).map((r) => [r.id, r.sectionId, r.organizationId])).toEqual([
      [first.body.id, null, org.organizationId],
      [second.body.id, null, org.organizationId],
    ]);
    expect((await admin.get(site.path)).body.siteSpaces).toBe(2);
    await admin.post(`${site.path}/publish`);
    const listed = await admin.get(site.siteSpaces);
    expect(listed.body.items[0].urls.published).toMatch(new RegExp(`/sites/${site.id}/getting-started$`));
  });

  it('goes to the section given, else the default section, else the first section', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org);
    const s1 = await insertSection(org, site.id, 1);
    const s2 = await insertSection(org, site.id, 2);
    const admin = rest(app, org.admin.token);
    expect((await admin.post(site.siteSpaces, { spaceId: a.id })).body.section).toBe(s1.id);
    await app.prisma.site.update({ where: { id: site.id }, data: { defaultSiteSectionId: s2.id } });
    const toDefault = await admin.post(site.siteSpaces, { spaceId: b.id });
    expectOpenApi(toDefault, 'post', SITE_SPACES, 201);
    expect(toDefault.body).toMatchObject({ section: s2.id, default: true });
    expect((await admin.post(site.siteSpaces, { spaceId: c.id, sectionId: s1.id })).body).toMatchObject({ section: s1.id, default: false });
    const other = await siteOf(org);
    const foreignSection = await insertSection(org, other.id, 1);
    expect400(await admin.post(site.siteSpaces, { spaceId: c.id, sectionId: foreignSection.id }), 'sectionId');
    expect((await app.prisma.siteSection.findUniqueOrThrow({ where: { id: s1.id } })).defaultSiteSpaceId).not.toBeNull();
  });

  it('refuses a missing, unknown, deleted or foreign space (400) and the same space twice in a scope (409), also in parallel', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const foreign = await createSpace(app, other);
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    expectMissing(await admin.post(site.siteSpaces, {}), 'spaceId');
    expectMissing(await admin.post(site.siteSpaces, { spaceId: null }), 'input.spaceId');
    expect400(await admin.post(site.siteSpaces, { spaceId: 'spc_unknown' }), 'spaceId');
    expect400(await admin.post(site.siteSpaces, { spaceId: foreign.id }), 'spaceId');
    const results = await Promise.all(Array.from({ length: 4 }, () => admin.post(site.siteSpaces, { spaceId: space.id })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const rows = await rowsOf(site.id);
    expect(rows.map((r) => r.spaceId)).toEqual([space.id]);
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSpaceId).toBe(rows[0].id);
  });

  it('keeps paths unique and positions distinct when different spaces are added at once', async () => {
    const org = await createOrg(app);
    const spaces = await Promise.all(Array.from({ length: 5 }, () => createSpace(app, org, { title: 'Same title' })));
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    const results = await Promise.all(spaces.map((s) => admin.post(site.siteSpaces, { spaceId: s.id })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await rowsOf(site.id);
    expect(new Set(rows.map((r) => r.path)).size).toBe(5);
    expect(new Set(rows.map((r) => r.sortKey)).size).toBe(5);
    expect((await admin.get(`${site.siteSpaces}?default=true`)).body.count).toBe(1);
  });
});

describe('GET …/site-spaces', () => {
  it('lists in order (sections in their order, then position), filtered by default', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org);
    const s2 = await insertSection(org, site.id, 2);
    const s1 = await insertSection(org, site.id, 1);
    const admin = rest(app, org.admin.token);
    const x = (await admin.post(site.siteSpaces, { spaceId: a.id, sectionId: s2.id })).body.id;
    const y = (await admin.post(site.siteSpaces, { spaceId: b.id, sectionId: s1.id })).body.id;
    const z = (await admin.post(site.siteSpaces, { spaceId: c.id, sectionId: s1.id })).body.id;
    const all = await admin.get(site.siteSpaces);
    expectOpenApi(all, 'get', SITE_SPACES, 200);
    expect(all.body.items.map((i: { id: string }) => i.id)).toEqual([y, z, x]);
    expect((await admin.get(`${site.siteSpaces}?default=true`)).body.items.map((i: { id: string }) => i.id)).toEqual([y, x]);
    expect((await admin.get(`${site.siteSpaces}?default=false`)).body.items.map((i: { id: string }) => i.id)).toEqual([z]);
    const page = await admin.get(`${site.siteSpaces}?limit=2`);
    expect(page.body.count).toBe(3);
    expect((await admin.get(`${site.siteSpaces}?limit=2&page=${page.body.next.page}`)).body.items.map((i: { id: string }) => i.id)).toEqual(
      [x],
    );
  });

  it('is for members who see the site; another organization gets 404; a scoped token needs site:read', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteOf(org, { spaces: [(await createSpace(app, org)).id] });
    const callers = await membersOfEveryRole(app, org.organizationId);
    expect((await rest(app, callers.read.token).get(site.siteSpaces)).body.count).toBe(1);
    expect((await rest(app, callers.guest.token).get(site.siteSpaces)).status).toBe(404);
    expect((await rest(app, other.admin.token).get(site.siteSpaces)).status).toBe(404);
    const spaceOnly = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expect((await rest(app, spaceOnly.token).get(site.siteSpaces)).status).toBe(403);
  });
});

describe('PATCH and DELETE …/site-spaces/{siteSpaceId}', () => {
  it('changes path, condition (omitted keeps, null removes) and space, within the limits', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id, c.id] });
    const [row, sibling] = await rowsOf(site.id);
    const admin = rest(app, org.admin.token);
    const at = `${site.siteSpaces}/${row.id}`;
    const res = await admin.patch(at, { path: 'v2', condition: 'visitor.claims.beta' });
    expectOpenApi(res, 'patch', SITE_SPACE, 200);
    expect(res.body).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta' });
    expect((await admin.patch(at, { path: 'v3' })).body.condition).toBe('visitor.claims.beta');
    const removed = await admin.patch(at, { condition: null });
    expect(removed.body.condition).toBeUndefined();
    expect(await app.prisma.siteSpace.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      path: 'v3',
      condition: null,
      spaceId: a.id,
    });
    const moved = await admin.patch(at, { spaceId: b.id });
    expectOpenApi(moved, 'patch', SITE_SPACE, 200);
    expect(moved.body.space.id).toBe(b.id);
    expect((await admin.patch(at, { spaceId: c.id })).status).toBe(409);
    expect((await admin.patch(at, { path: sibling.path })).status).toBe(409);
    expect400(await admin.patch(at, { path: '' }), 'path');
    expect400(await admin.patch(at, { path: 'p'.repeat(101) }), 'path');
    expect400(await admin.patch(at, { path: null }), 'path');
    expect400(await admin.patch(at, { condition: 'c'.repeat(1025) }), 'condition');
    expect400(await admin.patch(at, { spaceId: (await createSpace(app, other)).id }), 'spaceId');
    expect(await app.prisma.siteSpace.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      path: 'v3',
      condition: null,
      spaceId: b.id,
    });
    expect((await admin.patch(at, { path: 'p'.repeat(100), condition: 'c'.repeat(1024) })).status).toBe(200);
    expect((await admin.patch(`${site.siteSpaces}/sis_unknown`, { path: 'x' })).status).toBe(404);
  });

  it('deletes idempotently; the default passes to the next site space; the space stays', async () => {
    const org = await createOrg(app);
    const [a, b] = [await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id, b.id] });
    const [first, second] = await rowsOf(site.id);
    const admin = rest(app, org.admin.token);
    expect((await admin.delete(`${site.siteSpaces}/${first.id}`)).status).toBe(204);
    expect((await admin.delete(`${site.siteSpaces}/${first.id}`)).status).toBe(204);
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSpaceId).toBe(second.id);
    expect((await admin.get(site.path)).body.siteSpaces).toBe(1);
    expect(await app.prisma.space.count({ where: { id: a.id, deletedAt: null } })).toBe(1);
  });

  it('hides the site spaces of a deleted space from lists, counts and the published site until it is restored', async () => {
    const org = await createOrg(app);
    const [a, b] = [await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id, b.id] });
    const admin = rest(app, org.admin.token);
    await admin.post(`${site.path}/publish`);
    expect((await admin.delete(`/v1/spaces/${a.id}`)).status).toBeLessThan(300);
    const listed = await admin.get(site.siteSpaces);
    expect(listed.body.items.map((i: { space: { id: string } }) => i.space.id)).toEqual([b.id]);
    expect((await admin.get(site.path)).body.siteSpaces).toBe(1);
    expect((await admin.get(`${site.path}/published`)).body.structure.structure.map((i: { space: { id: string } }) => i.space.id)).toEqual([
      b.id,
    ]);
    expect((await admin.get(`/v1/orgs/${org.organizationId}/sites?space=${a.id}`)).body.count).toBe(0);
    expect(await app.prisma.siteSpace.count({ where: { siteId: site.id } })).toBe(2);
    expect((await admin.post(`/v1/spaces/${a.id}/restore`)).status).toBe(200);
    expect((await admin.get(site.siteSpaces)).body.count).toBe(2);
  });

  it('is for the create role and above (403 below); another organization gets 404 (204 on delete); scoped tokens need site:write', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const [a, b] = [await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id] });
    const [row] = await rowsOf(site.id);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['review', 'edit', 'comment', 'read'] as const) {
      const as = rest(app, callers[role].token);
      expect((await as.post(site.siteSpaces, { spaceId: b.id })).status, role).toBe(403);
      expect((await as.patch(`${site.siteSpaces}/${row.id}`, { path: 'mine' })).status, role).toBe(403);
      expect((await as.delete(`${site.siteSpaces}/${row.id}`)).status, role).toBe(403);
    }
    expect((await rest(app, other.admin.token).post(site.siteSpaces, { spaceId: b.id })).status).toBe(404);
    expect((await rest(app, other.admin.token).delete(`${site.siteSpaces}/${row.id}`)).status).toBe(204);
    const reader = await tokenWithScopes(app, org.admin.userId, ['site:read', 'space:read']);
    expect((await rest(app, reader.token).post(site.siteSpaces, { spaceId: b.id })).status).toBe(403);
    expect(await rowsOf(site.id)).toEqual([row]);
    const creator = rest(app, callers.create.token);
    expect((await creator.patch(`${site.siteSpaces}/${row.id}`, { path: 'mine' })).status).toBe(200);
    expect((await creator.post(site.siteSpaces, { spaceId: b.id })).status).toBe(201);
    expect((await creator.delete(`${site.siteSpaces}/${row.id}`)).status).toBe(204);
    expect(await app.prisma.siteSpace.count({ where: { id: row.id } })).toBe(0);
  });
});

describe('share links', () => {
  it('creates, lists, renames, deactivates and deletes share links of a site', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { visibility: 'share-link' });
    const admin = rest(app, org.admin.token);
    const created = await admin.post(site.shareLinks, { name: 'Partners' });
    expectOpenApi(created, 'post', SHARE_LINKS, 201);
    const row = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(row).toMatchObject({ name: 'Partners', active: true, siteId: site.id, organizationId: org.organizationId });
    expect(row.key.length).toBeGreaterThanOrEqual(32);
    expect(created.body).toMatchObject({ object: 'share-link', name: 'Partners', active: true });
    expect(created.body.urls.published).toContain(`share=${row.key}`);
    const second = (await admin.post(site.shareLinks, { name: '' })).body;

    const listed = await admin.get(site.shareLinks);
    expectOpenApi(listed, 'get', SHARE_LINKS, 200);
    expect(listed.body.items.map((l: { id: string }) => l.id)).toEqual([created.body.id, second.id]);
    expect((await admin.get(`${site.shareLinks}?search=partn`)).body.items.map((l: { id: string }) => l.id)).toEqual([created.body.id]);

    const at = `${site.shareLinks}/${created.body.id}`;
    const off = await admin.patch(at, { active: false });
    expectOpenApi(off, 'patch', SHARE_LINK, 200);
    expect(off.body).toMatchObject({ active: false, name: 'Partners' });
    expect((await admin.patch(at, { name: 'Resellers' })).body).toMatchObject({ active: false, name: 'Resellers' });
    expect(await app.prisma.shareLink.findUniqueOrThrow({ where: { id: created.body.id } })).toMatchObject({
      active: false,
      name: 'Resellers',
      key: row.key,
    });

    expect((await admin.delete(at)).status).toBe(204);
    expect((await admin.delete(at)).status).toBe(204);
    expect(await app.prisma.shareLink.count({ where: { siteId: site.id } })).toBe(1);
    expect((await admin.patch(at, { active: true })).status).toBe(404);
  });

  it('enforces the name limit and a non-empty patch (400 naming the field)', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const admin = rest(app, org.admin.token);
    expectMissing(await admin.post(site.shareLinks, {}), 'name');
    expect400(await admin.post(site.shareLinks, { name: 'n'.repeat(51) }), 'name');
    expectMissing(await admin.post(site.shareLinks, { name: null }), 'input.name');
    const link = (await admin.post(site.shareLinks, { name: 'n'.repeat(50) })).body;
    expect(link.name).toBe('n'.repeat(50));
    const at = `${site.shareLinks}/${link.id}`;
    const empty = await admin.patch(at, {});
    expect(empty.status).toBe(400);
    expect400(await admin.patch(at, { name: 'n'.repeat(51) }), 'name');
    expect400(await admin.patch(at, { active: null }), 'active');
    expect(await app.prisma.shareLink.count({ where: { siteId: site.id } })).toBe(1);
  });

  it('are for site admins; a scoped token needs site:auth:read / site:auth:write; another organization gets 404', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteOf(org);
    const link = (await rest(app, org.admin.token).post(site.shareLinks, { name: 'Team' })).body;
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      const as = rest(app, callers[role].token);
      expect((await as.get(site.shareLinks)).status, role).toBe(403);
      expect((await as.post(site.shareLinks, { name: 'Mine' })).status, role).toBe(403);
      expect((await as.patch(`${site.shareLinks}/${link.id}`, { active: false })).status, role).toBe(403);
      expect((await as.delete(`${site.shareLinks}/${link.id}`)).status, role).toBe(403);
    }
    expect((await rest(app, other.admin.token).get(site.shareLinks)).status).toBe(404);
    expect((await rest(app, other.admin.token).post(site.shareLinks, { name: 'Mine' })).status).toBe(404);
    const siteOnly = await tokenWithScopes(app, org.admin.userId, ['site:read', 'site:write']);
    expect((await rest(app, siteOnly.token).get(site.shareLinks)).status).toBe(403);
    const authRead = await tokenWithScopes(app, org.admin.userId, ['site:read', 'site:auth:read']);
    expect((await rest(app, authRead.token).get(site.shareLinks)).body.count).toBe(1);
    expect((await rest(app, authRead.token).post(site.shareLinks, { name: 'Mine' })).status).toBe(403);
    expect(await app.prisma.shareLink.findMany({ where: { siteId: site.id } })).toMatchObject([{ id: link.id, active: true }]);
  });

  it('are reachable in GraphQL from the site, with their key for admins', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { spaces: [(await createSpace(app, org)).id] });
    const link = (await rest(app, org.admin.token).post(site.shareLinks, { name: 'Team' })).body;
    const res = await graphql(
      app,
      org.admin.token,
      `query ($id: ID!) {
      site(id: $id) { shareLinks(first: 5) { totalCount edges { node { id key active } } } siteSpaces(first: 5) { totalCount edges { node { default space { id } } } } }
    }`,
      { id: site.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.site.shareLinks.edges[0].node).toMatchObject({ id: link.id, active: true });
    expect(res.data.site.siteSpaces.totalCount).toBe(1);
    const reader = await addMember(app, org.organizationId, 'read');
    const refused = await graphql(app, reader.token, 'query ($id: ID!) { site(id: $id) { shareLinks(first: 5) { totalCount } } }', {
      id: site.id,
    });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
  });
});
