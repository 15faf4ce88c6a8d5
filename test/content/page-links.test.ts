// Page link reports and backlinks (spec 4.15, 4.16): GET …/content/page/{pageId}/links,
// …/page/{pageId}/backlinks and …/files/{fileId}/backlinks, for the space's
// active revision and for a change request's; GraphQL Page.links, Page.backlinks,
// Revision.fileBacklinks. The public document has none of these operations
// (only `meta-links`, another one): answers are checked against its List and
// ContentRef components.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectSchema } from '../support/openapi.js';
import { uploadOk } from '../support/files.js';
import { insertPages } from '../support/content.js';
import { tokenWithScopes } from '../support/tokens.js';
import { indexPageReferences } from '../../src/domain/links/backlinks.js';
import { commitRevision, newPageNode, emptyContent, type PageNode } from '../../src/domain/revisions/index.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

const activeRevision = async (spaceId: string) => (await app.prisma.space.findUniqueOrThrow({ where: { id: spaceId } })).revisionId;

function expectList(body: any) {
  expectSchema(body, 'List');
  for (const item of body.items) {
    if (item.targetReference) {
      expectSchema(item.targetReference, 'ContentRef');
      for (const location of item.locationReferences) expectSchema(location, 'ContentRef');
    } else expectSchema(item, 'ContentRef');
  }
}

/** A space: guides/install links to setup (relative), intro, a file, another space, a URL and nowhere. */
async function spaceWithLinks() {
  const space = await createSpace(app, org, { empty: true });
  const other = await createSpace(app, org);
  // A file the revision holds (uploaded to the main content); fil_guide and fil_diagram were never uploaded.
  const held = (await uploadOk(app, org.admin.token, { spaceId: space.id, data: 'the manual', fileName: 'manual.txt', type: 'text/plain' }))
    .file.id;
  const [intro, install, setup, faq] = await insertPages(app, space, [
    { path: 'intro', markdown: 'See [install](guides/install.md). ![diagram](files/fil_diagram)' },
    {
      path: 'guides/install',
      markdown: [
        `[setup](setup) [home](../intro) [nowhere](missing.md) [guide](../files/fil_guide) [manual](../files/${held})`,
        `[other space](http://quire.test/app/s/${other.id}) [gone](http://quire.test/app/s/spc_gone) <https://example.com>`,
        '`[not a link](intro)` [anchor](#x)',
      ].join('\n'),
    },
    { path: 'guides/setup', markdown: 'Back to [install](./install) and [intro](/intro).' },
    { path: 'faq', markdown: 'Nothing links here; intro is mentioned in text only.' },
  ]);
  return { space, other, held, intro, install, setup, faq, revision: await activeRevision(space.id) };
}

describe('GET …/content/page/{pageId}/links', () => {
  it('reports the links of one page: pages, files, spaces, URLs, with status and stats', async () => {
    const s = await spaceWithLinks();
    const res = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/links`);
    expect(res.status).toBe(200);
    expectList(res.body);
    const where = { organization: org.organizationId, space: s.space.id, versionContext: { type: 'revision', revision: s.revision } };
    const at = [{ kind: 'page', ...where, page: s.install }];
    const byKey = Object.fromEntries(
      res.body.items.map((i: any) => [
        i.targetReference.page ?? i.targetReference.file ?? i.targetReference.url ?? i.targetReference.space,
        i,
      ]),
    );
    expect(byKey[s.setup]).toEqual({
      status: 'ok',
      relation: 'reference',
      targetReference: { kind: 'page', ...where, page: s.setup },
      locationReferences: at,
    });
    expect(byKey[s.intro].status).toBe('ok');
    expect(byKey['missing.md']).toMatchObject({ status: 'broken', targetReference: { kind: 'url', url: 'missing.md' } });
    expect(byKey[s.held]).toMatchObject({ status: 'ok', targetReference: { kind: 'file', ...where, file: s.held } });
    expect(byKey.fil_guide).toMatchObject({ status: 'broken', targetReference: { kind: 'file', ...where, file: 'fil_guide' } });
    expect(byKey[s.other.id]).toMatchObject({
      status: 'ok',
      targetReference: { kind: 'space', organization: org.organizationId, space: s.other.id },
    });
    expect(byKey.spc_gone).toMatchObject({ status: 'broken', targetReference: { kind: 'space', space: 'spc_gone' } });
    expect(byKey['https://example.com']).toMatchObject({ status: 'ok', targetReference: { kind: 'url' } });
    expect(res.body.items).toHaveLength(8); // code and anchors are not links
    expect(res.body).toMatchObject({ count: 8, stats: { total: 8, broken: { total: 3, changeRequest: 0 } } });

    const page = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/links?limit=3`);
    expect(page.body.items).toHaveLength(3);
    const next = await rest(app, org.admin.token).get(
      `/v1/spaces/${s.space.id}/content/page/${s.install}/links?limit=3&page=${encodeURIComponent(page.body.next.page)}`,
    );
    expect(next.body.items[0]).toEqual(res.body.items[3]);
  });

  it('answers 404 for an unknown page and 400 for a bad limit', async () => {
    const s = await spaceWithLinks();
    const unknown = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/pag_unknown/links`);
    expect(unknown.status).toBe(404);
    expectSchema(unknown.body, 'Error');
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.intro}/links?limit=0`)).status).toBe(400);
  });

  it("in a change request: its revision's links, and the broken ones its edits brought", async () => {
    const s = await spaceWithLinks();
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${s.space.id}/change-requests`, { subject: 'Links' });
    const base = `/v1/spaces/${s.space.id}/change-requests/${cr.body.id}`;
    const edit = await rest(app, org.admin.token).post(`${base}/content`, {
      changes: [
        { operation: 'update_page', page: s.install, document: { markdown: '[setup](setup) [new broken](nope) [nowhere](missing.md)' } },
      ],
    });
    expect(edit.status).toBe(200);
    const res = await rest(app, org.admin.token).get(`${base}/content/page/${s.install}/links`);
    expect(res.status).toBe(200);
    expectList(res.body);
    expect(res.body.stats).toEqual({ total: 3, broken: { total: 2, changeRequest: 2 } });
    expect(res.body.items[0].targetReference.versionContext).toEqual({ type: 'changeRequest', changeRequest: cr.body.id });
    // Unchanged pages bring no broken link of the change request's.
    const intro = await rest(app, org.admin.token).get(`${base}/content/page/${s.intro}/links`);
    expect(intro.body.stats.broken.changeRequest).toBe(0);
    // Main content is untouched.
    const main = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/links`);
    expect(main.body.stats.total).toBe(8);
  });
});

describe('backlinks', () => {
  it('GET …/page/{pageId}/backlinks: the pages linking to it, relative links resolved from their folder', async () => {
    const s = await spaceWithLinks();
    const list = async (page: string) => {
      const res = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${page}/backlinks`);
      expect(res.status).toBe(200);
      expectList(res.body);
      return res.body;
    };
    const location = (page: string) => ({
      kind: 'page',
      organization: org.organizationId,
      space: s.space.id,
      versionContext: { type: 'revision', revision: s.revision },
      page,
    });
    expect(await list(s.install)).toEqual({ count: 2, items: [location(s.intro), location(s.setup)] });
    expect((await list(s.intro)).items).toEqual([location(s.install), location(s.setup)]);
    expect((await list(s.setup)).items).toEqual([location(s.install)]);
    expect(await list(s.faq)).toEqual({ count: 0, items: [] });
    const paged = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/backlinks?limit=1`);
    expect(paged.body).toMatchObject({ count: 2, items: [location(s.intro)], next: { page: expect.any(String) } });
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/pag_unknown/backlinks`)).status).toBe(404);
  });

  it('GET …/files/{fileId}/backlinks: the pages that link to or show the file; 404 for a file the content does not hold', async () => {
    const s = await spaceWithLinks();
    const get = (file: string) => rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/files/${file}/backlinks`);
    const manual = await get(s.held);
    expect(manual.status).toBe(200);
    expectList(manual.body);
    expect(manual.body.items.map((i: any) => i.page)).toEqual([s.install]);
    // Like a page's backlinks: never uploaded (even if a page links to it), or unknown, is NOT_FOUND.
    for (const unknown of ['fil_diagram', 'fil_none']) {
      const res = await get(unknown);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 404, message: 'File not found' } });
    }
  });

  it('in a change request: its own pages; main content does not see them', async () => {
    const s = await spaceWithLinks();
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${s.space.id}/change-requests`, { subject: 'More links' });
    const base = `/v1/spaces/${s.space.id}/change-requests/${cr.body.id}`;
    const added = await rest(app, org.admin.token).post(`${base}/content`, {
      changes: [
        { operation: 'insert_page', title: 'News', slug: 'news', document: { markdown: `Read [the FAQ](faq) ![x](files/${s.held})` } },
      ],
    });
    const news =
      added.body.pages?.[0] ??
      (await rest(app, org.admin.token).get(`${base}/content/pages`)).body.pages.find((p: any) => p.slug === 'news').id;
    const inCr = await rest(app, org.admin.token).get(`${base}/content/page/${s.faq}/backlinks`);
    expect(inCr.status).toBe(200);
    expectList(inCr.body);
    expect(inCr.body.items).toEqual([
      {
        kind: 'page',
        organization: org.organizationId,
        space: s.space.id,
        versionContext: { type: 'changeRequest', changeRequest: cr.body.id },
        page: news,
      },
    ]);
    expect((await rest(app, org.admin.token).get(`${base}/content/files/${s.held}/backlinks`)).body.count).toBe(2);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.faq}/backlinks`)).body.count).toBe(0);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/files/${s.held}/backlinks`)).body.count).toBe(1);
  });

  it('finds versions stored before the index existed: the read parses them on the pool and stores them, once', async () => {
    const s = await spaceWithLinks();
    await app.prisma.pageVersion.updateMany({ where: { spaceId: s.space.id }, data: { referenceKeys: [], referencesIndexed: false } });
    const tasks = app.quire.compute.counts().parsePagesTask ?? 0;
    const read = await app.recordStatements(() =>
      rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/backlinks`),
    );
    expect(read.result.body.items.map((i: any) => i.page)).toEqual([s.intro, s.setup]);
    const writes = read.statements.filter((sql) => /\b(UPDATE|INSERT|DELETE)\b/.test(sql) && !sql.includes('"RateLimit"'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain('UPDATE "PageVersion"');
    expect(app.quire.compute.counts().parsePagesTask).toBe(tasks + 1);
    const again = await rest(app, org.admin.token).get(`/v1/spaces/${s.space.id}/content/page/${s.install}/backlinks`);
    expect(again.body.items.map((i: any) => i.page)).toEqual([s.intro, s.setup]);
    expect(app.quire.compute.counts().parsePagesTask).toBe(tasks + 1);
    const linking = await app.prisma.pageVersion.findMany({
      where: { spaceId: s.space.id, referenceKeys: { has: 'page:install' } },
      orderBy: { title: 'asc' },
    });
    expect(linking.map((v) => v.title)).toEqual(['guides/setup', 'intro']);
    expect(linking[1]).toMatchObject({ referencesIndexed: true, referenceKeys: ['page:install', 'file:fil_diagram'] });
    // Nothing left for the indexing job in this space (other test files share the database: scoped).
    expect(await indexPageReferences(app.prisma, 500, s.space.id)).toBe(0);
  });

  it('Page.backlinks and Page.links in GraphQL, batched: 20 pages cost the statements of 2', async () => {
    const space = await createSpace(app, org, { empty: true });
    const pages = Array.from({ length: 20 }, (_, i) => ({ path: `p${i}`, markdown: `[next](p${(i + 1) % 20}) [bad](x${i})` }));
    await insertPages(app, space, pages);
    const query = (first: number) =>
      `query($id: ID!) { space(id: $id) { content { pages { id links { totalCount stats { broken { total } } } backlinks(first: ${first}) { totalCount edges { node { page } } } } } } }`;
    const run = (first: number) => app.recordStatements(() => graphql(app, org.admin.token, query(first), { id: space.id }));
    const all = await run(20);
    expect(all.result.errors).toBeUndefined();
    const got = all.result.data.space.content.pages;
    expect(got).toHaveLength(20);
    expect(got[1]).toMatchObject({
      links: { totalCount: 2, stats: { broken: { total: 1 } } },
      backlinks: { totalCount: 1, edges: [{ node: { page: got[0].id } }] },
    });
    const small = await createSpace(app, org, { empty: true });
    await insertPages(
      app,
      small,
      pages.slice(0, 2).map((p, i) => ({ ...p, markdown: `[next](p${(i + 1) % 2}) [bad](x${i})` })),
    );
    const two = await app.recordStatements(() => graphql(app, org.admin.token, query(20), { id: small.id }));
    expect(two.result.data.space.content.pages).toHaveLength(2);
    expect(all.statements.length).toBe(two.statements.length);
  });
});

describe('authorization', () => {
  it('members who read the space read them; guests, other organizations and unknown spaces get 404; scopes 403; no token 401', async () => {
    const s = await spaceWithLinks();
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${s.space.id}/change-requests`, { subject: 'Auth' });
    const paths = [
      `/v1/spaces/${s.space.id}/content/page/${s.install}/links`,
      `/v1/spaces/${s.space.id}/content/page/${s.install}/backlinks`,
      `/v1/spaces/${s.space.id}/content/files/${s.held}/backlinks`,
      `/v1/spaces/${s.space.id}/change-requests/${cr.body.id}/content/page/${s.install}/links`,
      `/v1/spaces/${s.space.id}/change-requests/${cr.body.id}/content/page/${s.install}/backlinks`,
      `/v1/spaces/${s.space.id}/change-requests/${cr.body.id}/content/files/${s.held}/backlinks`,
    ];
    const reader = await addMember(app, org.organizationId, 'read');
    const guest = await addMember(app, org.organizationId, 'guest');
    const other = await createOrg(app);
    const scoped = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    for (const path of paths) {
      expect((await rest(app, reader.token).get(path)).status, path).toBe(200);
      for (const token of [guest.token, other.admin.token]) {
        const denied = await rest(app, token).get(path);
        expect(denied.status, path).toBe(404);
        expectSchema(denied.body, 'Error');
      }
      expect((await rest(app, org.admin.token).get(path.replace(s.space.id, 'spc_unknown'))).status).toBe(404);
      expect((await rest(app, scoped.token).get(path)).status, path).toBe(403);
      expect((await request(app, 'GET', path)).status, path).toBe(401);
    }
  });
});

describe('on 2,000 pages', () => {
  it('a backlink read looks up the index and reads the Markdown of the linking pages only (measured against scanning every page)', async () => {
    const space = await createSpace(app, org, { empty: true });
    const ref = { id: space.id, organizationId: org.organizationId };
    const now = new Date();
    // 40 sections of 49 pages (2,000 pages); each page links to the next one of its section.
    const body = (i: number) => `# Page ${i}\n\nSome text about this part of the guide.\n\nNext: [page](page-${i + 1}).\n`.repeat(3);
    const revision = await app.prisma.$transaction(
      async (tx) => {
        const sections: PageNode[] = [];
        for (let s = 0; s < 40; s++) {
          const section = await newPageNode(tx, ref, { ...emptyContent(`Section ${s}`), markdown: `# Section ${s}` }, `section-${s}`, now);
          for (let p = 0; p < 49; p++)
            section.children.push(
              await newPageNode(tx, ref, { ...emptyContent(`Page ${s}.${p}`), markdown: `${body(p)}\n${s}` }, `page-${p}`, now),
            );
          sections.push(section);
        }
        return commitRevision(tx, ref, { parents: [], pages: sections });
      },
      { timeout: 120_000 },
    );
    await app.prisma.space.update({ where: { id: space.id }, data: { revisionId: revision } });
    const idOf = async (path: string) =>
      (await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/path/${encodeURIComponent(path)}`)).body.id;
    const target = await idOf('section-7/page-20');
    const timed = async (path: string) => {
      const started = performance.now();
      const { result, statements } = await app.recordStatements(() => rest(app, org.admin.token).get(path));
      return { ms: Math.round(performance.now() - started), result, statements };
    };
    await timed(`/v1/spaces/${space.id}/content/page/${target}/backlinks`); // warm-up
    const indexed = await timed(`/v1/spaces/${space.id}/content/page/${target}/backlinks`);
    expect(indexed.result.status, JSON.stringify(indexed.result.body)).toBe(200);
    expect(indexed.result.body.items.map((i: any) => i.page)).toEqual([await idOf('section-7/page-19')]);
    // The whole-space link report reads every page's Markdown: what a scan for backlinks would cost.
    const scan = await timed(`/v1/spaces/${space.id}/links?limit=1`);
    expect(scan.result.status).toBe(200);
    console.log(
      `2,000 pages: backlinks through the index ${indexed.ms} ms, ${indexed.statements.length} statements; scanning every page's Markdown ${scan.ms} ms`,
    );
    // Reads of Markdown: the page itself, the versions not indexed yet (none) and the candidates holding `page:page-20` (one per section).
    const versionsRead = indexed.statements.filter((sql) => sql.includes('"PageVersion"') && sql.includes('"markdown"'));
    expect(versionsRead.length).toBeLessThanOrEqual(3);
    expect(indexed.ms).toBeLessThan(scan.ms);
  }, 240_000);
});
