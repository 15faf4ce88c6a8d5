// GET /spaces/{spaceId}/links: the link report over the pages of the active
// revision (spec 4.12 and section 2, "Link report"). The public document has no
// such operation: items are checked against its ContentRef and List components.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { graphql, request, rest } from '../support/http.js';
import { addMember, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { expectSchema } from '../support/openapi.js';
import { insertPages } from '../support/content.js';

let app: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  app = await startTestApp();
  org = await createOrg(app);
});
afterAll(() => app.close());

function expectReportShape(body: any) {
  expectSchema(body, 'List');
  for (const item of body.items) {
    expectSchema(item.targetReference, 'ContentRef');
    for (const location of item.locationReferences) expectSchema(location, 'ContentRef');
  }
}

describe('GET /spaces/{spaceId}/links', () => {
  it('requires authentication', async () => {
    const space = await createSpace(app, org);
    expect((await request(app, 'GET', `/v1/spaces/${space.id}/links`)).status).toBe(401);
  });

  it('reports every link of the active revision once per target, with its status and where it is used', async () => {
    const space = await createSpace(app, org, { empty: true });
    const [intro, install, setup] = await insertPages(app, space, [
      { path: 'intro', markdown: 'Start with [install](guides/install.md), or [setup](./guides/setup). ![logo](missing.png)' },
      {
        path: 'guides/install',
        markdown: [
          'Next: [setup](setup.md) then [back home](../intro).',
          'Broken: [nowhere](../nowhere.md) and [too far](../../../x).',
          'Outside: <https://example.com/docs> and [the app](http://quire.test/app/s/abc/page).',
          '[anchor](#usage) [mail](mailto:a@b.c)',
        ].join('\n'),
      },
      { path: 'guides/setup', markdown: 'Read [the intro](/intro) and [nowhere](../nowhere.md) again.' },
    ]);
    const res = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/links`);
    expect(res.status).toBe(200);
    expectReportShape(res.body);
    const { revisionId: revision } = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    const byTarget = Object.fromEntries(res.body.items.map((i: any) => [i.targetReference.page ?? i.targetReference.url, i]));
    const where = (...pages: string[]) =>
      pages.map((page) => ({
        kind: 'page',
        organization: org.organizationId,
        space: space.id,
        versionContext: { type: 'revision', revision },
        page,
      }));

    expect(byTarget[install]).toEqual({
      status: 'ok',
      relation: 'reference',
      targetReference: where(install)[0],
      locationReferences: where(intro),
    });
    // "./guides/setup" from the root and "setup.md" from guides/ are one target.
    expect(byTarget[setup].locationReferences).toEqual(where(intro, install));
    expect(byTarget[intro]).toMatchObject({ status: 'ok', locationReferences: where(install, setup) });
    expect(byTarget['../nowhere.md']).toEqual({
      status: 'broken',
      relation: 'reference',
      targetReference: { kind: 'url', url: '../nowhere.md' },
      locationReferences: where(install, setup),
    });
    expect(byTarget['../../../x'].status).toBe('broken');
    expect(byTarget['https://example.com/docs']).toMatchObject({
      status: 'ok',
      targetReference: { kind: 'url', url: 'https://example.com/docs' },
    });
    expect(byTarget['http://quire.test/app/s/abc/page'].status).toBe('in-app');
    // Images, anchors and e-mail addresses are not links to report.
    expect(byTarget['missing.png']).toBeUndefined();
    expect(byTarget['#usage']).toBeUndefined();
    expect(byTarget['mailto:a@b.c']).toBeUndefined();
    expect(res.body.items).toHaveLength(7);
    expect(res.body).toMatchObject({ count: 7, stats: { total: 7, broken: { total: 2, changeRequest: 0 } } });
  });

  it('pages through the report with limit and page', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'a', markdown: '[1](https://one.test) [2](https://two.test) [3](https://three.test)' }]);
    const first = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/links?limit=2`);
    expectReportShape(first.body);
    expect(first.body.items.map((i: any) => i.targetReference.url)).toEqual(['https://one.test', 'https://two.test']);
    expect(first.body.count).toBe(3);
    const second = await rest(app, org.admin.token).get(
      `/v1/spaces/${space.id}/links?limit=2&page=${encodeURIComponent(first.body.next.page)}`,
    );
    expect(second.body.items.map((i: any) => i.targetReference.url)).toEqual(['https://three.test']);
    expect(second.body.next).toBeUndefined();
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/links?limit=5000`)).status).toBe(400);
  });

  it('is empty for a space without links, and only reads the active revision', async () => {
    const space = await createSpace(app, org);
    // An older revision full of links is not the content of the space.
    const active = (await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId;
    await insertPages(app, space, [{ path: 'old', markdown: '[x](https://x.test) [y](y)' }]);
    await app.prisma.space.update({ where: { id: space.id }, data: { revisionId: active } });
    const res = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/links`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 0, items: [], stats: { total: 0, broken: { total: 0, changeRequest: 0 } } });
  });

  it('is readable by any member who sees the space; 404 for an unknown space, guests and other organizations', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'a', markdown: '[x](b)' }]);
    const reader = await addMember(app, org.organizationId, 'read');
    const guest = await addMember(app, org.organizationId, 'guest');
    const other = await createOrg(app);
    const res = await rest(app, reader.token).get(`/v1/spaces/${space.id}/links`);
    expect(res.status).toBe(200);
    expect(res.body.stats.broken.total).toBe(1);
    for (const [token, id] of [
      [org.admin.token, 'spc_unknown'],
      [guest.token, space.id],
      [other.admin.token, space.id],
    ]) {
      const denied = await rest(app, token).get(`/v1/spaces/${id}/links`);
      expect(denied.status).toBe(404);
      expectSchema(denied.body, 'Error');
    }
  });

  it('is the `links` connection of a space in GraphQL', async () => {
    const space = await createSpace(app, org, { empty: true });
    await insertPages(app, space, [{ path: 'a', markdown: '[b](b) [c](https://c.test)' }]);
    const res = await graphql(
      app,
      org.admin.token,
      'query($id: ID!) { space(id: $id) { links(first: 1) { totalCount stats { total broken { total } } edges { node { status targetReference { kind url } } } pageInfo { hasNextPage } } } }',
      { id: space.id },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.space.links).toEqual({
      totalCount: 2,
      stats: { total: 2, broken: { total: 1 } },
      edges: [{ node: { status: 'BROKEN', targetReference: { kind: 'url', url: 'b' } } }],
      pageInfo: { hasNextPage: true },
    });
  });
});
