// Sections (spec 4.3), section groups (4.2) and the order of a site's
// structure: sortSiteStructure and the deprecated moves; limits; who may;
// concurrent sorts leave one consistent order.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';

const app = useTestApp();

const SECTIONS = '/orgs/{organizationId}/sites/{siteId}/sections';
const SECTION = `${SECTIONS}/{siteSectionId}`;
const GROUPS = '/orgs/{organizationId}/sites/{siteId}/section-groups';
const GROUP = `${GROUPS}/{siteSectionGroupId}`;
const SORT = '/orgs/{organizationId}/sites/{siteId}/structure/sort';

const expect400 = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `));
};
const ids = (items: { id: string }[]) => items.map((i) => i.id);

async function siteWithSections(org: OrgFixture, n: number) {
  const admin = rest(app, org.admin.token);
  const res = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs' });
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  const sections: { id: string; [k: string]: any }[] = [];
  for (let i = 0; i < n; i++) {
    const space = await createSpace(app, org, { title: `Product ${i}` });
    const added = await admin.post(`${path}/sections`, { spaceId: space.id });
    expectOpenApi(added, 'post', SECTIONS, 201);
    sections.push(added.body);
  }
  return { id: res.body.id as string, path, sections, admin };
}

describe('sections', () => {
  it('adds a section around a space (its first site space, the default); the first section is the default', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 2);
    const [first, second] = site.sections;
    expect(first).toMatchObject({
      object: 'site-section',
      title: 'Product 0',
      path: 'product-0',
      default: true,
      draft: false,
      siteSpaces: [{ default: true }],
    });
    expect(second).toMatchObject({ title: 'Product 1', default: false });
    const row = await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } });
    expect(row.defaultSiteSectionId).toBe(first.id);
    const space = await createSpace(app, org);
    const titled = await site.admin.post(`${site.path}/sections`, { spaceId: space.id, title: 'Guides', icon: 'book' });
    expectOpenApi(titled, 'post', SECTIONS, 201);
    expect(titled.body).toMatchObject({ title: 'Guides', icon: 'book', path: 'guides' });
    const list = await site.admin.get(`${site.path}/sections`);
    expectOpenApi(list, 'get', SECTIONS, 200);
    expect(ids(list.body.items)).toEqual([first.id, second.id, titled.body.id]);
    // Without a section named, a site space goes to the default section.
    const added = await site.admin.post(`${site.path}/site-spaces`, { spaceId: space.id });
    expect(added.body.section).toBe(first.id);
  });

  it('refuses titles out of 2..128, icons over 50 and spaces not of the organization', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteWithSections(org, 0);
    const space = await createSpace(app, org);
    expect400(await site.admin.post(`${site.path}/sections`, { spaceId: space.id, title: 'x' }), 'title');
    expect400(await site.admin.post(`${site.path}/sections`, { spaceId: space.id, title: 't'.repeat(129) }), 'title');
    expect400(await site.admin.post(`${site.path}/sections`, { spaceId: space.id, icon: 'i'.repeat(51) }), 'icon');
    expect400(await site.admin.post(`${site.path}/sections`, { spaceId: (await createSpace(app, other)).id }), 'spaceId');
    expect(await app.prisma.siteSection.count({ where: { siteId: site.id } })).toBe(0);
  });

  it('changes every field; condition, icon and description: omitted keep, null removes; limits and path conflicts', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 2);
    const [section, other] = site.sections;
    const at = `${site.path}/sections/${section.id}`;
    const space = await createSpace(app, org);
    const variant = (await site.admin.post(`${site.path}/site-spaces`, { spaceId: space.id, sectionId: section.id })).body;
    const res = await site.admin.patch(at, {
      title: 'Platform',
      path: 'platform',
      condition: 'visitor.claims.pro',
      icon: 'gear',
      description: 'All of it',
      defaultSiteSpace: variant.id,
    });
    expectOpenApi(res, 'patch', SECTION, 200);
    expect(res.body).toMatchObject({
      title: 'Platform',
      path: 'platform',
      condition: 'visitor.claims.pro',
      icon: 'gear',
      description: 'All of it',
    });
    expect(res.body.siteSpaces.find((s: { id: string }) => s.id === variant.id).default).toBe(true);
    expect((await site.admin.patch(at, { title: 'Platform 2' })).body).toMatchObject({
      condition: 'visitor.claims.pro',
      icon: 'gear',
      description: 'All of it',
    });
    const cleared = await site.admin.patch(at, { condition: null, icon: null, description: null });
    expectOpenApi(cleared, 'patch', SECTION, 200);
    expect(await app.prisma.siteSection.findUniqueOrThrow({ where: { id: section.id } })).toMatchObject({
      title: 'Platform 2',
      path: 'platform',
      condition: null,
      icon: null,
      description: null,
      defaultSiteSpaceId: variant.id,
    });
    expect400(await site.admin.patch(at, { title: 'x' }), 'title');
    expect400(await site.admin.patch(at, { path: '' }), 'path');
    expect400(await site.admin.patch(at, { path: 'p'.repeat(101) }), 'path');
    expect400(await site.admin.patch(at, { description: 'd'.repeat(257) }), 'description');
    expect400(await site.admin.patch(at, { condition: 'c'.repeat(1025) }), 'condition');
    expect400(await site.admin.patch(at, { icon: 'i'.repeat(51) }), 'icon');
    expect400(await site.admin.patch(at, { defaultSiteSpace: other.siteSpaces[0].id }), 'defaultSiteSpace');
    expect((await site.admin.patch(at, { path: other.path })).status).toBe(409);
    expect((await site.admin.patch(at, { description: 'd'.repeat(256), condition: 'c'.repeat(1024), path: 'p'.repeat(100) })).status).toBe(
      200,
    );
    expect((await site.admin.patch(`${site.path}/sections/sse_unknown`, { title: 'Nope' })).status).toBe(404);
  });

  it('deletes a section with its site spaces (the spaces stay); the next section becomes the default; idempotent', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 2);
    const [first, second] = site.sections;
    const spaceId = first.siteSpaces[0].space.id;
    expect((await site.admin.delete(`${site.path}/sections/${first.id}`)).status).toBe(204);
    expect((await site.admin.delete(`${site.path}/sections/${first.id}`)).status).toBe(204);
    expect(await app.prisma.siteSpace.count({ where: { sectionId: first.id } })).toBe(0);
    expect(await app.prisma.space.count({ where: { id: spaceId, deletedAt: null } })).toBe(1);
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSectionId).toBe(second.id);
    expect((await site.admin.get(site.path)).body.siteSpaces).toBe(1);
  });

  it('is for the create role and above; other organizations get 404; scoped tokens need site:write', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await siteWithSections(org, 1);
    const [section] = site.sections;
    const space = await createSpace(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['review', 'edit', 'comment', 'read'] as const) {
      const as = rest(app, callers[role].token);
      expect((await as.post(`${site.path}/sections`, { spaceId: space.id })).status, role).toBe(403);
      expect((await as.patch(`${site.path}/sections/${section.id}`, { title: 'Mine' })).status, role).toBe(403);
      expect((await as.delete(`${site.path}/sections/${section.id}`)).status, role).toBe(403);
      expect((await as.post(`${site.path}/section-groups`, { title: 'Mine' })).status, role).toBe(403);
      expect((await as.get(`${site.path}/sections`)).status, role).toBe(200);
    }
    expect((await rest(app, callers.guest.token).get(`${site.path}/sections`)).status).toBe(404);
    expect((await rest(app, other.admin.token).post(`${site.path}/sections`, { spaceId: space.id })).status).toBe(404);
    expect((await rest(app, other.admin.token).delete(`${site.path}/sections/${section.id}`)).status).toBe(204);
    const reader = await tokenWithScopes(app, org.admin.userId, ['site:read', 'space:read']);
    expect((await rest(app, reader.token).patch(`${site.path}/sections/${section.id}`, { title: 'Mine' })).status).toBe(403);
    expect(await app.prisma.siteSection.findMany({ where: { siteId: site.id } })).toMatchObject([{ id: section.id, title: 'Product 0' }]);
    expect((await rest(app, callers.create.token).patch(`${site.path}/sections/${section.id}`, { title: 'Ours' })).status).toBe(200);
  });
});

describe('section groups', () => {
  it('groups sections, nests groups via parent (at most 3 deep), lists children in order', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 3);
    const [a, b, c] = site.sections;
    const outer = await site.admin.post(`${site.path}/section-groups`, { title: 'Products', icon: 'box', sections: [b.id, a.id] });
    expectOpenApi(outer, 'post', GROUPS, 201);
    expect(outer.body).toMatchObject({ object: 'site-section-group', title: 'Products', icon: 'box', draft: false });
    expect(ids(outer.body.children)).toEqual([b.id, a.id]);
    expect(ids(outer.body.sections)).toEqual([b.id, a.id]);
    const inner = await site.admin.post(`${site.path}/section-groups`, { title: 'Legacy', parent: outer.body.id, sections: [c.id] });
    expectOpenApi(inner, 'post', GROUPS, 201);
    expect(inner.body.sectionGroup).toBe(outer.body.id);
    const third = await site.admin.post(`${site.path}/section-groups`, { title: 'Older', parent: inner.body.id });
    expect(third.status).toBe(201);
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: 'Too deep', parent: third.body.id }), 'parent');
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: 'Orphan', parent: 'ssg_unknown' }), 'parent');
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: '' }), 'title');
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: 't'.repeat(101) }), 'title');
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: 'G', icon: 'i'.repeat(51) }), 'icon');
    expect400(await site.admin.post(`${site.path}/section-groups`, { title: 'G', sections: [a.id, 'sse_unknown'] }), 'sections[1]');
    const list = await site.admin.get(`${site.path}/section-groups`);
    expectOpenApi(list, 'get', GROUPS, 200);
    const top = list.body.items.find((g: { id: string }) => g.id === outer.body.id);
    expect(ids(top.children)).toEqual([b.id, a.id, inner.body.id]);
    expect(ids(top.children[2].children)).toEqual([c.id, third.body.id]);
    expect(await app.prisma.siteSection.findUniqueOrThrow({ where: { id: c.id } })).toMatchObject({ sectionGroupId: inner.body.id });

    const renamed = await site.admin.patch(`${site.path}/section-groups/${outer.body.id}`, { title: 'All products', icon: null });
    expectOpenApi(renamed, 'patch', GROUP, 200);
    expect(renamed.body.icon).toBeUndefined();
    expect(await app.prisma.siteSectionGroup.findUniqueOrThrow({ where: { id: outer.body.id } })).toMatchObject({
      title: 'All products',
      icon: null,
    });
  });

  it('adds and removes sections; removing one not in the group is a 204; deleting a group moves its content up', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 3);
    const [a, b, c] = site.sections;
    const outer = (await site.admin.post(`${site.path}/section-groups`, { title: 'Outer' })).body;
    const inner = (await site.admin.post(`${site.path}/section-groups`, { title: 'Inner', parent: outer.id })).body;
    const added = await site.admin.post(`${site.path}/section-groups/${inner.id}/sections`, { sectionId: a.id });
    expect(added.status).toBe(201);
    expectSchema(added.body, 'SiteSectionGroup');
    expect(ids(added.body.children)).toEqual([a.id]);
    await site.admin.post(`${site.path}/section-groups/${inner.id}/sections`, { sectionId: b.id });
    expect400(await site.admin.post(`${site.path}/section-groups/${inner.id}/sections`, { sectionId: 'sse_unknown' }), 'sectionId');
    expect((await site.admin.delete(`${site.path}/section-groups/${inner.id}/sections/${c.id}`)).status).toBe(204);
    expect((await site.admin.delete(`${site.path}/section-groups/${inner.id}/sections/${a.id}`)).status).toBe(205);
    expect(await app.prisma.siteSection.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ sectionGroupId: outer.id });

    expect((await site.admin.delete(`${site.path}/section-groups/${outer.id}`)).status).toBe(204);
    expect((await site.admin.delete(`${site.path}/section-groups/${outer.id}`)).status).toBe(204);
    expect(await app.prisma.siteSectionGroup.findUniqueOrThrow({ where: { id: inner.id } })).toMatchObject({ parentId: null });
    expect(await app.prisma.siteSection.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ sectionGroupId: null });
    expect(await app.prisma.siteSection.findUniqueOrThrow({ where: { id: b.id } })).toMatchObject({ sectionGroupId: inner.id });
  });
});

describe('the order of the structure', () => {
  it('sortSiteStructure moves sections, groups and site spaces among their siblings; lists and the structure follow', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 3);
    const [a, b, c] = site.sections;
    const group = (await site.admin.post(`${site.path}/section-groups`, { title: 'Group' })).body;
    const sorted = await site.admin.patch(`${site.path}/structure/sort`, {
      item: { type: 'site-section', id: c.id },
      position: { before: { type: 'site-section', id: a.id } },
    });
    expectOpenApi(sorted, 'patch', SORT, 200);
    expect(sorted.body).toMatchObject({ object: 'site-section', id: c.id });
    const moved = await site.admin.patch(`${site.path}/structure/sort`, {
      item: { type: 'site-section-group', id: group.id },
      position: { after: { type: 'site-section', id: c.id } },
    });
    expectOpenApi(moved, 'patch', SORT, 200);
    expect(ids((await site.admin.get(`${site.path}/sections`)).body.items)).toEqual([c.id, a.id, b.id]);
    const structure = await graphql(
      app,
      org.admin.token,
      'query ($id: ID!) { site(id: $id) { structure { ... on SiteSection { id } ... on SiteSectionGroup { id } } } }',
      { id: site.id },
    );
    expect(ids(structure.data.site.structure)).toEqual([c.id, group.id, a.id, b.id]);
    // To the end without a position.
    expect((await site.admin.patch(`${site.path}/structure/sort`, { item: { type: 'site-section', id: c.id } })).status).toBe(200);
    expect(ids((await site.admin.get(`${site.path}/sections`)).body.items)).toEqual([a.id, b.id, c.id]);

    // Site spaces among the site spaces of their section.
    const spaces = [await createSpace(app, org), await createSpace(app, org)];
    const x = (await site.admin.post(`${site.path}/site-spaces`, { spaceId: spaces[0].id, sectionId: a.id })).body;
    const y = (await site.admin.post(`${site.path}/site-spaces`, { spaceId: spaces[1].id, sectionId: a.id })).body;
    const original = a.siteSpaces[0].id;
    const spaceSorted = await site.admin.patch(`${site.path}/structure/sort`, {
      item: { type: 'site-space', id: y.id },
      position: { before: { type: 'site-space', id: original } },
    });
    expectOpenApi(spaceSorted, 'patch', SORT, 200);
    const section = (await site.admin.get(`${site.path}/sections`)).body.items.find((s: { id: string }) => s.id === a.id);
    expect(ids(section.siteSpaces)).toEqual([y.id, original, x.id]);

    expect400(
      await site.admin.patch(`${site.path}/structure/sort`, {
        item: { type: 'site-space', id: y.id },
        position: { before: { type: 'site-space', id: b.siteSpaces[0].id } },
      }),
      'position.before',
    );
    expect400(
      await site.admin.patch(`${site.path}/structure/sort`, {
        item: { type: 'site-section', id: a.id },
        position: { before: { type: 'site-section', id: b.id }, after: { type: 'site-section', id: c.id } },
      }),
      'position',
    );
    expect((await site.admin.patch(`${site.path}/structure/sort`, { item: { type: 'site-section', id: 'sse_unknown' } })).status).toBe(404);
  });

  it('the deprecated moves still work, and are marked deprecated next to sortSiteStructure', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 3);
    const [a, b, c] = site.sections;
    const moved = await site.admin.post(`${site.path}/sections/${a.id}/move`, {
      position: { after: { type: 'site-section', siteSection: c.id } },
    });
    expectOpenApi(moved, 'post', `${SECTION}/move`, 200);
    expect(ids((await site.admin.get(`${site.path}/sections`)).body.items)).toEqual([b.id, c.id, a.id]);
    const spaces = [await createSpace(app, org)];
    const extra = (await site.admin.post(`${site.path}/site-spaces`, { spaceId: spaces[0].id, sectionId: b.id })).body;
    const spaceMoved = await site.admin.post(`${site.path}/site-spaces/${extra.id}/move`, {
      position: { before: { type: 'site-space', siteSpace: b.siteSpaces[0].id } },
    });
    expectOpenApi(spaceMoved, 'post', '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/move', 200);
    expect((await app.prisma.siteSpace.findMany({ where: { sectionId: b.id }, orderBy: { sortKey: 'asc' } })).map((s) => s.id)).toEqual([
      extra.id,
      b.siteSpaces[0].id,
    ]);
    const introspection = await graphql(
      app,
      org.admin.token,
      '{ __type(name: "Mutation") { fields(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
    );
    const fields = Object.fromEntries(introspection.data.__type.fields.map((f: { name: string }) => [f.name, f]));
    expect(fields.moveSiteSection).toMatchObject({ isDeprecated: true, deprecationReason: expect.stringContaining('sortSiteStructure') });
    expect(fields.moveSiteSpace).toMatchObject({ isDeprecated: true, deprecationReason: expect.stringContaining('sortSiteStructure') });
    expect(fields.moveSiteSectionGroup).toMatchObject({
      isDeprecated: true,
      deprecationReason: expect.stringContaining('sortSiteStructure'),
    });
    expect(fields.sortSiteStructure.isDeprecated).toBe(false);
  });

  it('the deprecated group move places a group among the sections and groups of its parent; the order is stored', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 3);
    const [a, b, c] = site.sections;
    const g1 = (await site.admin.post(`${site.path}/section-groups`, { title: 'First' })).body;
    const g2 = (await site.admin.post(`${site.path}/section-groups`, { title: 'Second', sections: [c.id] })).body;
    const root = async () => {
      const res = await graphql(
        app,
        org.admin.token,
        'query ($id: ID!) { site(id: $id) { structure { ... on SiteSection { id } ... on SiteSectionGroup { id } } } }',
        { id: site.id },
      );
      return ids(res.data.site.structure);
    };
    expect(await root()).toEqual([a.id, b.id, g1.id, g2.id]);
    const GROUP_MOVE = `${GROUP}/move`;
    const beforeSection = await site.admin.post(`${site.path}/section-groups/${g2.id}/move`, {
      position: { before: { type: 'site-section', id: a.id } },
    });
    expectOpenApi(beforeSection, 'post', GROUP_MOVE, 200);
    expect(beforeSection.body).toMatchObject({ object: 'site-section-group', id: g2.id, children: [{ id: c.id }] });
    expect(await root()).toEqual([g2.id, a.id, b.id, g1.id]);
    expectOpenApi(
      await site.admin.post(`${site.path}/section-groups/${g1.id}/move`, {
        position: { after: { type: 'site-section-group', id: g2.id } },
      }),
      'post',
      GROUP_MOVE,
      200,
    );
    expect(await root()).toEqual([g2.id, g1.id, a.id, b.id]);
    // No position: to the end. The published structure follows the stored order.
    expect((await site.admin.post(`${site.path}/section-groups/${g2.id}/move`, {})).status).toBe(200);
    expect(await root()).toEqual([g1.id, a.id, b.id, g2.id]);
    const keys = await app.prisma.siteSectionGroup.findMany({
      where: { siteId: site.id },
      orderBy: { sortKey: 'asc' },
      select: { id: true, sortKey: true },
    });
    expect(keys).toEqual([
      { id: g1.id, sortKey: 1 },
      { id: g2.id, sortKey: 4 },
    ]);
    await site.admin.post(`${site.path}/publish`);
    expect(ids((await site.admin.get(`${site.path}/published`)).body.structure.structure)).toEqual([g1.id, a.id, b.id, g2.id]);
    // A reference that is not a sibling (the section inside the group) is a 400; an unknown group a 404.
    const wrong = await site.admin.post(`${site.path}/section-groups/${g1.id}/move`, {
      position: { before: { type: 'site-section', id: c.id } },
    });
    expectOpenApi(wrong, 'post', GROUP_MOVE, 400);
    expect400(wrong, 'position.before');
    expectOpenApi(await site.admin.post(`${site.path}/section-groups/ssg_unknown/move`, {}), 'post', GROUP_MOVE, 404);
    // Who may: a reader may not move (403), another organization's admin sees nothing (404).
    const members = await membersOfEveryRole(app, org.organizationId);
    expect((await rest(app, members.read.token).post(`${site.path}/section-groups/${g1.id}/move`, {})).status).toBe(403);
    expect((await rest(app, (await createOrg(app)).admin.token).post(`${site.path}/section-groups/${g1.id}/move`, {})).status).toBe(404);
  });

  it('two callers sorting at once leave one order without duplicates', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 5);
    const [a, b, c, d, e] = site.sections;
    const sorts = [
      { item: { type: 'site-section', id: e.id }, position: { before: { type: 'site-section', id: a.id } } },
      { item: { type: 'site-section', id: a.id }, position: { after: { type: 'site-section', id: d.id } } },
      { item: { type: 'site-section', id: c.id } },
      { item: { type: 'site-section', id: b.id }, position: { before: { type: 'site-section', id: e.id } } },
    ];
    const results = await Promise.all(sorts.map((body) => site.admin.patch(`${site.path}/structure/sort`, body)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await app.prisma.siteSection.findMany({ where: { siteId: site.id }, orderBy: { sortKey: 'asc' } });
    expect(rows.map((r) => r.sortKey)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5);
    expect(ids((await site.admin.get(`${site.path}/sections`)).body.items)).toEqual(rows.map((r) => r.id));
  });

  it('group moves racing section sorts leave one order of sections and groups, numbered 1…n without duplicates', async () => {
    const org = await createOrg(app);
    const site = await siteWithSections(org, 4);
    const [a, b, c, d] = site.sections;
    const g1 = (await site.admin.post(`${site.path}/section-groups`, { title: 'One' })).body;
    const g2 = (await site.admin.post(`${site.path}/section-groups`, { title: 'Two' })).body;
    const requests = [
      () => site.admin.post(`${site.path}/section-groups/${g1.id}/move`, { position: { before: { type: 'site-section', id: a.id } } }),
      () => site.admin.post(`${site.path}/section-groups/${g2.id}/move`, { position: { after: { type: 'site-section', id: b.id } } }),
      () =>
        site.admin.patch(`${site.path}/structure/sort`, {
          item: { type: 'site-section', id: d.id },
          position: { before: { type: 'site-section-group', id: g1.id } },
        }),
      () => site.admin.post(`${site.path}/section-groups/${g1.id}/move`, {}),
      () =>
        site.admin.patch(`${site.path}/structure/sort`, {
          item: { type: 'site-section-group', id: g2.id },
          position: { after: { type: 'site-section', id: c.id } },
        }),
    ];
    const results = await Promise.all(requests.map((send) => send()));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const [sections, groups] = await Promise.all([
      app.prisma.siteSection.findMany({ where: { siteId: site.id }, select: { id: true, sortKey: true } }),
      app.prisma.siteSectionGroup.findMany({ where: { siteId: site.id }, select: { id: true, sortKey: true } }),
    ]);
    const all = [...sections, ...groups].sort((x, y) => x.sortKey - y.sortKey);
    expect(all.map((r) => r.sortKey)).toEqual([1, 2, 3, 4, 5, 6]);
    const res = await graphql(
      app,
      org.admin.token,
      'query ($id: ID!) { site(id: $id) { structure { ... on SiteSection { id } ... on SiteSectionGroup { id } } } }',
      { id: site.id },
    );
    expect(ids(res.data.site.structure)).toEqual(all.map((r) => r.id));
  });
});
