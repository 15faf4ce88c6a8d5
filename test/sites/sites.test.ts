// Sites (spec 4.1): list with filters, create with the public API's defaults,
// read, settings (every field, every limit and pattern of section 8),
// publication, idempotent delete; who may and who may not; concurrent writers.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { newId } from '../../src/ids.js';

const app = useTestApp();

const SITES = '/orgs/{organizationId}/sites';
const SITE = '/orgs/{organizationId}/sites/{siteId}';
const sitesPath = (org: OrgFixture) => `/v1/orgs/${org.organizationId}/sites`;
const sitePath = (org: OrgFixture, siteId: string) => `${sitesPath(org)}/${siteId}`;
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);

const expect400 = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toMatch(new RegExp(`^${field.replace(/[[\]]/g, '\\$&')}: `));
};

async function createSite(org: OrgFixture, body: Record<string, unknown> = {}) {
  const res = await rest(app, org.admin.token).post(sitesPath(org), { title: 'Docs', ...body });
  expectOpenApi(res, 'post', SITES, 201);
  return res.body as { id: string; [key: string]: any };
}

/** A section inserted directly (sections have their own tests), optionally holding a site space of `spaceId`. */
async function insertSection(org: OrgFixture, siteId: string, spaceId?: string) {
  const section = await app.prisma.siteSection.create({
    data: { id: newId('SiteSection'), organizationId: org.organizationId, siteId, title: 'Guides', path: `guides-${Math.random()}` },
  });
  const siteSpace = spaceId
    ? await app.prisma.siteSpace.create({
        data: { id: newId('SiteSpace'), organizationId: org.organizationId, siteId, spaceId, sectionId: section.id, path: 'v1' },
      })
    : null;
  return { section, siteSpace };
}

describe('POST /orgs/{organizationId}/sites', () => {
  it('creates an unpublished basic public site by default, and stores it', async () => {
    const org = await createOrg(app);
    const res = await rest(app, org.admin.token).post(sitesPath(org), {});
    expectOpenApi(res, 'post', SITES, 201);
    expect(res.body).toMatchObject({
      object: 'site',
      type: 'basic',
      appliedType: 'basic',
      title: 'Untitled site',
      visibility: 'public',
      published: false,
      siteSpaces: 0,
      defaultLevel: 'inherit',
      adaptiveContent: { enabled: false },
      agentsContext: 'included',
      features: [],
      urls: { location: `http://quire.test/v1/orgs/${org.organizationId}/sites/${res.body.id}` },
      permissions: { view: true, admin: true, create: true, editAdaptiveSchema: true },
    });
    expect(res.body.urls.published).toBeUndefined();
    expect(res.body.id).toMatch(/^sit_/);
    expect(await app.prisma.site.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      organizationId: org.organizationId,
      type: 'basic',
      visibility: 'public',
      published: false,
    });
  });

  it('takes type, title, visibility and spaces: the spaces become root site spaces in order, the first the default', async () => {
    const org = await createOrg(app);
    const a = await createSpace(app, org, { title: 'API Reference' });
    const b = await createSpace(app, org, { title: 'API Reference' });
    const site = await createSite(org, { type: 'premium', title: 'Developer docs', visibility: 'share-link', spaces: [a.id, b.id, a.id] });
    expect(site).toMatchObject({ type: 'premium', title: 'Developer docs', visibility: 'share-link', siteSpaces: 2 });
    const rows = await app.prisma.siteSpace.findMany({ where: { siteId: site.id }, orderBy: { sortKey: 'asc' } });
    expect(rows.map((r) => [r.spaceId, r.path, r.sectionId, r.organizationId])).toEqual([
      [a.id, 'api-reference', null, org.organizationId],
      [b.id, 'api-reference-2', null, org.organizationId],
    ]);
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSpaceId).toBe(rows[0].id);
  });

  it('refuses a title out of 2..128, an unknown type or visibility, and spaces not of the organization (400 naming the field, nothing written)', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const space = await createSpace(app, org);
    const foreign = await createSpace(app, other);
    const deleted = await createSpace(app, org);
    await rest(app, org.admin.token).delete(`/v1/spaces/${deleted.id}`);
    const admin = rest(app, org.admin.token);
    expect400(await admin.post(sitesPath(org), { title: 'x' }), 'title');
    expect400(await admin.post(sitesPath(org), { title: 'x'.repeat(129) }), 'title');
    expect400(await admin.post(sitesPath(org), { title: null }), 'title');
    expect400(await admin.post(sitesPath(org), { type: 'gold' }), 'type');
    expect400(await admin.post(sitesPath(org), { visibility: 'private' }), 'visibility');
    expect400(await admin.post(sitesPath(org), { spaces: [space.id, foreign.id] }), 'spaces[1]');
    expect400(await admin.post(sitesPath(org), { spaces: [deleted.id] }), 'spaces[0]');
    expect400(await admin.post(sitesPath(org), { spaces: ['spc_unknown'] }), 'spaces[0]');
    expect(await app.prisma.site.count({ where: { organizationId: org.organizationId } })).toBe(0);
    expect((await admin.post(sitesPath(org), { title: 'x'.repeat(128) })).status).toBe(201);
  });

  it('is for members of the create role and above; a scoped token needs site:write; another organization gets 404', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['admin', 'create'] as const)
      expect((await rest(app, callers[role].token).post(sitesPath(org), {})).status).toBe(201);
    for (const role of ['review', 'edit', 'comment', 'read', 'guest'] as const) {
      const res = await rest(app, callers[role].token).post(sitesPath(org), {});
      expect(res.status, role).toBe(403);
      expectSchema(res.body, 'Error');
    }
    expect((await rest(app, other.admin.token).post(sitesPath(org), {})).status).toBe(404);
    expect((await request(app, 'POST', `/v1/orgs/${org.organizationId}/sites`, { body: {} })).status).toBe(401);
    const readOnly = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, readOnly.token).post(sitesPath(org), {})).status).toBe(403);
    const writer = await tokenWithScopes(app, org.admin.userId, ['site:write']);
    expect((await rest(app, writer.token).post(sitesPath(org), {})).status).toBe(201);
    expect(await app.prisma.site.count({ where: { organizationId: org.organizationId } })).toBe(3);
  });
});

describe('GET /orgs/{organizationId}/sites/{siteId}', () => {
  it("returns the site with each role's permissions, and hides it from guests and other organizations", async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await createSite(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, callers[role].token).get(sitePath(org, site.id));
      expectOpenApi(res, 'get', SITE, 200);
      expect(res.body.permissions, role).toMatchObject({
        view: true,
        access: true,
        admin: role === 'admin',
        create: role === 'admin' || role === 'create',
        edit: !['comment', 'read'].includes(role),
        viewAdaptiveSchema: true,
        editAdaptiveSchema: role === 'admin',
      });
    }
    expect((await rest(app, callers.guest.token).get(sitePath(org, site.id))).status).toBe(404);
    expect((await rest(app, other.admin.token).get(sitePath(org, site.id))).status).toBe(404);
    // The path's organization must be the site's.
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${other.organizationId}/sites/${site.id}`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get(sitePath(org, 'sit_unknown'))).body).toEqual({
      error: { code: 404, message: 'Site not found' },
    });
  });

  it('hides a site whose default level is "no access" from members below admin', async () => {
    const org = await createOrg(app);
    const site = await createSite(org);
    const reader = await addMember(app, org.organizationId, 'review');
    const res = await rest(app, org.admin.token).patch(sitePath(org, site.id), { defaultLevel: null });
    expectOpenApi(res, 'patch', SITE, 200);
    expect(res.body.defaultLevel).toBeNull();
    expect((await rest(app, reader.token).get(sitePath(org, site.id))).status).toBe(404);
    expect((await rest(app, reader.token).get(sitesPath(org))).body.count).toBe(0);
    await rest(app, org.admin.token).patch(sitePath(org, site.id), { defaultLevel: 'read' });
    const capped = await rest(app, reader.token).get(sitePath(org, site.id));
    expect(capped.body.permissions).toMatchObject({ view: true, edit: false });
  });
});

describe('GET /orgs/{organizationId}/sites', () => {
  it('lists the sites oldest first, filtered by space, title, published and type, and pages', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const a = await createSite(org, { title: 'Help Center', spaces: [space.id] });
    const b = await createSite(org, { title: 'API docs', type: 'ultimate' });
    const c = await createSite(org, { title: 'Internal help' });
    await rest(app, org.admin.token).post(`${sitePath(org, c.id)}/publish`);
    const admin = rest(app, org.admin.token);
    const all = await admin.get(sitesPath(org));
    expectOpenApi(all, 'get', SITES, 200);
    expect(ids(all)).toEqual([a.id, b.id, c.id]);
    expect(all.body.count).toBe(3);
    expect(ids(await admin.get(`${sitesPath(org)}?space=${space.id}`))).toEqual([a.id]);
    expect(ids(await admin.get(`${sitesPath(org)}?title=HELP`))).toEqual([a.id, c.id]);
    // A title's `%` and `_` are searched for, not wildcards (no title here holds either).
    for (const literal of ['%', '_', 'Help%Center', 'API_docs'])
      expect(ids(await admin.get(`${sitesPath(org)}?title=${encodeURIComponent(literal)}`)), literal).toEqual([]);
    expect(ids(await admin.get(`${sitesPath(org)}?published=true`))).toEqual([c.id]);
    expect(ids(await admin.get(`${sitesPath(org)}?published=false`))).toEqual([a.id, b.id]);
    expect(ids(await admin.get(`${sitesPath(org)}?type=ultimate`))).toEqual([b.id]);
    const first = await admin.get(`${sitesPath(org)}?limit=2`);
    expect(first.body.count).toBe(3);
    const second = await admin.get(`${sitesPath(org)}?limit=2&page=${first.body.next.page}`);
    expect([...ids(first), ...ids(second)]).toEqual([a.id, b.id, c.id]);
    expect400(await admin.get(`${sitesPath(org)}?limit=1001`), 'limit');
    expect400(await admin.get(`${sitesPath(org)}?published=maybe`), 'published');
  });

  it('shows members their sites, guests none; another organization gets 404; a scoped token needs site:read', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await createSite(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    expect(ids(await rest(app, callers.read.token).get(sitesPath(org)))).toEqual([site.id]);
    expect((await rest(app, callers.guest.token).get(sitesPath(org))).body.count).toBe(0);
    expect((await rest(app, other.admin.token).get(sitesPath(org))).status).toBe(404);
    const spaceOnly = await tokenWithScopes(app, org.admin.userId, ['space:read']);
    expect((await rest(app, spaceOnly.token).get(sitesPath(org))).status).toBe(403);
    const siteRead = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect(ids(await rest(app, siteRead.token).get(sitesPath(org)))).toEqual([site.id]);
  });
});

describe('PATCH /orgs/{organizationId}/sites/{siteId}', () => {
  it('gives a proxy origin to one site only, whatever its case: another site, of any organization, gets 409', async () => {
    const [org, other] = [await createOrg(app), await createOrg(app)];
    const [site, rival] = [await createSite(org), await createSite(other)];
    const origin = `proxy-${randomBytes(4).toString('hex')}.example.com/docs`;
    const claimed = await rest(app, org.admin.token).patch(sitePath(org, site.id), { proxy: origin.replace('proxy', 'PROXY') });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.proxy.origin).toBe(origin);
    const [variant, same] = await Promise.all([
      rest(app, other.admin.token).patch(sitePath(other, rival.id), { proxy: origin.toUpperCase().replace('/DOCS', '/docs') }),
      rest(app, other.admin.token).patch(sitePath(other, rival.id), { proxy: origin }),
    ]);
    for (const res of [variant, same])
      expect(res.body).toEqual({ error: { code: 409, message: 'proxy: another site already uses this proxy origin' } });
    expect(await app.prisma.site.count({ where: { proxy: origin } })).toBe(1);
  });

  it('changes every setting and stores it; null removes hostname, basename and proxy', async () => {
    const org = await createOrg(app);
    const site = await createSite(org);
    const admin = rest(app, org.admin.token);
    const res = await admin.patch(sitePath(org, site.id), {
      title: 'Product docs',
      visibility: 'unlisted',
      hostname: 'docs.example.com',
      basename: 'product',
      proxy: 'example.com/docs',
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      defaultLevel: 'read',
    });
    expectOpenApi(res, 'patch', SITE, 200);
    expect(res.body).toMatchObject({
      title: 'Product docs',
      visibility: 'unlisted',
      hostname: 'docs.example.com',
      basename: 'product',
      proxy: { origin: 'example.com/docs', target: 'https://docs.example.com/product' },
      adaptiveContent: { enabled: true },
      agentsContext: 'excluded',
      defaultLevel: 'read',
    });
    expect(await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({
      title: 'Product docs',
      visibility: 'unlisted',
      hostname: 'docs.example.com',
      basename: 'product',
      proxy: 'example.com/docs',
      adaptiveContent: true,
      agentsContext: 'excluded',
      defaultLevel: 'read',
    });
    const published = await admin.post(`${sitePath(org, site.id)}/publish`);
    expectOpenApi(published, 'post', `${SITE}/publish`, 200);
    expect(published.body.urls.published).toBe('https://example.com/docs');

    const cleared = await admin.patch(sitePath(org, site.id), { proxy: null, hostname: null, basename: null });
    expectOpenApi(cleared, 'patch', SITE, 200);
    expect(cleared.body.proxy).toBeUndefined();
    expect(cleared.body.hostname).toBeUndefined();
    expect(cleared.body.urls.published).toBe(`http://quire.test/published/sites/${site.id}`);
    expect(await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({
      proxy: null,
      hostname: null,
      basename: null,
      title: 'Product docs',
    });
    const unpublished = await admin.post(`${sitePath(org, site.id)}/unpublish`);
    expectOpenApi(unpublished, 'post', `${SITE}/unpublish`, 200);
    expect(unpublished.body).toMatchObject({ published: false });
    expect(unpublished.body.urls.published).toBeUndefined();
  });

  it('sets the default site space at the root or in the default section, and the default section', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSpace(app, org), await createSpace(app, org), await createSpace(app, org)];
    const site = await createSite(org, { spaces: [a.id, b.id] });
    const admin = rest(app, org.admin.token);
    const [, second] = await app.prisma.siteSpace.findMany({ where: { siteId: site.id }, orderBy: { sortKey: 'asc' } });
    expectOpenApi(await admin.patch(sitePath(org, site.id), { defaultSiteSpace: second.id }), 'patch', SITE, 200);
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSpaceId).toBe(second.id);

    const first = await insertSection(org, site.id, c.id);
    const other = await insertSection(org, site.id, c.id);
    expect400(await admin.patch(sitePath(org, site.id), { defaultSiteSpace: first.siteSpace!.id }), 'defaultSiteSpace');
    expectOpenApi(
      await admin.patch(sitePath(org, site.id), { defaultSiteSection: first.section.id, defaultSiteSpace: first.siteSpace!.id }),
      'patch',
      SITE,
      200,
    );
    expect((await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).defaultSiteSectionId).toBe(first.section.id);
    expect((await app.prisma.siteSection.findUniqueOrThrow({ where: { id: first.section.id } })).defaultSiteSpaceId).toBe(
      first.siteSpace!.id,
    );
    expect400(await admin.patch(sitePath(org, site.id), { defaultSiteSpace: other.siteSpace!.id }), 'defaultSiteSpace');

    const elsewhere = await createSite(org, { spaces: [a.id] });
    const foreignSiteSpace = await app.prisma.siteSpace.findFirstOrThrow({ where: { siteId: elsewhere.id } });
    expect400(await admin.patch(sitePath(org, site.id), { defaultSiteSpace: foreignSiteSpace.id }), 'defaultSiteSpace');
    expect400(await admin.patch(sitePath(org, site.id), { defaultSiteSection: 'sse_unknown' }), 'defaultSiteSection');
    expect400(await admin.patch(sitePath(org, site.id), { defaultSiteSection: null }), 'defaultSiteSection');
  });

  it('enforces the limits and patterns of section 8 with a 400 naming the field, and writes nothing', async () => {
    const org = await createOrg(app);
    const site = await createSite(org);
    const admin = rest(app, org.admin.token);
    const label = 'a'.repeat(63);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x' }, 'title'],
      [{ title: 'x'.repeat(129) }, 'title'],
      [{ title: null }, 'title'],
      [{ basename: '' }, 'basename'],
      [{ basename: 'b'.repeat(101) }, 'basename'],
      [{ hostname: 'Docs.Example.com' }, 'hostname'],
      [{ hostname: 'example.com' }, 'hostname'],
      [{ hostname: 'docs.-example.com' }, 'hostname'],
      [{ hostname: `${Array(8).fill(label).join('.')}.com` }, 'hostname'],
      [{ proxy: 'example.com' }, 'proxy'],
      [{ proxy: 'https://example.com/docs' }, 'proxy'],
      [{ proxy: `example.com/${'p'.repeat(501)}` }, 'proxy'],
      [{ visibility: 'secret' }, 'visibility'],
      [{ agentsContext: 'maybe' }, 'agentsContext'],
      [{ unknown: 1 }, 'unknown'],
    ];
    for (const [body, field] of cases) expect400(await admin.patch(sitePath(org, site.id), { title: 'Kept', ...body }), field);
    const noFlag = await admin.patch(sitePath(org, site.id), { adaptiveContent: {} });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body.error.message).toContain('input.adaptiveContent');
    expect(await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({
      title: 'Docs',
      hostname: null,
      proxy: null,
    });
    // At the bounds.
    const ok = await admin.patch(sitePath(org, site.id), {
      title: 'xy',
      basename: 'b'.repeat(100),
      hostname: `${Array(7).fill(label).join('.')}.com`,
      proxy: `example.com/${'p'.repeat(500)}`,
    });
    expectOpenApi(ok, 'patch', SITE, 200);
  });

  it('answers 409 when another site has the hostname — also when two sites claim it at once', async () => {
    const org = await createOrg(app);
    const [a, b, c] = [await createSite(org), await createSite(org), await createSite(org)];
    const admin = rest(app, org.admin.token);
    const results = await Promise.all([a, b, c].map((s) => admin.patch(sitePath(org, s.id), { hostname: 'help.acme.test' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await app.prisma.site.count({ where: { hostname: 'help.acme.test' } })).toBe(1);
    const winner = [a, b, c][results.findIndex((r) => r.status === 200)];
    expect((await admin.patch(sitePath(org, winner.id), { hostname: 'help.acme.test' })).status).toBe(200);
  });

  it('is for site admins; a scoped token needs site:write; another organization gets 404', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await createSite(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).patch(sitePath(org, site.id), { title: 'Mine' })).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).patch(sitePath(org, site.id), { title: 'Mine' })).status).toBe(404);
    expect((await rest(app, other.admin.token).patch(sitePath(org, site.id), { title: 'Mine' })).status).toBe(404);
    const reader = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, reader.token).patch(sitePath(org, site.id), { title: 'Mine' })).status).toBe(403);
    expect((await rest(app, reader.token).post(`${sitePath(org, site.id)}/publish`)).status).toBe(403);
    expect((await rest(app, callers.create.token).post(`${sitePath(org, site.id)}/publish`)).status).toBe(403);
    expect(await app.prisma.site.findUniqueOrThrow({ where: { id: site.id } })).toMatchObject({ title: 'Docs', published: false });
    const writer = await tokenWithScopes(app, org.admin.userId, ['site:write']);
    expect((await rest(app, writer.token).patch(sitePath(org, site.id), { title: 'Mine' })).status).toBe(200);
    // Publishing answers with the site: site:publish, and site:read to read it.
    const publisher = await tokenWithScopes(app, org.admin.userId, ['site:publish', 'site:read']);
    expect((await rest(app, publisher.token).post(`${sitePath(org, site.id)}/publish`)).status).toBe(200);
  });
});

describe('DELETE /orgs/{organizationId}/sites/{siteId}', () => {
  it('deletes the site with its site spaces (the spaces stay) and clears the default content; again: 204', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const site = await createSite(org, { spaces: [space.id] });
    const admin = rest(app, org.admin.token);
    const linked = await admin.patch(`/v1/orgs/${org.organizationId}`, { defaultContent: { type: 'site', site: site.id } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect((await admin.delete(sitePath(org, site.id))).status).toBe(204);
    expect(await app.prisma.site.count({ where: { id: site.id } })).toBe(0);
    expect(await app.prisma.siteSpace.count({ where: { siteId: site.id } })).toBe(0);
    expect(await app.prisma.space.count({ where: { id: space.id, deletedAt: null } })).toBe(1);
    expect((await app.prisma.organization.findUniqueOrThrow({ where: { id: org.organizationId } })).defaultContentSiteId).toBeNull();
    expect((await admin.delete(sitePath(org, site.id))).status).toBe(204);
    expect((await admin.delete(sitePath(org, 'sit_unknown'))).status).toBe(204);
  });

  it('is for site admins (403 otherwise); another organization deletes nothing; parallel deletes delete once', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await createSite(org);
    const editor = await addMember(app, org.organizationId, 'create');
    expect((await rest(app, editor.token).delete(sitePath(org, site.id))).status).toBe(403);
    expect((await rest(app, other.admin.token).delete(sitePath(org, site.id))).status).toBe(204);
    const reader = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, reader.token).delete(sitePath(org, site.id))).status).toBe(403);
    expect(await app.prisma.site.count({ where: { id: site.id } })).toBe(1);
    const results = await Promise.all(Array.from({ length: 4 }, () => rest(app, org.admin.token).delete(sitePath(org, site.id))));
    expect(results.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect(await app.prisma.site.count({ where: { id: site.id } })).toBe(0);
  });
});

describe('organization defaultContent', () => {
  it('may name a site of the organization, not one of another organization', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const site = await createSite(org);
    const foreign = await createSite(other);
    const admin = rest(app, org.admin.token);
    expect(
      (await admin.patch(`/v1/orgs/${org.organizationId}`, { defaultContent: { type: 'site', site: site.id } })).body.defaultContent,
    ).toEqual({ type: 'site', site: site.id });
    expect400(
      await admin.patch(`/v1/orgs/${org.organizationId}`, { defaultContent: { type: 'site', site: foreign.id } }),
      'defaultContent.site',
    );
  });
});

describe('sites in GraphQL', () => {
  it('creates, lists with filters, reads with the organization, and deletes through the mutations convention', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const created = await graphql(
      app,
      org.admin.token,
      `mutation ($input: CreateSiteInput!) {
      createSite(input: $input) { clientMutationId site { id title type visibility siteSpacesCount defaultSiteSpaceId organization { id } } }
    }`,
      {
        input: {
          organizationId: org.organizationId,
          title: 'Graph docs',
          visibility: 'SHARE_LINK',
          spaces: [space.id],
          clientMutationId: 'c1',
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const site = created.data.createSite.site;
    expect(created.data.createSite.clientMutationId).toBe('c1');
    expect(site).toMatchObject({
      title: 'Graph docs',
      type: 'BASIC',
      visibility: 'SHARE_LINK',
      siteSpacesCount: 1,
      organization: { id: org.organizationId },
    });
    expect(site.defaultSiteSpaceId).toMatch(/^sis_/);

    const listed = await graphql(
      app,
      org.admin.token,
      `query ($org: ID!, $space: ID) {
      organization(id: $org) { sites(first: 10, space: $space) { totalCount edges { node { id } } } }
    }`,
      { org: org.organizationId, space: space.id },
    );
    expect(listed.data.organization.sites).toEqual({ totalCount: 1, edges: [{ node: { id: site.id } }] });

    const bad = await graphql(app, org.admin.token, 'mutation ($input: UpdateSiteInput!) { updateSite(input: $input) { site { id } } }', {
      input: { siteId: site.id, hostname: 'nope' },
    });
    expect(bad.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, field: 'hostname' });

    const reader = await addMember(app, org.organizationId, 'read');
    const refused = await graphql(app, reader.token, 'mutation ($input: DeleteSiteInput!) { deleteSite(input: $input) { deleted } }', {
      input: { siteId: site.id },
    });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    const deleted = await graphql(
      app,
      org.admin.token,
      'mutation ($input: DeleteSiteInput!) { deleteSite(input: $input) { deletedSiteId deleted } }',
      { input: { siteId: site.id } },
    );
    expect(deleted.data.deleteSite).toEqual({ deletedSiteId: site.id, deleted: true });
    const again = await graphql(
      app,
      org.admin.token,
      'mutation ($input: DeleteSiteInput!) { deleteSite(input: $input) { deletedSiteId deleted } }',
      { input: { siteId: site.id } },
    );
    expect(again.data.deleteSite).toEqual({ deletedSiteId: null, deleted: false });
    const gone = await graphql(app, org.admin.token, 'query ($id: ID!) { site(id: $id) { id } }', { id: site.id });
    expect(gone.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});
