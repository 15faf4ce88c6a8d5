// The REST page tree at any depth: GET …/content, …/content/pages,
// …/content/page/{pageId} and …/content/path/{pagePath}, of the space and of a
// change request, answer every page of a tree deeper than any fixed nesting of
// the operation (GraphQL Revision.allPages and Page.descendants, nested by the
// route), valid against the public and Quire's OpenAPI documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { insertPages } from '../support/content.js';
import { quireDocument } from '../support/quireOpenapi.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

const depth = 12;
/** l1, l1/l2, … l1/…/l12: one page per level. */
const chain = Array.from({ length: depth }, (_, i) => Array.from({ length: i + 1 }, (_, j) => `l${j + 1}`).join('/'));
/** Beside the chain: a subpage of the deepest page's parent and a second top-level page, to see the order kept. */
const paths = [...chain, `${chain[depth - 2]}/side`, 'top2'];

type Outline = [string, Outline[]];
/** The tree as [path, subpages] pairs: what a REST answer nests. */
const outlineOf = (pages: any[]): Outline[] => pages.map((p) => [p.path, outlineOf(p.pages)]);
/** The expected outline below `prefix` ('' for the top level), from the inserted paths. */
function expectedBelow(prefix: string): Outline[] {
  const children = paths.filter((p) => p.startsWith(prefix ? `${prefix}/` : '') && !p.slice(prefix ? prefix.length + 1 : 0).includes('/'));
  return children.map((p) => [p, expectedBelow(p)]);
}

async function deepSpace() {
  const space = await createSpace(app, org, { empty: true });
  const ids = await insertPages(
    app,
    space,
    paths.map((path) => ({ path, markdown: `# ${path}` })),
  );
  return { space, ids };
}

describe('REST page tree', () => {
  it('answers a tree 12 levels deep complete through every content route, space and change request', async () => {
    const { space, ids } = await deepSpace();
    const api = rest(app, org.admin.token);
    const cr = await api.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Deep' });
    expect(cr.status).toBe(201);
    const bases = [
      { url: `/v1/spaces/${space.id}/content`, spec: '/spaces/{spaceId}/content' },
      {
        url: `/v1/spaces/${space.id}/change-requests/${cr.body.id}/content`,
        spec: '/spaces/{spaceId}/change-requests/{changeRequestId}/content',
      },
    ];
    for (const base of bases) {
      for (const suffix of ['', '/pages']) {
        const res = await api.get(`${base.url}${suffix}`);
        expectOpenApi(res, 'get', `${base.spec}${suffix}`, 200);
        expect(outlineOf(res.body.pages)).toEqual(expectedBelow(''));
      }
      const byId = await api.get(`${base.url}/page/${ids[0]}`);
      expectOpenApi(byId, 'get', `${base.spec}/page/{pageId}`, 200);
      expect([byId.body.path, outlineOf(byId.body.pages)]).toEqual(['l1', expectedBelow('l1')]);
      const byPath = await api.get(`${base.url}/path/${encodeURIComponent(chain[2])}`);
      expectOpenApi(byPath, 'get', `${base.spec}/path/{pagePath}`, 200);
      expect(outlineOf(byPath.body.pages)).toEqual(expectedBelow(chain[2]));
    }
  });

  it('gives the deepest page its content and no parentId, as every other page', async () => {
    const { space } = await deepSpace();
    const res = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/content/pages`);
    let page = res.body.pages[0];
    for (let level = 1; level < depth; level++) page = page.pages[0];
    expect(page).toMatchObject({ path: chain[depth - 1], title: chain[depth - 1], pages: [] });
    expect(page.document.object).toBe('document');
    expect(JSON.stringify(res.body)).not.toContain('parentId');
  });

  it('lists Revision.allPages in tree order with parentId, and Page.descendants below a page', async () => {
    const { space, ids } = await deepSpace();
    const { data, errors } = await graphql(
      app,
      org.admin.token,
      `query ($id: ID!, $page: ID!) {
      space(id: $id) { content { allPages { id path parentId } page(id: $page) { descendants { path } } } }
    }`,
      { id: space.id, page: ids[depth - 2] },
    );
    expect(errors).toBeUndefined();
    const all = data.space.content.allPages;
    expect(all.map((p: any) => p.path)).toEqual([...chain.slice(0, depth - 1), chain[depth - 1], `${chain[depth - 2]}/side`, 'top2']);
    const idOf = new Map(all.map((p: any) => [p.path, p.id]));
    for (const p of all) expect(p.parentId).toBe(p.path.includes('/') ? idOf.get(p.path.split('/').slice(0, -1).join('/')) : null);
    expect(data.space.content.page.descendants.map((p: any) => p.path)).toEqual([chain[depth - 1], `${chain[depth - 2]}/side`]);
  });

  it("describes the tree in Quire's OpenAPI document as one recursive Page schema", () => {
    const schemas = quireDocument.components.schemas as Record<string, any>;
    const pageRef = { $ref: '#/components/schemas/Page' };
    expect(schemas.Page.properties.pages.items).toEqual(pageRef);
    expect(schemas.Page.properties.parentId).toBeUndefined();
    expect(schemas.Revision.properties.pages.items).toEqual(pageRef);
    const answer = (path: string) => (quireDocument.paths as any)[path].get.responses['200'].content['application/json'].schema;
    for (const base of ['/spaces/{spaceId}', '/spaces/{spaceId}/change-requests/{changeRequestId}']) {
      expect(answer(`${base}/content`)).toEqual({ $ref: '#/components/schemas/Revision' });
      expect(answer(`${base}/content/pages`).properties.pages.items).toEqual(pageRef);
      expect(answer(`${base}/content/page/{pageId}`)).toEqual(pageRef);
      expect(answer(`${base}/content/path/{pagePath}`)).toEqual(pageRef);
    }
  });
});
