// Full-text search (spec 4.16 GET /spaces/{spaceId}/search, 4.13 GET
// /orgs/{organizationId}/search): ranking (titles above text), per-section
// results, an index that follows merges (through the outbox job or the next search) and any other move of the active
// revision, incremental re-indexing, access filtering, errors, batching.
import { describe, expect, it } from 'vitest';
import { startIsolatedTestApp, useTestApp, useTestOrg } from '../support/app.js';
import { graphql, rest } from '../support/http.js';
import { addMember, createOrg, createSpace } from '../support/factories.js';
import { expectOpenApi } from '../support/openapi.js';
import { tokenWithScopes } from '../support/tokens.js';
import { insertPages } from '../support/content.js';
import { refreshSearchIndexes } from '../../src/domain/search/indexer.js';
import { searchCatchUpJob } from '../../src/jobs/definitions.js';

const app = useTestApp();
const org = useTestOrg(app);

const spaceSearch = (spaceId: string, query: string, token = org.admin.token, on = app) =>
  rest(on, token).get(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`);
const orgSearch = (organizationId: string, query: string, token = org.admin.token) =>
  rest(app, token).get(`/v1/orgs/${organizationId}/search?query=${encodeURIComponent(query)}`);

async function spaceWithPages(pages: { path: string; title?: string; markdown?: string }[], fixture = org, on = app) {
  const space = await createSpace(on, fixture, { empty: true, title: 'Handbook' });
  const ids = await insertPages(on, space, pages);
  return { space, ids };
}

const GUIDE = `Intro text about the handbook.

## Installing

Run the installer with zebras enabled.

## Configuring

Edit the settings file; zebras are optional here too.
`;

describe('space search', () => {
  it('ranks a title match above a body match, answers per section, in the public shapes', async () => {
    const {
      space,
      ids: [guide, zebra, nested],
    } = await spaceWithPages([
      { path: 'guide', title: 'Guide', markdown: GUIDE },
      { path: 'zebras', title: 'Zebras', markdown: 'All about stripes.' },
      { path: 'zebras/care', title: 'Care', markdown: 'Feeding a zebra every day.' },
    ]);
    const res = await spaceSearch(space.id, 'zebras');
    expect(res.status).toBe(200);
    expectOpenApi(res, 'get', '/spaces/{spaceId}/search', 200);
    expect(res.body.count).toBe(3);
    const [first, second, third] = res.body.items;
    expect(first).toMatchObject({
      id: zebra,
      title: 'Zebras',
      path: 'zebras',
      rank: 1,
      resultType: 'page',
      ancestors: [],
      description: '',
    });
    expect(first.urls.app).toMatch(new RegExp(`/s/${space.id}/zebras$`));
    expect(first.score).toBeGreaterThan(second.score);
    // Body matches: the guide's two sections, best first, each with its anchor; the nested page names its ancestor.
    const rest2 = [second, third];
    const guideHit = rest2.find((p) => p.id === guide);
    expect(guideHit).toMatchObject({ rank: expect.any(Number), resultType: 'section' });
    expect(guideHit.sections.map((s: any) => s.title).sort()).toEqual(['Configuring', 'Installing']);
    const installing = guideHit.sections.find((s: any) => s.title === 'Installing');
    expect(installing).toMatchObject({ id: `${guide}#installing`, path: 'guide#installing', resultType: 'section' });
    expect(installing.body).toContain('zebras enabled');
    expect(installing.urls.app).toMatch(/\/guide#installing$/);
    expect(rest2.find((p) => p.id === nested)).toMatchObject({ path: 'zebras/care', ancestors: [{ title: 'Zebras' }] });
    expect(res.body.items.map((i: any) => i.rank)).toEqual([1, 2, 3]);
  });

  it('pages with page/limit, keeping the global rank', async () => {
    const { space } = await spaceWithPages(
      Array.from({ length: 5 }, (_, i) => ({ path: `p${i}`, title: `Page ${i}`, markdown: `apple `.repeat(i + 1) })),
    );
    const first = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=apple&limit=2`);
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    expect(first.body.items.map((i: any) => i.rank)).toEqual([1, 2]);
    const second = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=apple&limit=2&page=${first.body.next.page}`);
    expectOpenApi(second, 'get', '/spaces/{spaceId}/search', 200);
    expect(second.body.items.map((i: any) => i.rank)).toEqual([3, 4]);
    const ids = [...first.body.items, ...second.body.items].map((i: any) => i.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('follows a change-request merge: old text gone, new text found, unchanged pages not indexed again', async () => {
    // On a database of its own: in the shared one, another file's worker sweeps every space's
    // main-line moves each minute and may catch this space up before its next search does.
    const isolated = await startIsolatedTestApp();
    try {
      const owner = await createOrg(isolated);
      const {
        space,
        ids: [a],
      } = await spaceWithPages(
        [
          { path: 'a', title: 'Alpha', markdown: 'The walrus sleeps.' },
          { path: 'b', title: 'Beta', markdown: 'Other text.' },
        ],
        owner,
        isolated,
      );
      const search = (query: string) => spaceSearch(space.id, query, owner.admin.token, isolated);
      expect((await search('walrus')).body.count).toBe(1);
      const unchanged = await isolated.prisma.searchSection.findFirstOrThrow({ where: { spaceId: space.id, page: { title: 'Beta' } } });
      const cr = await rest(isolated, owner.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Edit' });
      const write = await rest(isolated, owner.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content`, {
        changes: [{ operation: 'update_page', page: a, document: { markdown: 'The narwhal swims.' } }],
      });
      expect(write.status).toBe(200);
      // Not merged yet: the change request's text is not in the space's search.
      expect((await search('narwhal')).body.count).toBe(0);
      const { result, statements } = await isolated.recordStatements(() =>
        rest(isolated, owner.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/merge`),
      );
      expect(result.body.result).toBe('merge');
      // The merge leaves the index to the outbox job (or the next search): no section written in its transaction.
      expect(statements.filter((sql) => sql.includes('INSERT INTO "SearchSection"'))).toEqual([]);
      // The next search catches the space up first: one page's sections written.
      const { result: gone, statements: caughtUp } = await isolated.recordStatements(() => search('walrus'));
      expect(caughtUp.filter((sql) => sql.includes('INSERT INTO "SearchSection"'))).toHaveLength(1);
      expect((await isolated.prisma.searchIndexState.findUniqueOrThrow({ where: { spaceId: space.id } })).revisionId).toBe(
        result.body.revision,
      );
      expect(gone.body.count).toBe(0);
      const found = await search('narwhal');
      expect(found.body.items.map((i: any) => i.id)).toEqual([a]);
      // Beta's row is the one written before the merge (content-addressed: same version, not re-indexed).
      const after = await isolated.prisma.searchSection.findFirstOrThrow({ where: { spaceId: space.id, page: { title: 'Beta' } } });
      expect(after).toEqual(unchanged);
    } finally {
      await isolated.close();
    }
  });

  it('catches up on read after any other move of the active revision', async () => {
    const { space } = await spaceWithPages([{ path: 'x', title: 'Xylophone', markdown: 'music' }]);
    expect((await spaceSearch(space.id, 'xylophone')).body.count).toBe(1);
    // A write path that does not sync the index (here the test helper) is caught up by the next search.
    await insertPages(app, space, [{ path: 'x/y', title: 'Yak', markdown: 'xylophone player' }]);
    const res = await spaceSearch(space.id, 'xylophone');
    expect(res.body.items.map((i: any) => i.title)).toEqual(['Xylophone', 'Yak']);
    expect(res.body.items[1].ancestors).toEqual([{ title: 'Xylophone' }]);
  });

  it('moves pages (and their subpages) without re-parsing them', async () => {
    const {
      space,
      ids: [a, b],
    } = await spaceWithPages([
      { path: 'a', title: 'Anchor' },
      { path: 'b', title: 'Bison' },
      { path: 'b/c', title: 'Calf bison' },
    ]);
    expect((await spaceSearch(space.id, 'bison')).body.count).toBe(2);
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Move' });
    await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content`, {
      changes: [{ operation: 'update_page', page: b, into: a }],
    });
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/merge`)).body.result).toBe('merge');
    const { result: res, statements } = await app.recordStatements(() => spaceSearch(space.id, 'bison'));
    expect(statements.filter((sql) => sql.includes('INSERT INTO "SearchSection"'))).toEqual([]);
    expect(res.body.items.map((i: any) => [i.path, i.ancestors.map((x: any) => x.title)])).toEqual([
      ['a/b', ['Anchor']],
      ['a/b/c', ['Anchor', 'Bison']],
    ]);
  });

  it('is caught up by the job for spaces nobody searched', async () => {
    // The job catches up every space of its database: on one of its own it meets only this test's
    // (in the shared one it would index every file's spaces, and take their time).
    const isolated = await startIsolatedTestApp();
    try {
      const owner = await createOrg(isolated);
      const { space } = await spaceWithPages([{ path: 'g', title: 'Gnu', markdown: '# Herd\n\nMany gnus.' }], owner, isolated);
      // Created indexed (empty), then given pages by a path that does not sync the index: it lags.
      const lagging = await isolated.prisma.searchIndexState.findUniqueOrThrow({ where: { spaceId: space.id } });
      expect(lagging.revisionId).not.toBe((await isolated.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).revisionId);
      await searchCatchUpJob.run({ prisma: isolated.prisma, logger: { info: () => {} } } as never, {} as never);
      const { revisionId } = await isolated.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
      expect(await isolated.prisma.searchIndexState.findUniqueOrThrow({ where: { spaceId: space.id } })).toMatchObject({
        revisionId,
        organizationId: owner.organizationId,
      });
      expect(
        await isolated.prisma.searchSection.findMany({ where: { spaceId: space.id }, select: { anchor: true, heading: true, body: true } }),
      ).toEqual([{ anchor: 'herd', heading: 'Herd', body: 'Many gnus.' }]);
    } finally {
      await isolated.close();
    }
  });

  it('leaves noIndex pages out, and answers nothing for stop words only', async () => {
    const {
      space,
      ids: [hidden],
    } = await spaceWithPages([
      { path: 'h', title: 'Hidden quokka' },
      { path: 'v', title: 'Visible quokka' },
    ]);
    const cr = await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests`, { subject: 'Hide' });
    await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/content`, {
      changes: [{ operation: 'update_page', page: hidden, noIndex: true }],
    });
    expect((await rest(app, org.admin.token).post(`/v1/spaces/${space.id}/change-requests/${cr.body.id}/merge`)).body.result).toBe('merge');
    expect((await spaceSearch(space.id, 'quokka')).body.items.map((i: any) => i.title)).toEqual(['Visible quokka']);
    const stop = await spaceSearch(space.id, 'the');
    expect(stop.status).toBe(200);
    expect(stop.body).toMatchObject({ count: 0, items: [] });
  });

  it('validates the query (400), hides other organizations (404), refuses scoped tokens (403) and anonymous calls (401)', async () => {
    const { space } = await spaceWithPages([{ path: 'a', title: 'A' }]);
    const missing = await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search`);
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/query/);
    const empty = await spaceSearch(space.id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/query/);
    expect((await spaceSearch(space.id, 'x'.repeat(513))).status).toBe(400);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=a&limit=0`)).status).toBe(400);
    expect((await rest(app, org.admin.token).get(`/v1/spaces/${space.id}/search?query=a&page=nonsense`)).status).toBe(400);
    const stranger = await createOrg(app);
    expect((await spaceSearch(space.id, 'a', stranger.admin.token)).status).toBe(404);
    const { token: scoped } = await tokenWithScopes(app, org.admin.userId, ['organization:read']);
    expect((await spaceSearch(space.id, 'a', scoped)).status).toBe(403);
    expect((await spaceSearch(space.id, 'a', (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token)).status).toBe(200);
    expect((await rest(app).get(`/v1/spaces/${space.id}/search?query=a`)).status).toBe(401);
  });
});

describe('organization search', () => {
  it('ranks across spaces, groups by space, and shows only spaces the caller may see', async () => {
    const fixture = await createOrg(app);
    const open = await spaceWithPages(
      [
        { path: 'o', title: 'Okapi facts', markdown: 'okapi' },
        { path: 'p', title: 'Plain', markdown: 'an okapi appears' },
      ],
      fixture,
    );
    const closed = await spaceWithPages([{ path: 's', title: 'Secret okapi', markdown: 'okapi okapi' }], fixture);
    // No access by default to the closed space: members without a grant do not see it.
    expect((await rest(app, fixture.admin.token).patch(`/v1/spaces/${closed.space.id}`, { defaultLevel: null })).status).toBe(200);
    const member = await addMember(app, fixture.organizationId, 'read');
    expect((await spaceSearch(closed.space.id, 'okapi', member.token)).status).toBe(404);

    const asAdmin = await orgSearch(fixture.organizationId, 'okapi', fixture.admin.token);
    expect(asAdmin.status).toBe(200);
    expectOpenApi(asAdmin, 'get', '/orgs/{organizationId}/search', 200);
    expect(asAdmin.body.count).toBe(2);
    expect(asAdmin.body.items.map((s: any) => s.id).sort()).toEqual([open.space.id, closed.space.id].sort());
    const ranks = asAdmin.body.items.flatMap((s: any) => s.pages.map((p: any) => p.rank)).sort();
    expect(ranks).toEqual([1, 2, 3]);
    expect(asAdmin.body.items[0]).toMatchObject({ type: 'space', title: 'Handbook', score: expect.any(Number) });

    const asMember = await orgSearch(fixture.organizationId, 'okapi', member.token);
    expectOpenApi(asMember, 'get', '/orgs/{organizationId}/search', 200);
    expect(asMember.body.count).toBe(1);
    expect(asMember.body.items).toHaveLength(1);
    expect(asMember.body.items[0]).toMatchObject({ id: open.space.id });
    expect(asMember.body.items[0].pages.map((p: any) => p.title)).toEqual(['Okapi facts', 'Plain']);
    expect(JSON.stringify(asMember.body)).not.toContain('Secret');

    // A deleted space leaves the organization search.
    expect((await rest(app, fixture.admin.token).delete(`/v1/spaces/${open.space.id}`)).status).toBe(205);
    expect((await orgSearch(fixture.organizationId, 'okapi', member.token)).body.count).toBe(0);
  });

  it('validates the query (400), hides other organizations (404), refuses scoped tokens (403) and anonymous calls (401)', async () => {
    expect((await rest(app, org.admin.token).get(`/v1/orgs/${org.organizationId}/search`)).status).toBe(400);
    expect((await orgSearch(org.organizationId, '')).status).toBe(400);
    const stranger = await createOrg(app);
    expect((await orgSearch(org.organizationId, 'a', stranger.admin.token)).status).toBe(404);
    expect((await orgSearch(org.organizationId, 'a', (await tokenWithScopes(app, org.admin.userId, ['space:read'])).token)).status).toBe(
      403,
    );
    expect(
      (await orgSearch(org.organizationId, 'a', (await tokenWithScopes(app, org.admin.userId, ['organization:search'])).token)).status,
    ).toBe(200);
    expect((await rest(app).get(`/v1/orgs/${org.organizationId}/search?query=a`)).status).toBe(401);
  });
});

describe('GraphQL', () => {
  const QUERY = `query($org: ID!, $q: String!) {
    organization(id: $org) {
      spaces(first: 50) { edges { node { id search(query: $q, first: 5) { totalCount edges { node { id title rank sections { id title } } } } } } }
      search(query: $q) { totalCount edges { node { id pages { id rank } } } }
    }
  }`;

  async function statementsFor(spaces: number) {
    const fixture = await createOrg(app);
    const spaceIds: string[] = [];
    for (let i = 0; i < spaces; i++)
      spaceIds.push((await spaceWithPages([{ path: 'a', title: 'Lemur', markdown: 'lemur' }], fixture)).space.id);
    await refreshSearchIndexes(app.prisma, spaceIds);
    const { result, statements } = await app.recordStatements(() =>
      graphql(app, fixture.admin.token, QUERY, { org: fixture.organizationId, q: 'lemur' }),
    );
    expect(result.errors).toBeUndefined();
    const edges = result.data.organization.spaces.edges;
    expect(edges).toHaveLength(spaces);
    for (const e of edges) expect(e.node.search).toMatchObject({ totalCount: 1, edges: [{ node: { title: 'Lemur', rank: 1 } }] });
    expect(result.data.organization.search.totalCount).toBe(spaces);
    return statements.length;
  }

  it('batches Space.search over many spaces: 10 spaces cost the statements of 2', async () => {
    expect(await statementsFor(10)).toBe(await statementsFor(2));
  });
});
