// The published structure of a site (GET …/published): served while
// unpublished to the organization's members only (a preview, see
// site-customization.test.ts); a share-link site only with an active share link's key (a
// deactivated link stops at once); sections and groups (or root site spaces)
// in their stored order.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema, outsiderSpace } from '../support/openapi.js';
import { authenticateToken } from '../../src/domain/auth/tokens.js';
import { urlsUnder, type Context } from '../../src/context.js';
import { itemsOfSite, mayOnSite, mayShowPublishedSpace } from '../../src/domain/sites/access.js';
import { presentShareKey, sharedUrl } from '../../src/domain/sites/shareLinks/shareKeys.js';

const app = useTestApp();

const ids = (items: { id: string }[]) => items.map((i) => i.id);

/** The answer in the public document's PublishedContentSite shape (site and structure checked one by one, for outsiders' placeholders). */
function expectPublished(res: { status: number; body: any }, { outsider = false } = {}) {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.object).toBe('published-content-site');
  expectSchema(res.body.customizations.site, 'SiteCustomizationSettings');
  expect(res.body.scripts).toEqual([]);
  expectSchema(res.body.site, 'Site');
  if (outsider) {
    // The spaces the reader is not a member of come without their member-only fields (see outsiderSpace).
    const withPlaceholders = (s: any) => (s.space.permissions.view ? s : { ...s, space: outsiderSpace(s.space) });
    const items = res.body.structure.structure.map((item: any) =>
      item.siteSpaces ? { ...item, siteSpaces: item.siteSpaces.map(withPlaceholders) } : item.space ? withPlaceholders(item) : item,
    );
    expectSchema({ ...res.body.structure, structure: items }, 'SiteStructure');
  } else expectSchema(res.body.structure, 'SiteStructure');
}

/**
 * A site space as a reader who is not a member of its space sees it: in the public document's shape,
 * save for the member-only fields of the space, which Quire leaves out for such readers.
 */
function expectSiteSpaceForOutsider(siteSpace: { space: Record<string, unknown> }) {
  expectSchema({ ...siteSpace, space: outsiderSpace(siteSpace.space) }, 'SiteSpace');
}

async function siteOf(org: OrgFixture, body: Record<string, unknown> = {}) {
  const admin = rest(app, org.admin.token);
  const res = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', ...body });
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  return { id: res.body.id as string, path, admin };
}

describe('GET …/published', () => {
  it('is a preview to members while unpublished; lists the root site spaces in their order', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await siteOf(org, { spaces: [a.id, b.id, c.id] });
    const outsider = rest(app, (await createOrg(app)).admin.token);
    expectPublished(await site.admin.get(`${site.path}/published`));
    expect((await outsider.get(`${site.path}/published`)).body).toEqual({ error: { code: 404, message: 'Site not found' } });
    await site.admin.post(`${site.path}/publish`);
    const res = await site.admin.get(`${site.path}/published`);
    expectPublished(res);
    expect(res.body.structure.type).toBe('siteSpaces');
    const rows = await app.prisma.siteSpace.findMany({ where: { siteId: site.id }, orderBy: { sortKey: 'asc' } });
    expect(ids(res.body.structure.structure)).toEqual(rows.map((r) => r.id));
    expect(res.body.structure.structure.map((s: { space: { id: string } }) => s.space.id)).toEqual([a.id, b.id, c.id]);
    await site.admin.patch(`${site.path}/structure/sort`, {
      item: { type: 'site-space', id: rows[2].id },
      position: { before: { type: 'site-space', id: rows[0].id } },
    });
    expect(ids((await site.admin.get(`${site.path}/published`)).body.structure.structure)).toEqual([rows[2].id, rows[0].id, rows[1].id]);
    await site.admin.post(`${site.path}/unpublish`);
    expect((await site.admin.get(`${site.path}/published`)).status).toBe(200);
  });

  it('lists root sections and groups in order, groups with their children, for a site with sections', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const sections: string[] = [];
    for (let i = 0; i < 3; i++)
      sections.push((await site.admin.post(`${site.path}/sections`, { spaceId: (await createSpace(app, org)).id })).body.id);
    const group = (await site.admin.post(`${site.path}/section-groups`, { title: 'Group', sections: [sections[1]] })).body.id;
    await site.admin.patch(`${site.path}/structure/sort`, {
      item: { type: 'site-section-group', id: group },
      position: { before: { type: 'site-section', id: sections[0] } },
    });
    await site.admin.post(`${site.path}/publish`);
    const res = await site.admin.get(`${site.path}/published`);
    expectPublished(res);
    expect(res.body.structure.type).toBe('sections');
    expect(ids(res.body.structure.structure)).toEqual([group, sections[0], sections[2]]);
    expect(res.body.structure.structure[0]).toMatchObject({
      object: 'site-section-group',
      children: [{ id: sections[1], object: 'site-section' }],
    });
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

  it('serves readers outside the organization with an active share link key only: no key, a wrong key, a deactivated or deleted link, an unpublished site → 404', async () => {
    const org = await createOrg(app);
    const stranger = await createOrg(app);
    const readerOf = rest(app, stranger.admin.token);
    const spaces = [await createSpace(app, org), await createSpace(app, org)];
    // The second space admits no member by default: a read member may not see it.
    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${spaces[1].id}`, { defaultLevel: null })).status).toBe(200);
    const site = await siteOf(org, { visibility: 'share-link' });
    for (const space of spaces) await site.admin.post(`${site.path}/sections`, { spaceId: space.id });
    const link = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const withKey = `${site.path}/published?shareKey=${encodeURIComponent(key)}`;
    const notFound = { error: { code: 404, message: 'Site not found' } };

    // Unpublished: the key admits nobody.
    expect((await readerOf.get(withKey)).body).toEqual(notFound);
    await site.admin.post(`${site.path}/publish`);
    expect((await readerOf.get(`${site.path}/published`)).body).toEqual(notFound);
    expect((await readerOf.get(`${site.path}/published?shareKey=wrong`)).body).toEqual(notFound);
    const res = await readerOf.get(withKey);
    expectPublished(res, { outsider: true });
    // The reader sees the site as a reader, and every site space with the space it publishes.
    expect(res.body.site.permissions).toMatchObject({ view: true, access: false, edit: false, admin: false, viewAdaptiveSchema: false });
    expect(res.body.site.urls.published).toContain(`?share=`);
    const siteSpaces = res.body.structure.structure.flatMap((s: { siteSpaces: unknown[] }) => s.siteSpaces);
    expect(siteSpaces.map((s: { space: { id: string } }) => s.space.id)).toEqual(spaces.map((s) => s.id));
    for (const s of siteSpaces) expectSiteSpaceForOutsider(s);
    expect(siteSpaces[0].space.permissions).toMatchObject({ view: false, edit: false });
    // The key opens the published structure and nothing else: not the site, its lists or its settings.
    expect((await readerOf.get(`${site.path}?shareKey=${key}`)).status).toBe(404);
    expect((await readerOf.get(`${site.path}/sections?shareKey=${key}`)).status).toBe(404);
    expect((await readerOf.patch(`${site.path}/share-links/${link.id}`, { active: true })).status).toBe(404);
    // A guest of the organization and a scoped token: the same rule (site:read needed).
    const { guest, read } = await membersOfEveryRole(app, org.organizationId);
    // A member kept out of a space still gets it on the site that publishes it (the site's audience sees it).
    expect((await rest(app, read.token).get(`/v1/spaces/${spaces[1].id}`)).status).toBe(404);
    const asMember = await rest(app, read.token).get(withKey);
    expectPublished(asMember, { outsider: true });
    expect(asMember.body.structure.structure[1].siteSpaces[0].space).toMatchObject({ id: spaces[1].id, permissions: { view: false } });
    expectSiteSpaceForOutsider(asMember.body.structure.structure[1].siteSpaces[0]);
    expectSchema(asMember.body.structure.structure[0].siteSpaces[0], 'SiteSpace');
    expect((await rest(app, guest.token).get(withKey)).status).toBe(200);
    expect(
      (await rest(app, (await tokenWithScopes(app, stranger.admin.userId, ['site:read', 'space:read'])).token).get(withKey)).status,
    ).toBe(200);
    expect((await rest(app, (await tokenWithScopes(app, stranger.admin.userId, ['space:read'])).token).get(withKey)).status).toBe(403);
    // Deactivated: stops at once; reactivated: works again; deleted: stops.
    await site.admin.patch(`${site.path}/share-links/${link.id}`, { active: false });
    expect((await readerOf.get(withKey)).body).toEqual(notFound);
    await site.admin.patch(`${site.path}/share-links/${link.id}`, { active: true });
    expect((await readerOf.get(withKey)).status).toBe(200);
    await site.admin.post(`${site.path}/unpublish`);
    expect((await readerOf.get(withKey)).status).toBe(404);
    await site.admin.post(`${site.path}/publish`);
    await site.admin.delete(`${site.path}/share-links/${link.id}`);
    expect((await readerOf.get(withKey)).status).toBe(404);
  });

  it('shows a member kept out of a space nothing of it through a site that was never published', async () => {
    const org = await createOrg(app);
    const hidden = await createSpace(app, org);
    expect((await rest(app, org.admin.token).patch(`/v1/spaces/${hidden.id}`, { defaultLevel: null })).status).toBe(200);
    const site = await siteOf(org, { spaces: [hidden.id] });
    const { read } = await membersOfEveryRole(app, org.organizationId);
    const listed = await rest(app, read.token).get(`${site.path}/site-spaces`);
    expect(JSON.stringify(listed.body)).not.toContain(`"title":"${hidden.title}"`);
    const content = await graphql(app, read.token, `query($id: ID!) { node(id: $id) { ... on SiteSpace { space { id title } } } }`, {
      id: (await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } })).id,
    });
    expect(content.data?.node?.space ?? null).toBeNull();
    // Once published, the site's audience sees the space it publishes.
    await site.admin.post(`${site.path}/publish`);
    const published = await rest(app, read.token).get(`${site.path}/site-spaces`);
    expect(published.status).toBe(200);
    expect(published.body.items[0].space).toMatchObject({ id: hidden.id, title: hidden.title });
    // The site shows the space's content, not its discussion: not even how many comments it has.
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${hidden.id}/comments`, { body: { markdown: 'internal' } })).status).toBe(
      200,
    );
    const siteSpaceId = (await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } })).id;
    const counted = await graphql(
      app,
      read.token,
      `query($id: ID!) { node(id: $id) { ... on SiteSpace { space { title comments(first: 1) { totalCount } } } } }`,
      { id: siteSpaceId },
    );
    expect(counted.data?.node?.space?.comments?.totalCount).toBeUndefined();
    expect(counted.errors?.[0].extensions?.code).toMatch(/NOT_FOUND|FORBIDDEN/);
  });

  it("shows a share key's holder a published space's content, not its settings or activity (merge rules, default level, counts)", async () => {
    const org = await createOrg(app);
    const stranger = await createOrg(app);
    const space = await createSpace(app, org);
    const rules = { type: 'rules', rules: [{ rule: 'require_specific_reviewers', users: [org.admin.userId] }] };
    const patched = await rest(app, org.admin.token).patch(`/v1/spaces/${space.id}`, { mergeRules: rules });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Internal' })).status).toBe(201);
    const site = await siteOf(org, { visibility: 'share-link', spaces: [space.id] });
    await site.admin.post(`${site.path}/publish`);
    const link = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const query = `query($org: ID!, $site: ID!, $key: String) { publishedSite(id: $site, organizationId: $org, shareKey: $key) { structure { structure { ... on SiteSpace { space {
      id title mergeRules defaultLevel openCommentsCount changeRequestsCount openChangeRequestsCount draftChangeRequestsCount } } } } } }`;
    const asStranger = await graphql(app, stranger.admin.token, query, { org: org.organizationId, site: site.id, key });
    expect(asStranger.errors).toBeUndefined();
    const seen = asStranger.data.publishedSite.structure.structure[0].space;
    expect(seen).toEqual({
      id: space.id,
      title: space.title,
      mergeRules: null,
      defaultLevel: null,
      openCommentsCount: null,
      changeRequestsCount: null,
      openChangeRequestsCount: null,
      draftChangeRequestsCount: null,
    });
    // The same over REST, and a member of the space still reads them all.
    const restSiteSpace = (await rest(app, stranger.admin.token).get(`${site.path}/published?shareKey=${encodeURIComponent(key)}`)).body
      .structure.structure[0];
    expect(restSiteSpace.space.id).toBe(space.id);
    expectSiteSpaceForOutsider(restSiteSpace);
    expect(JSON.stringify(restSiteSpace)).not.toContain(org.admin.userId);
    const asMember = await graphql(app, org.admin.token, query, { org: org.organizationId, site: site.id, key });
    expect(asMember.errors).toBeUndefined();
    expect(asMember.data.publishedSite.structure.structure[0].space).toMatchObject({
      mergeRules: rules,
      changeRequestsCount: 1,
      draftChangeRequestsCount: 1,
    });
  });

  it('does not let a share key open a public site, nor the key of another site', async () => {
    const org = await createOrg(app);
    const stranger = rest(app, (await createOrg(app)).admin.token);
    const shared = await siteOf(org, { visibility: 'share-link' });
    const open = await siteOf(org, { visibility: 'public' });
    for (const s of [shared, open]) await s.admin.post(`${s.path}/publish`);
    const link = (await shared.admin.post(`${shared.path}/share-links`, { name: 'A' })).body;
    const openLink = (await open.admin.post(`${open.path}/share-links`, { name: 'B' })).body;
    const keyOf = async (id: string) => (await app.prisma.shareLink.findUniqueOrThrow({ where: { id } })).key;
    expect((await stranger.get(`${open.path}/published?shareKey=${await keyOf(openLink.id)}`)).status).toBe(404);
    expect((await stranger.get(`${open.path}/published?shareKey=${await keyOf(link.id)}`)).status).toBe(404);
    expect((await stranger.get(`${shared.path}/published?shareKey=${await keyOf(openLink.id)}`)).status).toBe(404);
  });

  it('is publishedSite in GraphQL', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { spaces: [(await createSpace(app, org)).id] });
    await site.admin.post(`${site.path}/publish`);
    const res = await graphql(
      app,
      org.admin.token,
      `query ($id: ID!) {
      publishedSite(id: $id) { site { id published } structure { type structure { __typename ... on SiteSpace { id space { id } } } } }
    }`,
      { id: site.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.publishedSite).toMatchObject({
      site: { id: site.id, published: true },
      structure: { type: 'SITE_SPACES', structure: [{ __typename: 'SiteSpace' }] },
    });
  });
});

// src/loaders.ts settledLoader: each section and site space asks for its site (access,
// URLs, default); a promise per item made graphql-js complete every one through promises.
describe('the site of a structure, within one request', () => {
  it('answers access, share keys and URLs at once after its first load, with no statement', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, { visibility: 'share-link', spaces: [(await createSpace(app, org)).id] });
    await site.admin.post(`${site.path}/publish`);
    const link = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const { spaceId } = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: site.id } });
    const { actor } = await authenticateToken(app.prisma, org.admin.token, new Date(), 60_000);
    const ctx = { prisma: app.prisma, actor, loaderCache: new Map(), urls: urlsUnder('http://quire.test') } as unknown as Context;
    presentShareKey(ctx, site.id, key);
    const url = 'http://quire.test/published/sites/x';

    const first = [mayOnSite(ctx, site.id, 'view'), sharedUrl(ctx, { id: site.id, visibility: 'share-link' }, url)];
    expect(first.every((answer) => answer instanceof Promise)).toBe(true);
    expect(await Promise.all(first)).toEqual([true, `${url}?share=${encodeURIComponent(key)}`]);

    const { result: later, statements } = await app.recordStatements(async () => [
      mayOnSite(ctx, site.id, 'view'),
      mayShowPublishedSpace(ctx, { siteId: site.id, spaceId }),
      sharedUrl(ctx, { id: site.id, visibility: 'share-link' }, url),
    ]);
    expect(later).toEqual([true, true, `${url}?share=${encodeURIComponent(key)}`]);
    expect(statements).toEqual([]);
    // A list of the site's items loads the site before its rows: each row's check answers at once.
    const listing = { ...ctx, loaderCache: new Map() } as Context;
    expect(await itemsOfSite(listing, site.id)).toEqual({ siteId: site.id });
    expect(mayOnSite(listing, site.id, 'view')).toBe(true);
    // Another site is not loaded yet: its answer waits for it.
    const pending = mayOnSite(ctx, (await siteOf(org)).id, 'view');
    expect(pending).toBeInstanceOf(Promise);
    expect(await pending).toBe(true);
  });
});
