// Revisions addressed by id over real HTTP: GET /spaces/{spaceId}/revisions/{revisionId}
// and its changes, pages, page (by id, by path), page document and meta links,
// plus the meta links of the space's and a change request's pages. Answers
// addressed by revision id are immutable (strong ETag, a year's Cache-Control,
// 304 on If-None-Match) and an old revision is still served after a merge.
import { describe, expect, it } from 'vitest';
import { useTestApp, useTestOrg } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { insertPages, publishOnSite } from '../support/content.js';
import { tokenWithScopes } from '../support/tokens.js';
import { pageTreeCache } from '../../src/domain/revisions/cache.js';

const app = useTestApp();
const org = useTestOrg(app);

const revisionOf = async (spaceId: string) => (await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).revisionId;
const base = (spaceId: string, revisionId: string) => `/v1/spaces/${spaceId}/revisions/${revisionId}`;
const spec = '/spaces/{spaceId}/revisions/{revisionId}';

async function spaceWithPages() {
  const space = await createSpace(app, org, { empty: true });
  const ids = await insertPages(app, space, [
    { path: 'guide', markdown: '# Guide\n\nHello.' },
    { path: 'guide/install', markdown: 'Install it.' },
    { path: 'guide/install/linux', markdown: 'On Linux.' },
    { path: 'faq', markdown: 'Questions.' },
  ]);
  return { space, ids, revisionId: await revisionOf(space.id) };
}

/** Opens a change request, writes `changes` into it and merges it; answers the merge revision. */
async function mergeChanges(spaceId: string, changes: unknown[]) {
  const api = rest(app, org.admin.token);
  const cr = await api.post(`/v1/spaces/${spaceId}/change-requests`, { subject: 'Edit' });
  expect(cr.status).toBe(201);
  expect((await api.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/content`, { changes })).status).toBe(200);
  const merged = await api.post(`/v1/spaces/${spaceId}/change-requests/${cr.body.id}/merge`);
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  return { changeRequestId: cr.body.id as string, revisionId: merged.body.revision as string };
}

describe('revisions by id', () => {
  it('answers the revision, its pages, a page by id and by nested path, and a page document, in the public shapes', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    const api = rest(app, org.admin.token);

    const revision = await api.get(base(space.id, revisionId));
    expectOpenApi(revision, 'get', spec, 200);
    expect(revision.body).toMatchObject({ object: 'revision', id: revisionId });
    expect(revision.body.pages.map((p: any) => p.path)).toEqual(['guide', 'faq']);
    expect(revision.body.pages[0].pages[0].pages[0].path).toBe('guide/install/linux');

    const pages = await api.get(`${base(space.id, revisionId)}/pages`);
    expectOpenApi(pages, 'get', `${spec}/pages`, 200);
    expect(pages.body.pages[0].pages[0].title).toBe('guide/install');

    const page = await api.get(`${base(space.id, revisionId)}/page/${ids[1]}`);
    expectOpenApi(page, 'get', `${spec}/page/{pageId}`, 200);
    expect(page.body).toMatchObject({ id: ids[1], path: 'guide/install', pages: [{ id: ids[2] }] });

    const byPath = await api.get(`${base(space.id, revisionId)}/path/${encodeURIComponent('guide/install/linux')}`);
    expectOpenApi(byPath, 'get', `${spec}/path/{pagePath}`, 200);
    expect(byPath.body.id).toBe(ids[2]);
    // The official client puts the path in the URL as it is: raw slashes find the same page.
    const raw = await api.get(`${base(space.id, revisionId)}/path/guide/install/linux`);
    expect(raw.status).toBe(200);
    expect(raw.body).toEqual(byPath.body);
    const markdown = await api.get(`${base(space.id, revisionId)}/path/${encodeURIComponent('guide/install')}?format=markdown`);
    expect(markdown.body.markdown).toContain('Install it.');
    expect(markdown.body.document).toBeUndefined();
    expect((await api.get(`${base(space.id, revisionId)}/path/${encodeURIComponent('guide/nope')}`)).status).toBe(404);

    const document = await api.get(`${base(space.id, revisionId)}/page/${ids[0]}/document`);
    expectOpenApi(document, 'get', `${spec}/page/{pageId}/document`, 200);
    expect(JSON.stringify(document.body)).toContain('Hello.');
    // evaluated and dereferenced are no-ops on Quire content: the same document, and bad values refused.
    for (const query of ['evaluated=true', 'evaluated=deterministic-only', 'dereferenced=true', 'dereferenced=reusable-contents']) {
      const res = await api.get(`${base(space.id, revisionId)}/page/${ids[0]}/document?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body).toEqual(document.body);
    }
    expect((await api.get(`${base(space.id, revisionId)}/page/${ids[0]}/document?evaluated=maybe`)).status).toBe(400);
    expect((await api.get(`${base(space.id, revisionId)}/page/${ids[0]}/document?dereferenced=all`)).status).toBe(400);
    expect((await api.get(`${base(space.id, revisionId)}/page/pag_missing/document`)).status).toBe(404);
  });

  it('keeps serving an old revision unchanged after a merge, and lists what the merge changed', async () => {
    const { space, ids, revisionId: before } = await spaceWithPages();
    const api = rest(app, org.admin.token);
    const old = await api.get(`${base(space.id, before)}/page/${ids[0]}`);
    const { changeRequestId, revisionId: after } = await mergeChanges(space.id, [
      { operation: 'update_page', page: ids[0], title: 'Guide 2', document: { markdown: 'Changed.' } },
      { operation: 'insert_page', title: 'New', document: { markdown: 'New page.' } },
    ]);
    expect(after).not.toBe(before);

    const again = await api.get(`${base(space.id, before)}/page/${ids[0]}`);
    expect(again.body).toEqual(old.body);
    expect(again.headers.get('etag')).toBe(old.headers.get('etag'));
    const current = await api.get(`${base(space.id, after)}/page/${ids[0]}`);
    expect(current.body.title).toBe('Guide 2');
    expect(current.headers.get('etag')).not.toBe(old.headers.get('etag'));

    const changes = await api.get(`${base(space.id, after)}/changes`);
    expect(changes.status).toBe(200);
    expect(changes.body.mergedFrom).toMatchObject({ id: changeRequestId });
    const kinds = changes.body.changes.map((c: any) => [c.type, c.page.title]);
    expect(kinds).toEqual(
      expect.arrayContaining([
        ['page_edited', 'Guide 2'],
        ['page_created', 'New'],
      ]),
    );
    const edited = changes.body.changes.find((c: any) => c.type === 'page_edited');
    expect(edited.attributes.title).toEqual({ before: 'guide', after: 'Guide 2' });
    expect(edited.attributes.document.before).not.toBe(edited.attributes.document.after);
    // The public document's page_edited `attributes` is a oneOf of three schemas every object matches: checked
    // against it without the edit (the rest of the answer, with the created page).
    const created = changes.body.changes.filter((c: any) => c.type !== 'page_edited');
    expectOpenApi({ status: 200, body: { ...changes.body, changes: created } }, 'get', `${spec}/changes`, 200);

    const limited = await api.get(`${base(space.id, after)}/changes?limit=1`);
    expect(limited.body.changes).toHaveLength(1);
    expect(limited.body.more).toBe(kinds.length - 1);
    expect((await api.get(`${base(space.id, after)}/changes?limit=0`)).status).toBe(400);

    const first = await api.get(`${base(space.id, before)}/changes`);
    expect(first.body.mergedFrom).toBeUndefined();
    expect(first.body.changes.map((c: any) => c.type)).toEqual(['page_created', 'page_created', 'page_created', 'page_created']);
  });

  it('answers moves as page_moved with the parents before and after', async () => {
    const { space, ids } = await spaceWithPages();
    const { revisionId } = await mergeChanges(space.id, [{ operation: 'update_page', page: ids[3], into: ids[0] }]);
    const changes = await rest(app, org.admin.token).get(`${base(space.id, revisionId)}/changes`);
    expectOpenApi(changes, 'get', `${spec}/changes`, 200);
    expect(changes.body.changes).toEqual([
      {
        type: 'page_moved',
        page: { id: ids[3], type: 'document', title: 'faq', path: 'guide/faq' },
        parent: { after: expect.objectContaining({ id: ids[0] }) },
      },
    ]);
  });

  it('carries a strong ETag and a long-lived private Cache-Control, and answers 304 to If-None-Match', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    for (const suffix of ['', '/pages', `/page/${ids[0]}`, `/path/guide`, `/page/${ids[0]}/document`, '/changes']) {
      const url = `${base(space.id, revisionId)}${suffix}`;
      const first = await request(app, 'GET', url, { token: org.admin.token });
      expect(first.status, url).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control'), url).toBe('private, max-age=31536000');
      const again = await request(app, 'GET', url, { token: org.admin.token, headers: { 'If-None-Match': etag } });
      expect(again.status, url).toBe(304);
      expect(again.headers.get('etag')).toBe(etag);
      const other = await request(app, 'GET', url, { token: org.admin.token, headers: { 'If-None-Match': '"other"' } });
      expect(other.status, url).toBe(200);
    }
  });

  it('marks the revisions of a public space public and immutable', async () => {
    const { space, revisionId } = await spaceWithPages();
    await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'public' } });
    const res = await rest(app, org.admin.token).get(base(space.id, revisionId));
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('serves repeated reads of a revision from the process cache', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    const api = rest(app, org.admin.token);
    await api.get(`${base(space.id, revisionId)}/pages`);
    const hits = pageTreeCache.hits;
    expect((await api.get(`${base(space.id, revisionId)}/page/${ids[2]}`)).body.path).toBe('guide/install/linux');
    expect((await api.get(`${base(space.id, revisionId)}/pages`)).status).toBe(200);
    expect(pageTreeCache.hits).toBeGreaterThanOrEqual(hits + 2);
  });

  it('answers 404 for a revision of another space, and to callers who may not read the space', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    const other = await spaceWithPages();
    const api = rest(app, org.admin.token);
    const urls = (spaceId: string, rev: string) => [
      base(spaceId, rev),
      `${base(spaceId, rev)}/changes`,
      `${base(spaceId, rev)}/pages`,
      `${base(spaceId, rev)}/page/${ids[0]}`,
      `${base(spaceId, rev)}/path/guide`,
      `${base(spaceId, rev)}/page/${ids[0]}/document`,
      `${base(spaceId, rev)}/page/${ids[0]}/meta-links`,
    ];
    for (const url of urls(other.space.id, revisionId)) expect((await api.get(url)).status, url).toBe(404);
    for (const url of urls(space.id, 'rev_missing')) expect((await api.get(url)).status, url).toBe(404);

    const stranger = await createOrg(app);
    for (const url of urls(space.id, revisionId)) expect((await rest(app, stranger.admin.token).get(url)).status, url).toBe(404);

    const reader = await addMember(app, org.organizationId, 'read');
    expect((await rest(app, reader.token).get(base(space.id, revisionId))).status).toBe(200);
    const scoped = await tokenWithScopes(app, reader.userId, ['organization:read']);
    for (const url of urls(space.id, revisionId)) expect((await rest(app, scoped.token).get(url)).status, url).toBe(403);
    const spaceReader = await tokenWithScopes(app, reader.userId, ['space:read']);
    expect((await rest(app, spaceReader.token).get(`${base(space.id, revisionId)}/page/${ids[0]}/document`)).status).toBe(200);
  });
});

describe('page meta links', () => {
  it('names the page on the published public sites of the space: the oldest canonical, the others alternates', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    const api = rest(app, org.admin.token);
    const links = (url: string) => api.get(url);
    const cr = await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Links' });
    const urls = [
      { url: `${base(space.id, revisionId)}/page/${ids[1]}/meta-links`, spec: `${spec}/page/{pageId}/meta-links` },
      { url: `/v1/spaces/${space.id}/content/page/${ids[1]}/meta-links`, spec: '/spaces/{spaceId}/content/page/{pageId}/meta-links' },
      {
        url: `/v1/spaces/${space.id}/change-requests/${cr.body.id}/content/page/${ids[1]}/meta-links`,
        spec: '/spaces/{spaceId}/change-requests/{changeRequestId}/content/page/{pageId}/meta-links',
      },
    ];
    for (const { url, spec: path } of urls) {
      const none = await links(url);
      expectOpenApi(none, 'get', path, 200);
      expect(none.body).toEqual({ alternates: [] });
    }

    const first = await publishOnSite(app, space);
    await app.prisma.site.update({
      where: { id: first },
      data: { published: true, hostname: `docs-${first.slice(-8).toLowerCase()}.example.com` },
    });
    const second = await publishOnSite(app, space);
    await app.prisma.site.update({ where: { id: second }, data: { published: true } });
    // Neither unpublished nor share-link sites are named.
    const unpublished = await publishOnSite(app, space);
    const shared = await publishOnSite(app, space);
    await app.prisma.site.update({ where: { id: shared }, data: { published: true, visibility: 'share-link' } });

    for (const { url, spec: path } of urls) {
      const res = await links(url);
      expectOpenApi(res, 'get', path, 200);
      expect(res.body).toEqual({
        canonical: { kind: 'url', url: `https://docs-${first.slice(-8).toLowerCase()}.example.com/docs/guide/install` },
        alternates: [
          { kind: 'url', url: expect.stringMatching(new RegExp(`^https?://[^/]+/published/sites/${second}/docs/guide/install$`)) },
        ],
      });
      expect(JSON.stringify(res.body)).not.toContain(unpublished);
      expect(JSON.stringify(res.body)).not.toContain(shared);
    }
    expect((await links(`/v1/spaces/${space.id}/content/page/pag_missing/meta-links`)).status).toBe(404);
  });
});

describe('revisions by id in GraphQL', () => {
  it('reads a revision, a page by path, its document with evaluated and dereferenced, its changes and meta links', async () => {
    const { space, ids, revisionId } = await spaceWithPages();
    const res = await graphql(
      app,
      org.admin.token,
      `query ($space: ID!, $rev: ID!) {
        space(id: $space) {
          revisionById(id: $rev) {
            id
            pages { id }
            page(path: "guide/install") {
              id
              document(evaluated: evaluated, dereferenced: dereferenced)
              metaLinks { canonical { url } alternates { url } }
            }
            changes(limit: 2) { changes { type page { id } } more }
          }
        }
      }`,
      { space: space.id, rev: revisionId },
    );
    expect(res.errors).toBeUndefined();
    const revision = res.data.space.revisionById;
    expect(revision.pages.map((p: any) => p.id)).toEqual([ids[0], ids[3]]);
    expect(revision.page.id).toBe(ids[1]);
    expect(JSON.stringify(revision.page.document)).toContain('Install it.');
    expect(revision.page.metaLinks).toEqual({ canonical: null, alternates: [] });
    expect(revision.changes).toEqual({
      changes: [
        { type: 'page_created', page: { id: ids[0] } },
        { type: 'page_created', page: { id: ids[1] } },
      ],
      more: 2,
    });
  });
});
