// Site customization (getSiteCustomizationById, updateSiteCustomizationById and
// the site-space overrides) and the published site profile with its
// customizations: defaults until set, validation against the public schema,
// who may read and write, the preview of an unpublished site to its members.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, membersOfEveryRole, type OrgFixture } from '../support/factories.js';
import { tokenWithScopes } from '../support/tokens.js';
import { expectOpenApi, expectPublicOpenApi } from '../support/openapi.js';
import { race, restCall } from '../support/concurrency.js';
import { defaultCustomization } from '../../src/domain/sites/customization/defaults.js';

const app = useTestApp();

const SITE = '/orgs/{organizationId}/sites/{siteId}/customization';
const SITE_SPACE = '/orgs/{organizationId}/sites/{siteId}/site-spaces/{siteSpaceId}/customization';
const PUBLISHED = '/orgs/{organizationId}/sites/{siteId}/published';

async function siteOf(org: OrgFixture, spaces = 2) {
  const admin = rest(app, org.admin.token);
  const spaceIds = [];
  for (let i = 0; i < spaces; i++) spaceIds.push((await createSpace(app, org)).id);
  const res = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: spaceIds });
  const path = `/v1/orgs/${org.organizationId}/sites/${res.body.id}`;
  const siteSpaces = await app.prisma.siteSpace.findMany({ where: { siteId: res.body.id }, orderBy: { sortKey: 'asc' } });
  return { id: res.body.id as string, path, admin, siteSpaceIds: siteSpaces.map((s) => s.id) };
}

/** A full settings body: the defaults with a theme, colors, header links and a footer. */
const customized = () => ({
  ...defaultCustomization(),
  title: 'Acme docs',
  styling: { ...defaultCustomization().styling, theme: 'bold', primaryColor: { light: '#ff0000', dark: '#00ff00' } },
  header: {
    preset: 'default',
    links: [{ title: 'Home', to: { kind: 'url', url: 'https://acme.test' }, links: [] }],
  },
  footer: {
    groups: [{ title: 'More', links: [{ title: 'Blog', to: { kind: 'url', url: 'https://blog.acme.test' } }] }],
    copyright: '© Acme',
  },
  socialAccounts: [{ platform: 'github', handle: 'acme', display: { footer: true, header: false } }],
});

describe('site customization', () => {
  it('answers the defaults until set, then what was set with updatedAt; the public schema validates both', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const initial = await site.admin.get(`${site.path}/customization`);
    expectOpenApi(initial, 'get', SITE, 200);
    expect(initial.body).toEqual(defaultCustomization());

    const put = await site.admin.put(`${site.path}/customization`, customized());
    expectOpenApi(put, 'put', SITE, 200);
    expect(put.body).toMatchObject({ title: 'Acme docs', styling: { theme: 'bold' }, updatedAt: expect.any(String) });
    const read = await site.admin.get(`${site.path}/customization`);
    expectOpenApi(read, 'get', SITE, 200);
    expect(read.body).toEqual(put.body);
    const row = await app.prisma.siteCustomization.findUniqueOrThrow({ where: { siteId: site.id } });
    expect(row.organizationId).toBe(org.organizationId);
  });

  it('refuses settings that do not match the public schema (400 naming the member), and oversized ones', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const put = (body: unknown) => site.admin.put(`${site.path}/customization`, body);
    const bad = await put({ ...customized(), styling: { ...customized().styling, theme: 'neon' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^styling\.theme: /);
    const { footer: _footer, ...missing } = customized();
    expect((await put(missing)).body.error.message).toMatch(/^footer: is required/);
    expect(
      (await put({ ...customized(), styling: { ...customized().styling, primaryColor: { light: 'red', dark: '#000' } } })).status,
    ).toBe(400);
    expect((await put({ ...customized(), title: 'x' })).status).toBe(400);
    const huge = { ...customized(), footer: { groups: [{ title: 'x'.repeat(70_000), links: [] }] } };
    expect((await put(huge)).body.error.message).toMatch(/at most 64000 characters/);
    // Nothing was stored.
    expect(await app.prisma.siteCustomization.count({ where: { siteId: site.id } })).toBe(0);
  });

  it('lets members read and only site admins write; guests and other organizations get 404; a token needs site:write', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const other = await createOrg(app);
    expect((await rest(app, callers.read.token).get(`${site.path}/customization`)).status).toBe(200);
    expect((await rest(app, callers.create.token).put(`${site.path}/customization`, customized())).status).toBe(403);
    expect((await rest(app, callers.guest.token).get(`${site.path}/customization`)).status).toBe(404);
    expect((await rest(app, other.admin.token).get(`${site.path}/customization`)).status).toBe(404);
    expect((await rest(app, other.admin.token).put(`${site.path}/customization`, customized())).status).toBe(404);
    const readOnly = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, readOnly.token).get(`${site.path}/customization`)).status).toBe(200);
    expect((await rest(app, readOnly.token).put(`${site.path}/customization`, customized())).status).toBe(403);
    expect((await rest(app, callers.admin.token).put(`${site.path}/customization`, customized())).status).toBe(200);
  });

  it('keeps one row per site under concurrent writes, holding one of the written settings', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const titles = Array.from({ length: 8 }, (_, i) => `Title ${i}`);
    const results = await race(
      app,
      titles.map((title) => restCall(org.admin.token, 'PUT', `${site.path}/customization`, { ...customized(), title })),
    );
    expect(results.map((r) => r.status)).toEqual(titles.map(() => 200));
    const rows = await app.prisma.siteCustomization.findMany({ where: { siteId: site.id } });
    expect(rows).toHaveLength(1);
    expect(titles).toContain((rows[0].settings as { title: string }).title);
  });
});

describe('site-space customization', () => {
  it("answers the site's settings without overrides, lays overrides over them, resets one with null, deletes them (204)", async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const [first, second] = site.siteSpaceIds;
    await site.admin.put(`${site.path}/customization`, customized());
    const path = `${site.path}/site-spaces/${first}/customization`;
    const plain = await site.admin.get(path);
    expectOpenApi(plain, 'get', SITE_SPACE, 200);
    expect(plain.body).toMatchObject({ hasOverrides: false, title: 'Acme docs', styling: { theme: 'bold' } });

    const patched = await site.admin.patch(path, { title: 'Variant', styling: { theme: 'muted' }, feedback: { enabled: true } });
    expectPublicOpenApi(patched, 'patch', SITE_SPACE, 200);
    expect(patched.body).toMatchObject({
      hasOverrides: true,
      title: 'Variant',
      feedback: { enabled: true },
      // Members not overridden keep the site's.
      styling: { theme: 'muted', primaryColor: { light: '#ff0000', dark: '#00ff00' } },
    });
    // A second patch adds to the first; null resets a member to the site's.
    const again = await site.admin.patch(path, { title: null, styling: { corners: 'straight' } });
    expect(again.body).toMatchObject({ title: 'Acme docs', styling: { theme: 'muted', corners: 'straight' } });
    // The other site space is untouched.
    expect((await site.admin.get(`${site.path}/site-spaces/${second}/customization`)).body.hasOverrides).toBe(false);

    expect((await site.admin.patch(path, { styling: { theme: 'neon' } })).status).toBe(400);
    expect((await site.admin.patch(`${site.path}/site-spaces/sis_nope/customization`, { title: 'Hi' })).status).toBe(404);

    const deleted = await site.admin.delete(path);
    expect(deleted.status).toBe(204);
    expect(await app.prisma.siteSpaceCustomization.count({ where: { siteSpaceId: first } })).toBe(0);
    expect((await site.admin.get(path)).body).toMatchObject({ hasOverrides: false, title: 'Acme docs' });
    expect((await site.admin.delete(path)).status).toBe(204);
  });

  it('lets members read and site admins write the overrides; others get 403/404', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, 1);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const path = `${site.path}/site-spaces/${site.siteSpaceIds[0]}/customization`;
    expect((await rest(app, callers.read.token).get(path)).status).toBe(200);
    expect((await rest(app, callers.edit.token).patch(path, { title: 'Mine' })).status).toBe(403);
    expect((await rest(app, callers.edit.token).delete(path)).status).toBe(403);
    expect((await rest(app, callers.guest.token).patch(path, { title: 'Mine' })).status).toBe(404);
    expect((await rest(app, (await createOrg(app)).admin.token).delete(path)).status).toBe(404);
    const readOnly = await tokenWithScopes(app, org.admin.userId, ['site:read']);
    expect((await rest(app, readOnly.token).patch(path, { title: 'Mine' })).status).toBe(403);
    expect(await app.prisma.siteSpaceCustomization.count({ where: { siteSpaceId: site.siteSpaceIds[0] } })).toBe(0);
  });

  it('is served in the graph', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, 1);
    const res = await graphql(
      app,
      org.admin.token,
      `mutation($input: OverrideSiteSpaceCustomizationInput!) { overrideSiteSpaceCustomization(input: $input) { customization } }`,
      { input: { siteId: site.id, siteSpaceId: site.siteSpaceIds[0], overrides: { title: 'From the graph' } } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.overrideSiteSpaceCustomization.customization).toMatchObject({ title: 'From the graph', hasOverrides: true });
    const read = await graphql(app, org.admin.token, `query($id: ID!) { site(id: $id) { customization } }`, { id: site.id });
    expect(read.data.site.customization).toEqual(defaultCustomization());
  });
});

describe('the published site profile', () => {
  it('carries customizations (site and every site space, effective) and scripts, valid against PublishedContentSite', async () => {
    const org = await createOrg(app);
    const site = await siteOf(org);
    const [first, second] = site.siteSpaceIds;
    await site.admin.put(`${site.path}/customization`, customized());
    await site.admin.patch(`${site.path}/site-spaces/${first}/customization`, { title: 'First variant' });
    await site.admin.post(`${site.path}/publish`);
    const res = await site.admin.get(`${site.path}/published`);
    expectOpenApi(res, 'get', PUBLISHED, 200);
    expect(res.body.scripts).toEqual([]);
    expect(res.body.customizations.site).toMatchObject({ title: 'Acme docs' });
    expect(Object.keys(res.body.customizations.siteSpaces).sort()).toEqual([first, second].sort());
    expect(res.body.customizations.siteSpaces[first]).toMatchObject({ title: 'First variant', styling: { theme: 'bold' } });
    expect(res.body.customizations.siteSpaces[second]).toMatchObject({ title: 'Acme docs' });
  });

  it("answers what the customization routes answer, times included, and only live spaces' site spaces", async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, 3);
    const [first, second, third] = site.siteSpaceIds as [string, string, string];
    await site.admin.put(`${site.path}/customization`, customized());
    await site.admin.patch(`${site.path}/site-spaces/${second}/customization`, { title: 'Second variant' });
    const { spaceId } = await app.prisma.siteSpace.findUniqueOrThrow({ where: { id: third } });
    expect((await site.admin.delete(`/v1/spaces/${spaceId}`)).status).toBe(205);
    const published = (await site.admin.get(`${site.path}/published`)).body.customizations;
    expect(published.site).toEqual((await site.admin.get(`${site.path}/customization`)).body);
    expect(published.site.updatedAt).toEqual(expect.any(String));
    for (const id of [first, second])
      expect(published.siteSpaces[id]).toEqual((await site.admin.get(`${site.path}/site-spaces/${id}/customization`)).body);
    // Ordered by id, as the site spaces' keys always were.
    expect(Object.keys(published.siteSpaces)).toEqual([first, second].sort());
  });

  it("is a preview for the organization's members while unpublished, 404 for guests and others; then served to readers", async () => {
    const org = await createOrg(app);
    const site = await siteOf(org, 1);
    const callers = await membersOfEveryRole(app, org.organizationId);
    const other = await createOrg(app);
    const preview = await rest(app, callers.read.token).get(`${site.path}/published`);
    expectOpenApi(preview, 'get', PUBLISHED, 200);
    expect(preview.body.site.published).toBe(false);
    expect(preview.body.customizations.site).toEqual(defaultCustomization());
    expect((await rest(app, callers.guest.token).get(`${site.path}/published`)).status).toBe(404);
    expect((await rest(app, other.admin.token).get(`${site.path}/published`)).status).toBe(404);
    const noSiteScope = await tokenWithScopes(app, callers.read.userId, ['space:read']);
    expect((await rest(app, noSiteScope.token).get(`${site.path}/published`)).status).toBe(403);

    await site.admin.post(`${site.path}/publish`);
    expectOpenApi(await rest(app, callers.read.token).get(`${site.path}/published`), 'get', PUBLISHED, 200);
    expect((await rest(app, other.admin.token).get(`${site.path}/published`)).status).toBe(404);
  });

  it('keeps the share-key rules of a published share-link site, and previews an unpublished one to members', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const created = await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Shared', visibility: 'share-link' });
    const path = `/v1/orgs/${org.organizationId}/sites/${created.body.id}`;
    const link = (await admin.post(`${path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id: link.id } });
    const outsider = rest(app, (await createOrg(app)).admin.token);
    expect((await admin.get(`${path}/published`)).status).toBe(200);
    expect((await outsider.get(`${path}/published?shareKey=${key}`)).status).toBe(404);
    await admin.post(`${path}/publish`);
    expect((await admin.get(`${path}/published`)).status).toBe(404);
    expectOpenApi(await outsider.get(`${path}/published?shareKey=${key}`), 'get', PUBLISHED, 200);
  });
});
