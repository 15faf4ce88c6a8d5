// The calls GitBook's open-source renderer makes for one page of a published
// site (GitbookIO/gitbook, packages/gitbook: src/middleware.ts → lib/data/lookup.ts,
// lib/context.ts, lib/data/api.ts, components/SitePage), in its order and with
// its parameters, through the official client (`@gitbook/api`): an anonymous
// URL lookup, then, with the site visitor token it answers, the site profile
// and the space, the revision, the page and its document, its meta links, a
// redirect lookup and the search box. Each answer is checked against the public
// document (ajv). For a public site and a share-link site; then the token is
// refused on a write route and after the site is unpublished.
import { describe, expect, it } from 'vitest';
import { GitBookAPI, GitBookAPIError } from '@gitbook/api';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { expectPublicOpenApi, outsiderSpace } from '../support/openapi.js';

/**
 * The client's methods used here. Its declarations import `./client` without an extension, which this
 * project's NodeNext resolution does not follow, so the class's own types read as empty.
 */
type Call = (...args: any[]) => Promise<{ status: number; data: any }>;
type Client = Record<'urls' | 'orgs' | 'spaces', Record<string, Call>>;
const client = (authToken?: string) => new GitBookAPI({ endpoint: app.baseUrl, authToken }) as unknown as Client;

const app = useTestApp();

/** Checks a client response against the public document's answer of `method path`. */
function expectDocumented(res: { status: number; data: unknown }, method: string, path: string) {
  expectPublicOpenApi({ status: res.status, body: res.data }, method, path);
}

/**
 * A visitor is no member: the spaces in an answer come without their member-only fields (merge rules,
 * counts: spacePolicy's viewSettings), which the public document requires. They are checked absent,
 * then given placeholder values for the schema check (test/support/openapi.ts: outsiderSpace).
 */
function asVisitorSees(published: { structure: { structure: { space?: Record<string, unknown> }[] } }) {
  const items = published.structure.structure.map((item) => (item.space ? { ...item, space: outsiderSpace(item.space) } : item));
  return { ...published, structure: { ...published.structure, structure: items } };
}

/** The status of a client call that fails (the client throws GitBookAPIError on a non-2xx answer). */
async function failure(call: Promise<unknown>) {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitBookAPIError);
  return (err as GitBookAPIError).code;
}

interface Page {
  id: string;
  path?: string;
  pages?: Page[];
}
const byPath = (pages: Page[], path: string): Page | undefined =>
  pages.map((p) => (p.path === path ? p : byPath(p.pages ?? [], path))).find(Boolean);

async function publishedSite(org: OrgFixture, body: Record<string, unknown>) {
  const space = await createSpace(app, org, { title: 'Handbook' });
  await insertPages(app, space, [
    { path: 'guide', markdown: '# Guide\n\nHow to install the tool.' },
    { path: 'guide/install', markdown: 'Run the installer, then [read the guide](../guide).' },
  ]);
  const admin = rest(app, org.admin.token);
  const site = (await admin.post(`/v1/orgs/${org.organizationId}/sites`, { title: 'Docs', spaces: [space.id], ...body })).body;
  const path = `/v1/orgs/${org.organizationId}/sites/${site.id}`;
  expect((await admin.post(`${path}/publish`)).status).toBe(200);
  return { siteId: site.id as string, spaceId: space.id, path, admin };
}

/** One page, as the renderer reads it; answers the visitor's client. */
async function renderOnePage(url: string, organizationId: string) {
  const anonymous = client();
  const lookup = await anonymous.urls.resolvePublishedContentByUrl({ url, redirectOnError: false });
  expectDocumented(lookup, 'post', '/urls/published');
  const found = lookup.data;
  if ('redirect' in found) throw new Error(`expected content, got a redirect to ${found.redirect}`);
  expect(found.organization).toBe(organizationId);

  const api = client(found.apiToken);
  const [published, space] = await Promise.all([
    api.orgs.getPublishedContentSite(found.organization, found.site, { shareKey: found.shareKey }),
    api.spaces.getSpaceById(found.space, { shareKey: found.shareKey }),
  ]);
  expectDocumented(
    { status: published.status, data: asVisitorSees(published.data) },
    'get',
    '/orgs/{organizationId}/sites/{siteId}/published',
  );
  expect(published.data.customizations.siteSpaces[found.siteSpace]).toBeDefined();
  expectDocumented({ status: space.status, data: outsiderSpace(space.data) }, 'get', '/spaces/{spaceId}');

  const revisionId = space.data.revision;
  const revision = await api.spaces.getRevisionById(found.space, revisionId, { metadata: true });
  expectDocumented(revision, 'get', '/spaces/{spaceId}/revisions/{revisionId}');
  const page = byPath(revision.data.pages as Page[], found.pathname);
  expect(page, `no page at ${found.pathname}`).toBeDefined();

  const calls = await Promise.all([
    api.spaces.getPageDocumentInRevisionById(found.space, revisionId, page!.id, {
      evaluated: 'deterministic-only',
      dereferenced: 'reusable-contents',
    }),
    api.spaces.listRevisionPageMetaLinks(found.space, revisionId, page!.id),
    api.spaces.getPageInRevisionById(found.space, revisionId, page!.id, { format: 'markdown' }),
    api.spaces.getPageInRevisionByPath(found.space, revisionId, encodeURIComponent(found.pathname), {}),
    api.spaces.listPagesInRevisionById(found.space, revisionId),
  ]);
  const paths = [
    '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/document',
    '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}/meta-links',
    '/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}',
    '/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath}',
    '/spaces/{spaceId}/revisions/{revisionId}/pages',
  ];
  calls.forEach((res, i) => expectDocumented(res, 'get', paths[i]));

  // A path that is no page: the renderer asks for the site's redirect of it (none here).
  expect(await failure(api.orgs.getSiteRedirectBySource(found.organization, found.site, { source: '/no/such/page' }))).toBe(404);

  const search = await api.orgs.searchSiteContent(found.organization, found.site, { query: 'installer' });
  expectDocumented(search, 'post', '/orgs/{organizationId}/sites/{siteId}/search');
  expect(JSON.stringify(search.data)).toContain(page!.id);
  return { api, found };
}

describe("GitBook's renderer, one page", () => {
  it('of a public site: every call answers 2xx in the public shape; the token writes nothing and dies with the site', async () => {
    const org = await createOrg(app);
    const site = await publishedSite(org, {});
    const { api, found } = await renderOnePage(
      `http://quire.test/published/sites/${site.siteId}/handbook/guide/install`,
      org.organizationId,
    );
    expect(await failure(api.spaces.updateSpaceById(found.space, { title: 'Defaced' }))).toBe(403);
    await site.admin.post(`${site.path}/unpublish`);
    expect(await failure(api.spaces.getSpaceById(found.space))).toBe(401);
  });

  it('of a share-link site, the key in the URL', async () => {
    const org = await createOrg(app);
    const site = await publishedSite(org, { visibility: 'share-link' });
    const { id } = (await site.admin.post(`${site.path}/share-links`, { name: 'Partners' })).body;
    const { key } = await app.prisma.shareLink.findUniqueOrThrow({ where: { id } });
    const { api, found } = await renderOnePage(`http://quire.test/published/sites/${site.siteId}/${key}/guide/install`, org.organizationId);
    expect(found.shareKey).toBe(key);
    await site.admin.patch(`${site.path}/share-links/${id}`, { active: false });
    expect(await failure(api.spaces.getSpaceById(found.space))).toBe(401);
  });
});
