// Conflicting writes of spaces and collections fired truly at once against the
// real server (test/support/concurrency.ts): the answers say the state changed
// once, and the database holds no state a sequential run could not produce.
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { rest } from '../support/http.js';
import { adminOfTwoOrganizations, createCollection, createOrg, createSpace, type OrgFixture } from '../support/factories.js';
import { graphqlCall, race, restCall, statusCounts, times } from '../support/concurrency.js';
import { insertPages } from '../support/content.js';
import { resolveLevel } from '../../src/domain/content/levels.js';

const app = useTestApp();

/** Follows parents up from a collection; throws on a cycle. */
async function depthOf(collectionId: string) {
  const seen = new Set<string>();
  for (let id: string | null = collectionId; id; ) {
    if (seen.has(id)) throw new Error(`cycle through ${[...seen].join(' → ')}`);
    seen.add(id);
    id = (await app.prisma.collection.findUniqueOrThrow({ where: { id }, select: { parentId: true } })).parentId;
  }
  return seen.size;
}

/** The sort keys of the live items under a parent (spaces and collections share one order). */
async function siblingKeys(organizationId: string, parentId: string | null) {
  const where = { organizationId, parentId };
  const spaces = await app.prisma.space.findMany({ where: { ...where, deletedAt: null }, select: { sortKey: true } });
  const collections = await app.prisma.collection.findMany({ where, select: { sortKey: true } });
  return [...spaces, ...collections].map((s) => s.sortKey);
}

const distinct = (keys: number[]) => new Set(keys).size;

describe('tree changes lock what they check', () => {
  it('two collections moved each into the other at once: one move wins, the other is refused, no cycle', async () => {
    const org = await createOrg(app);
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => [await createCollection(app, org), await createCollection(app, org)]),
    );
    const token = org.admin.token;
    const answers = await race(
      app,
      pairs.flatMap(([a, b]) => [
        restCall(token, 'POST', `/v1/collections/${a.id}/move`, { parent: b.id }),
        restCall(token, 'POST', `/v1/collections/${b.id}/move`, { parent: a.id }),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      expect([answers[2 * i].status, answers[2 * i + 1].status].sort()).toEqual([200, 400]);
      for (const c of pairs[i]) expect(await depthOf(c.id)).toBeLessThanOrEqual(2);
    }
  });

  it('a collection moved into another while that one moves into it, by transfer within the organization: no cycle', async () => {
    const org = await createOrg(app);
    const [a, b] = [await createCollection(app, org), await createCollection(app, org)];
    const transfer = (from: string, into: string) =>
      restCall(org.admin.token, 'POST', `/v1/collections/${from}/transfer`, { organization: org.organizationId, collection: into });
    const answers = await race(app, [transfer(a.id, b.id), transfer(b.id, a.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await depthOf(a.id)).toBeLessThanOrEqual(2);
    expect(await depthOf(b.id)).toBeLessThanOrEqual(2);
  });

  it('concurrent moves into one collection leave its items with distinct sort keys', async () => {
    const org = await createOrg(app);
    const target = await createCollection(app, org);
    const spaces = await Promise.all(Array.from({ length: 6 }, () => createSpace(app, org)));
    const collections = await Promise.all(Array.from({ length: 4 }, () => createCollection(app, org)));
    const token = org.admin.token;
    const answers = await race(app, [
      ...spaces.map((s) => restCall(token, 'POST', `/v1/spaces/${s.id}/move`, { parent: target.id })),
      ...collections.map((c) => restCall(token, 'POST', `/v1/collections/${c.id}/move`, { parent: target.id })),
    ]);
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    const keys = await siblingKeys(org.organizationId, target.id);
    expect(keys).toHaveLength(10);
    expect(distinct(keys)).toBe(10);
  });

  it('concurrent creations and duplications in one collection get distinct sort keys', async () => {
    const org = await createOrg(app);
    const parent = await createCollection(app, org);
    const source = await createSpace(app, org, { parent: parent.id });
    const token = org.admin.token;
    const answers = await race(app, [
      ...times(4, restCall(token, 'POST', `/v1/orgs/${org.organizationId}/spaces`, { title: 'S', parent: parent.id })),
      ...times(4, restCall(token, 'POST', `/v1/orgs/${org.organizationId}/collections`, { title: 'C', parent: parent.id })),
      ...times(4, restCall(token, 'POST', `/v1/spaces/${source.id}/duplicate`)),
    ]);
    expect(statusCounts(answers)).toEqual({ 201: 12 });
    const keys = await siblingKeys(org.organizationId, parent.id);
    expect(keys).toHaveLength(13);
    expect(distinct(keys)).toBe(13);
  });

  it('a default level changed while a space moves in: the space resolves the level its parent has now', async () => {
    for (const level of ['review', 'edit', 'comment']) {
      const org = await createOrg(app);
      const collection = await createCollection(app, org);
      const space = await createSpace(app, org);
      const token = org.admin.token;
      const answers = await race(app, [
        restCall(token, 'PATCH', `/v1/collections/${collection.id}`, { defaultLevel: level }),
        restCall(token, 'POST', `/v1/spaces/${space.id}/move`, { parent: collection.id }),
      ]);
      expect(statusCounts(answers)).toEqual({ 200: 2 });
      const parent = await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } });
      const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
      expect(parent.memberLevel).toBe(level);
      expect(row.memberLevel).toBe(resolveLevel(row.defaultLevel, parent.memberLevel));
    }
  });

  it('a space moved into a collection being deleted: either the move is refused or the space is deleted with it', async () => {
    const org = await createOrg(app);
    const pairs = await Promise.all(Array.from({ length: 3 }, async () => [await createCollection(app, org), await createSpace(app, org)]));
    const token = org.admin.token;
    const answers = await race(
      app,
      pairs.flatMap(([collection, space]) => [
        restCall(token, 'DELETE', `/v1/collections/${collection.id}`),
        restCall(token, 'POST', `/v1/spaces/${space.id}/move`, { parent: collection.id }),
      ]),
    );
    for (const [i, [collection, space]] of pairs.entries()) {
      const [deleted, moved] = [answers[2 * i], answers[2 * i + 1]];
      expect(deleted.status).toBe(205);
      expect(await app.prisma.collection.findUnique({ where: { id: collection.id } })).toBeNull();
      const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
      expect(row.parentId).toBeNull();
      // Moved first: deleted with the collection. Deleted first: the move found no collection.
      if (moved.status === 200) expect(row.deletedAt).not.toBeNull();
      else expect([moved.status, row.deletedAt]).toEqual([404, null]);
    }
  });

  it('"in-collection" set (GraphQL) while the space moves to the root: never "in-collection" at the root', async () => {
    const org = await createOrg(app);
    const token = org.admin.token;
    const setVisibility =
      'mutation($id: ID!) { setSpaceVisibility(input: { spaceId: $id, visibility: IN_COLLECTION }) { space { visibility } } }';
    for (let i = 0; i < 3; i++) {
      const collection = await createCollection(app, org);
      const space = await createSpace(app, org, { parent: collection.id });
      await app.prisma.space.update({ where: { id: space.id }, data: { visibility: 'public' } });
      const [set, moved] = await race(app, [
        graphqlCall(token, setVisibility, { id: space.id }),
        restCall(token, 'POST', `/v1/spaces/${space.id}/move`, { parent: null }),
      ]);
      expect(moved.status).toBe(200);
      const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
      expect(row.parentId).toBeNull();
      expect(row.visibility).not.toBe('in-collection');
      // Set first: the move turned it private. Moved first: the change was refused.
      if (set.body.errors) expect(set.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
      else expect(row.visibility).toBe('private');
    }
  });

  it('a space transferred to two organizations at once ends in one of them, with all its content', async () => {
    const { source, target } = await adminOfTwoOrganizations(app);
    const space = await createSpace(app, source);
    await insertPages(app, space, [{ path: 'a' }, { path: 'b' }]);
    const token = source.admin.token;
    const answers = await race(app, [
      restCall(token, 'POST', `/v1/spaces/${space.id}/transfer`, { organization: target.organizationId }),
      restCall(token, 'POST', `/v1/spaces/${space.id}/transfer`, { organization: target.organizationId }),
    ]);
    // The second finds it already there: 409.
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 1 });
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    expect(row.organizationId).toBe(target.organizationId);
    const versions = await app.prisma.pageVersion.findMany({ where: { spaceId: space.id } });
    expect(versions.length).toBeGreaterThanOrEqual(2);
    expect(new Set(versions.map((p) => p.organizationId))).toEqual(new Set([target.organizationId]));
    expect(await app.prisma.pageTree.count({ where: { spaceId: space.id, organizationId: { not: target.organizationId } } })).toBe(0);
  });
});

describe('state changes once', () => {
  it('20 concurrent deletes of a space: one 205, the others 204', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const answers = await race(app, times(20, restCall(org.admin.token, 'DELETE', `/v1/spaces/${space.id}`)));
    expect(statusCounts(answers)).toEqual({ 205: 1, 204: 19 });
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).not.toBeNull();
  });

  it('10 concurrent restores of a deleted space: one 200, the others 409 (not deleted)', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`);
    const answers = await race(app, times(10, restCall(org.admin.token, 'POST', `/v1/spaces/${space.id}/restore`)));
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 9 });
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).deletedAt).toBeNull();
  });

  it('deletes racing restores: every answer matches a sequential order, and the last word holds', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    await rest(app, org.admin.token).delete(`/v1/spaces/${space.id}`);
    const token = org.admin.token;
    const answers = await race(app, [
      ...times(5, restCall(token, 'POST', `/v1/spaces/${space.id}/restore`)),
      ...times(5, restCall(token, 'DELETE', `/v1/spaces/${space.id}`)),
    ]);
    const counts = statusCounts(answers);
    // Each delete that answered 205 undid one restore that answered 200 (or the initial delete).
    const restored = counts[200] ?? 0;
    const deleted = counts[205] ?? 0;
    expect(restored).toBeGreaterThanOrEqual(1);
    expect(deleted === restored || deleted === restored - 1).toBe(true);
    const row = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    expect(row.deletedAt === null).toBe(deleted === restored - 1);
  });

  it('10 concurrent deletes of a collection: one 205, the others 204; its spaces deleted once', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const nested = await createCollection(app, org, { parent: collection.id });
    const space = await createSpace(app, org, { parent: nested.id });
    const answers = await race(app, times(10, restCall(org.admin.token, 'DELETE', `/v1/collections/${collection.id}`)));
    expect(statusCounts(answers)).toEqual({ 205: 1, 204: 9 });
    expect(await app.prisma.collection.count({ where: { id: { in: [collection.id, nested.id] } } })).toBe(0);
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({
      parentId: null,
      deletedAt: expect.any(Date),
    });
  });

  it('concurrent updates of one space and one collection all apply, the row holds one of them', async () => {
    const org = await createOrg(app);
    const space = await createSpace(app, org);
    const collection = await createCollection(app, org);
    const titles = Array.from({ length: 5 }, (_, i) => `Title ${i}`);
    const token = org.admin.token;
    const answers = await race(app, [
      ...titles.map((title) => restCall(token, 'PATCH', `/v1/spaces/${space.id}`, { title })),
      ...titles.map((title) => restCall(token, 'PATCH', `/v1/collections/${collection.id}`, { title })),
    ]);
    expect(statusCounts(answers)).toEqual({ 200: 10 });
    expect(titles).toContain((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).title);
    expect(titles).toContain((await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).title);
  });
});

describe('sort keys stay distinct', () => {
  it('a restored space whose key a sibling took meanwhile goes last', async () => {
    const org = await createOrg(app);
    const parent = await createCollection(app, org);
    const first = await createSpace(app, org, { parent: parent.id });
    const restored = await createSpace(app, org, { parent: parent.id });
    const admin = rest(app, org.admin.token);
    expect((await admin.delete(`/v1/spaces/${restored.id}`)).status).toBe(205);
    const later = await createSpace(app, org, { parent: parent.id }); // takes the place (and key) after `first`
    expect((await admin.post(`/v1/spaces/${restored.id}/restore`)).status).toBe(200);
    const keys = await siblingKeys(org.organizationId, parent.id);
    expect(distinct(keys)).toBe(3);
    const order = (await admin.get(`/v1/collections/${parent.id}/spaces`)).body.items.map((s: { id: string }) => s.id);
    expect(order).toEqual([first.id, later.id, restored.id]);
  });
});

describe('a cycle in the database (which the locks prevent) cannot make a query run forever', () => {
  async function cycleOfTwo(org: OrgFixture) {
    const a = await createCollection(app, org);
    const b = await createCollection(app, org, { parent: a.id });
    const space = await createSpace(app, org, { parent: b.id });
    await app.prisma.collection.update({ where: { id: a.id }, data: { parentId: b.id } });
    return { a, b, space };
  }

  it('the routes that walk the tree answer', async () => {
    const org = await createOrg(app);
    const admin = rest(app, org.admin.token);
    const { a, b, space } = await cycleOfTwo(org);
    const started = Date.now();
    expect((await admin.patch(`/v1/collections/${a.id}`, { defaultLevel: 'review' })).status).toBe(200);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).memberLevel).toBe('review');
    expect((await admin.get(`/v1/collections/${a.id}/spaces`)).status).toBe(200);
    expect((await admin.get(`/v1/orgs/${org.organizationId}/collections`)).status).toBe(200);
    // Moving one of them out to the root breaks the cycle.
    expect((await admin.post(`/v1/collections/${b.id}/move`, { parent: null })).status).toBe(200);
    expect(await depthOf(a.id)).toBe(2);

    const other = await cycleOfTwo(org);
    // A transfer to the root of the same organization walks the subtree too.
    expect((await admin.post(`/v1/collections/${other.a.id}/transfer`, { organization: org.organizationId })).status).toBe(200);
    await app.prisma.collection.update({ where: { id: other.a.id }, data: { parentId: other.b.id } });
    expect((await admin.delete(`/v1/collections/${other.a.id}`)).status).toBe(205);
    expect(await app.prisma.collection.count({ where: { id: { in: [other.a.id, other.b.id] } } })).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
