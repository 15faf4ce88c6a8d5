// Page Markdown is parsed once, when its version is first stored (issue #26):
// the document is stored with the version and reads serve it without parsing;
// versions stored without one are parsed by the indexing job or the first read,
// on the pool, and stored; a stored document nested past the limits is served
// as a short notice instead of crashing serialisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { insertPages } from '../support/content.js';
import { expectSchema } from '../support/openapi.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { markdownSections, markdownToDocument } from '../../src/domain/content/markdown/index.js';
import { indexPageReferences } from '../../src/domain/links/backlinks.js';
import { followMainLines } from '../../src/domain/revisions/index.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

const MARKDOWN = '# Install\n\nRun **this**, then read [the guide](guide) and ![x](files/fil_pic).\n\n- one\n- two\n';
/** Large enough to go to the pool (the inline bound is 16 KB). */
const LARGE = Array.from({ length: 400 }, (_, i) => `Paragraph ${i} with *emphasis* and a [link](page-${i}).`).join('\n\n');

const parses = () => app.quire.compute.counts().parsePagesTask ?? 0;
const conversions = () => (app.quire.compute.counts().markdownToDocumentTask ?? 0) + parses();

/** A page written through the API (a change request, merged): answers the space and the page id. */
async function writtenPage(markdown: string) {
  const space = await createSpace(app, org, { empty: true });
  const api = rest(app, org.admin.token);
  const cr = await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Write' });
  const base = `/v1/spaces/${space.id}/change-requests/${cr.body.id}`;
  const added = await api.post(`${base}/content`, {
    changes: [{ operation: 'insert_page', title: 'Page', slug: 'page', document: { markdown } }],
  });
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300);
  const merged = await api.post(`${base}/merge`, {});
  expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  const pages = (await api.get(`/v1/spaces/${space.id}/content/pages`)).body.pages;
  return { space, page: pages.find((p: any) => p.slug === 'page').id as string };
}

const readDocument = async (spaceId: string, page: string) => {
  const res = await rest(app, org.admin.token).get(`/v1/spaces/${spaceId}/content/page/${page}?format=document`);
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body.document;
};

const versionsOf = (spaceId: string) => app.prisma.pageVersion.findMany({ where: { spaceId, title: { not: '' } } });

describe('a page written through the API', () => {
  it('has its document stored with its version, the one reads answer', async () => {
    const { space, page } = await writtenPage(MARKDOWN);
    const [row] = (await versionsOf(space.id)).filter((v) => v.markdown === MARKDOWN);
    expect(row!.document).toEqual(markdownToDocument(MARKDOWN));
    expect(row!.referencesIndexed).toBe(true);
    // The same bytes as the conversion answers (the column keeps key order).
    expect(JSON.stringify(row!.document)).toBe(JSON.stringify(markdownToDocument(MARKDOWN)));
    expect(row!.referenceKeys.sort()).toEqual(['file:fil_pic', 'page:guide']);
    expect(row!.sections).toEqual(markdownSections(MARKDOWN));
    const document = await readDocument(space.id, page);
    expect(document).toEqual(markdownToDocument(MARKDOWN));
    expect(JSON.stringify(document)).toBe(JSON.stringify(markdownToDocument(MARKDOWN)));
    expectSchema(document, 'JSONDocument');
  });

  it('is parsed on the pool at write when large, and never again by reads', async () => {
    const before = parses();
    const { space, page } = await writtenPage(LARGE);
    expect(parses()).toBe(before + 1);
    const read = conversions();
    // Reads serve the stored tree: changing the Markdown column behind their back does not change it.
    await app.prisma.pageVersion.updateMany({ where: { spaceId: space.id, markdown: LARGE }, data: { markdown: 'corrupted' } });
    expect(await readDocument(space.id, page)).toEqual(markdownToDocument(LARGE));
    const viaGraphql = await graphql(app, org.admin.token, `query($id: ID!) { space(id: $id) { content { pages { document } } } }`, {
      id: space.id,
    });
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.space.content.pages[0].document).toEqual(markdownToDocument(LARGE));
    expect(conversions()).toBe(read);
  });
});

describe('versions stored without a document', () => {
  it('are parsed by the indexing job and then served from the store', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'legacy', markdown: LARGE }]);
    await app.prisma.pageVersion.updateMany({ where: { spaceId: space.id }, data: { document: Prisma.DbNull, referencesIndexed: true } });
    expect(await indexPageReferences(app.prisma, 500, space.id)).toBe(1);
    const [row] = (await versionsOf(space.id)).filter((v) => v.markdown === LARGE);
    expect(row!.document).toEqual(markdownToDocument(LARGE));
    expect(row!.sections).toEqual(markdownSections(LARGE));
    expect(await indexPageReferences(app.prisma, 500, space.id)).toBe(0);
    const before = conversions();
    expect(await readDocument(space.id, page!)).toEqual(markdownToDocument(LARGE));
    expect(conversions()).toBe(before);
  });

  it('are parsed on the pool by the first read, stored, and not parsed by the next', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'legacy', markdown: MARKDOWN }]);
    await app.prisma.pageVersion.updateMany({ where: { spaceId: space.id }, data: { document: Prisma.DbNull } });
    const before = parses();
    expect(await readDocument(space.id, page!)).toEqual(markdownToDocument(MARKDOWN));
    // Small as it is, a legacy version is parsed on the pool, not on the request's event loop.
    expect(parses()).toBe(before + 1);
    const [row] = (await versionsOf(space.id)).filter((v) => v.markdown === MARKDOWN);
    expect(row!.document).toEqual(markdownToDocument(MARKDOWN));
    expect(await readDocument(space.id, page!)).toEqual(markdownToDocument(MARKDOWN));
    expect(parses()).toBe(before + 1);
  });
});

describe('page document depth', () => {
  it('a page as deep as the Markdown limits allow is served whole', async () => {
    const nested = Array.from({ length: 16 }, (_, i) => `${'  '.repeat(i)}- **[item](x)**`).join('\n');
    const { space, page } = await writtenPage(nested);
    expect(await readDocument(space.id, page)).toEqual(markdownToDocument(nested));
  });

  it('a stored document deeper than that is answered as a notice in REST and GraphQL, not a crash', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [page] = await insertPages(app, space, [{ path: 'deep', markdown: 'deep' }]);
    let deep = '{"object":"text","leaves":[]}';
    for (let i = 0; i < 3000; i++) deep = `{"object":"block","type":"blockquote","isVoid":false,"data":{},"nodes":[${deep}]}`;
    const document = `{"object":"document","data":{},"nodes":[${deep}]}`;
    await app.prisma
      .$executeRaw`UPDATE "PageVersion" SET "document" = ${document}::json, "referencesIndexed" = true WHERE "spaceId" = ${space.id} AND markdown = 'deep'`;
    const served = await readDocument(space.id, page!);
    expectSchema(served, 'JSONDocument');
    expect(served.nodes[0].nodes[0].leaves[0].text).toMatch(
      /^This content nests more than 88 levels deep, past the document limits: read it as Markdown\.$/,
    );
    for (const path of [`/v1/spaces/${space.id}/content`, `/v1/spaces/${space.id}/content/pages`]) {
      expect((await rest(app, org.admin.token).get(path)).status).toBe(200);
    }
    const viaGraphql = await graphql(
      app,
      org.admin.token,
      `query($id: ID!) { space(id: $id) { content { pages { document markdown } } } }`,
      { id: space.id },
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.space.content.pages[0].document).toEqual(served);
  });
});

describe('other readers of page Markdown', () => {
  it('search indexes the sections stored with the version, parsing none at search time', async () => {
    const { space } = await writtenPage(`# Zanzibar\n\n${LARGE}`);
    await app.prisma.pageVersion.updateMany({
      where: { spaceId: space.id, markdown: { startsWith: '# Zanzibar' } },
      data: { markdown: 'corrupted' },
    });
    const before = parses();
    const found = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=zanzibar`);
    expect(found.status).toBe(200);
    expect(found.body.items.length).toBeGreaterThan(0);
    expect(parses()).toBe(before);
  });

  it("search parses a space's versions stored without sections on the pool before its index transaction", async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'legacy', markdown: '# Quokka\n\nA small marsupial.' }]);
    await app.prisma.pageVersion.updateMany({ where: { spaceId: space.id }, data: { document: Prisma.DbNull, sections: Prisma.DbNull } });
    const before = parses();
    const found = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=quokka`);
    expect(found.body.items.length).toBeGreaterThan(0);
    expect(parses()).toBe(before + 1);
    const [row] = (await versionsOf(space.id)).filter((v) => v.title === 'legacy');
    expect(row!.sections).toEqual(markdownSections('# Quokka\n\nA small marsupial.'));
  });

  it('a link report of large pages reads their references on the pool', async () => {
    const { space, page } = await writtenPage(LARGE);
    const before = app.quire.compute.counts().markdownReferencesTask ?? 0;
    const res = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/page/${page}/links`);
    expect(res.status).toBe(200);
    expect(res.body.count ?? res.body.items.length).toBeGreaterThan(0);
    expect(app.quire.compute.counts().markdownReferencesTask).toBe(before + 1);
  });
});

describe('a merge', () => {
  it('stores its merged texts unparsed; the follow-main-line job parses them on the pool', async () => {
    const base = 'First line.\n\nSecond line.\n\nThird line.\n\nFourth line.\n\nFifth line.\n';
    const { space, page } = await writtenPage(base);
    const api = rest(app, org.admin.token);
    const edit = async (markdown: string) => {
      const cr = await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' });
      const at = `/v1/spaces/${space.id}/change-requests/${cr.body.id}`;
      expect(
        (await api.post(`${at}/content`, { changes: [{ operation: 'update_page', page, document: { markdown } }] })).status,
      ).toBeLessThan(300);
      return at;
    };
    const one = await edit(base.replace('First', 'Changed first'));
    const two = await edit(base.replace('Fifth', 'Changed fifth'));
    expect((await api.post(`${one}/merge`, {})).status).toBe(200);
    const merged = await api.post(`${two}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const both = base.replace('First', 'Changed first').replace('Fifth', 'Changed fifth');
    const row = async () => (await versionsOf(space.id)).find((v) => v.markdown === both)!;
    expect((await row()).document).toBeNull();
    const before = parses();
    await followMainLines(app.prisma, 50, app.quire.compute);
    expect(parses()).toBeGreaterThan(before);
    expect((await row()).document).toEqual(markdownToDocument(both));
    expect((await row()).sections).toEqual(markdownSections(both));
    const read = conversions();
    expect(await readDocument(space.id, page)).toEqual(markdownToDocument(both));
    expect(conversions()).toBe(read);
  });
});
