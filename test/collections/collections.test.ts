// Collections (spec 4.10): read, settings, deletion, their spaces, moves and
// transfers, the organization list (nested or top level) and creation.
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../support/app.js';
import { request, rest } from '../support/http.js';
import {
  addMember,
  createCollection,
  createOrg,
  createSpace,
  adminOfTwoOrganizations,
  membersOfEveryRole,
  type OrgFixture,
} from '../support/factories.js';
import { expectOpenApi, expectSchema } from '../support/openapi.js';
import { insertPages, publishOnSite } from '../support/content.js';

const app = useTestApp();

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);
const expect400 = (res: { status: number; body: any }, field: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expectSchema(res.body, 'Error');
  expect(res.body.error.message).toContain(field);
};

describe('GET /collections/{collectionId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    expect((await request(app, 'GET', `/v1/collections/${collection.id}`)).status).toBe(401);
  });

  it("returns the collection with the caller's permissions for every role, and hides it from guests", async () => {
    const org = await createOrg(app);
    const parent = await createCollection(app, org);
    const collection = await createCollection(app, org, { title: 'Guides', parent: parent.id });
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const) {
      const res = await rest(app, callers[role].token).get(`/v1/collections/${collection.id}`);
      expectOpenApi(res, 'get', '/collections/{collectionId}', 200);
      expect(res.body).toMatchObject({
        object: 'collection',
        id: collection.id,
        title: 'Guides',
        organization: org.organizationId,
        parent: parent.id,
        defaultLevel: 'inherit',
        urls: { location: `http://quire.test/v1/collections/${collection.id}` },
        permissions: {
          view: true,
          admin: role === 'admin',
          viewInviteLinks: role === 'admin',
          create: role === 'admin' || role === 'create',
        },
      });
    }
    expect((await rest(app, callers.guest.token).get(`/v1/collections/${collection.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown collection and for a token of another organization', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const collection = await createCollection(app, org);
    expect((await rest(app, org.admin.token).get('/v1/collections/col_unknown')).body).toEqual({
      error: { code: 404, message: 'Collection not found' },
    });
    expect((await rest(app, other.admin.token).get(`/v1/collections/${collection.id}`)).status).toBe(404);
  });
});

describe('PATCH /collections/{collectionId}', () => {
  let org: OrgFixture;
  beforeAll(async () => {
    org = await createOrg(app);
  });

  it('requires authentication', async () => {
    const collection = await createCollection(app, org);
    expect((await request(app, 'PATCH', `/v1/collections/${collection.id}`, { body: { title: 'x' } })).status).toBe(401);
  });

  it('updates the title, description and default level', async () => {
    const collection = await createCollection(app, org, { title: 'Old' });
    const admin = rest(app, org.admin.token);
    const res = await admin.patch(`/v1/collections/${collection.id}`, {
      title: 'New',
      description: 'All about it',
      defaultLevel: 'review',
    });
    expectOpenApi(res, 'patch', '/collections/{collectionId}', 200);
    expect(res.body).toMatchObject({ title: 'New', description: 'All about it', defaultLevel: 'review' });
    expect(await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).toMatchObject({
      title: 'New',
      description: 'All about it',
      memberLevel: 'review',
    });

    const cleared = await admin.patch(`/v1/collections/${collection.id}`, { description: null, defaultLevel: null });
    expectOpenApi(cleared, 'patch', '/collections/{collectionId}', 200);
    expect(cleared.body.description).toBeUndefined();
    expect(cleared.body.defaultLevel).toBeNull();
    expect(await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).toMatchObject({
      description: null,
      defaultLevel: 'guest',
      memberLevel: 'guest',
    });
  });

  it('rejects invalid values with a 400 naming the field, and writes nothing', async () => {
    const collection = await createCollection(app, org, { title: 'Stable' });
    const admin = rest(app, org.admin.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ title: null }, 'title'],
      [{ description: 'x'.repeat(101) }, 'description'],
      [{ defaultLevel: 'owner' }, 'defaultLevel'],
      [{ parent: null }, 'parent'],
      [{ title: 'Changed', description: 'y'.repeat(101) }, 'description'],
    ];
    for (const [body, field] of cases) expect400(await admin.patch(`/v1/collections/${collection.id}`, body), field);
    expect(await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).toMatchObject({
      title: 'Stable',
      description: null,
    });
  });

  it('is for admins: 403 for members, 404 for guests, other organizations and unknown collections', async () => {
    const collection = await createCollection(app, org, { title: 'Mine' });
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).patch(`/v1/collections/${collection.id}`, { title: 'Theirs' })).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).patch(`/v1/collections/${collection.id}`, { title: 'Theirs' })).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).patch(`/v1/collections/${collection.id}`, { title: 'Theirs' })).status).toBe(404);
    expect((await rest(app, org.admin.token).patch('/v1/collections/col_unknown', { title: 'x' })).status).toBe(404);
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).title).toBe('Mine');
  });
});

describe('DELETE /collections/{collectionId}', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    expect((await request(app, 'DELETE', `/v1/collections/${collection.id}`)).status).toBe(401);
    expect(await app.prisma.collection.count({ where: { id: collection.id } })).toBe(1);
  });

  it('deletes the collection and its nested collections (205); their spaces are soft-deleted, restorable at the root', async () => {
    const org = await createOrg(app);
    const top = await createCollection(app, org);
    const nested = await createCollection(app, org, { parent: top.id });
    await rest(app, org.admin.token).patch(`/v1/collections/${top.id}`, { defaultLevel: 'read' });
    const a = await createSpace(app, org, { parent: top.id });
    const b = await createSpace(app, org, { parent: nested.id });
    const published = await createSpace(app, org, { parent: nested.id });
    await app.prisma.space.update({ where: { id: published.id }, data: { visibility: 'public' } });
    const bystander = await createSpace(app, org);
    const admin = rest(app, org.admin.token);

    const res = await admin.delete(`/v1/collections/${top.id}`);
    expect(res.status).toBe(205);
    expect(await app.prisma.collection.count({ where: { id: { in: [top.id, nested.id] } } })).toBe(0);
    const rows = await app.prisma.space.findMany({ where: { id: { in: [a.id, b.id, published.id] } }, orderBy: { createdAt: 'asc' } });
    for (const row of rows) expect(row).toMatchObject({ parentId: null, memberLevel: 'inherit', deletedAt: app.clock.now() });
    expect(rows.map((r) => r.visibility)).toEqual(['private', 'private', 'public']);
    expect(ids(await admin.get(`/v1/orgs/${org.organizationId}/spaces`))).toEqual([bystander.id]);

    const restored = await admin.post(`/v1/spaces/${a.id}/restore`);
    expectOpenApi(restored, 'post', '/spaces/{spaceId}/restore', 200);
    expect(restored.body.parent).toBeUndefined();
    expect(restored.body.visibility).toBe('private');

    expect((await admin.delete(`/v1/collections/${top.id}`)).status).toBe(204);
    expect((await admin.delete('/v1/collections/col_unknown')).status).toBe(204);
  });

  it('is for admins: 403 for members, nothing done (204) for callers who cannot see it', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).delete(`/v1/collections/${collection.id}`)).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).delete(`/v1/collections/${collection.id}`)).status).toBe(204);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).delete(`/v1/collections/${collection.id}`)).status).toBe(204);
    expect(await app.prisma.collection.count({ where: { id: collection.id } })).toBe(1);
  });
});

describe('GET /collections/{collectionId}/spaces', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    expect((await request(app, 'GET', `/v1/collections/${collection.id}/spaces`)).status).toBe(401);
  });

  it('lists the live spaces directly in the collection, in their order and in pages', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const child = await createCollection(app, org, { parent: collection.id });
    const [a, b, c] = [
      await createSpace(app, org, { parent: collection.id }),
      await createSpace(app, org, { parent: collection.id }),
      await createSpace(app, org, { parent: collection.id }),
    ];
    const deeper = await createSpace(app, org, { parent: child.id });
    const gone = await createSpace(app, org, { parent: collection.id });
    const admin = rest(app, org.admin.token);
    await admin.delete(`/v1/spaces/${gone.id}`);

    const all = await admin.get(`/v1/collections/${collection.id}/spaces`);
    expectOpenApi(all, 'get', '/collections/{collectionId}/spaces', 200);
    expect(ids(all)).toEqual([a.id, b.id, c.id]);
    expect(all.body.count).toBe(3);
    expect(ids(all)).not.toContain(deeper.id);

    const first = await admin.get(`/v1/collections/${collection.id}/spaces?limit=2`);
    expectOpenApi(first, 'get', '/collections/{collectionId}/spaces', 200);
    expect(ids(first)).toEqual([a.id, b.id]);
    const rest2 = await admin.get(`/v1/collections/${collection.id}/spaces?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
    expect(ids(rest2)).toEqual([c.id]);
    expect400(await admin.get(`/v1/collections/${collection.id}/spaces?limit=1001`), 'limit');
  });

  it('is readable by members who see the collection; 404 for guests, other organizations and unknown collections', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    await createSpace(app, org, { parent: collection.id });
    const callers = await membersOfEveryRole(app, org.organizationId);
    const read = await rest(app, callers.read.token).get(`/v1/collections/${collection.id}/spaces`);
    expectOpenApi(read, 'get', '/collections/{collectionId}/spaces', 200);
    expect(read.body.count).toBe(1);
    expect((await rest(app, callers.guest.token).get(`/v1/collections/${collection.id}/spaces`)).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).get(`/v1/collections/${collection.id}/spaces`)).status).toBe(404);
    expect((await rest(app, org.admin.token).get('/v1/collections/col_unknown/spaces')).status).toBe(404);
  });
});

describe('GET /orgs/{organizationId}/collections', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    expect((await request(app, 'GET', `/v1/orgs/${org.organizationId}/collections`)).status).toBe(401);
  });

  it('lists all nested collections by default, only the top level with nested=false', async () => {
    const org = await createOrg(app);
    const top = await createCollection(app, org);
    const child = await createCollection(app, org, { parent: top.id });
    const grandchild = await createCollection(app, org, { parent: child.id });
    const top2 = await createCollection(app, org);
    const admin = rest(app, org.admin.token);
    const path = `/v1/orgs/${org.organizationId}/collections`;

    const all = await admin.get(path);
    expectOpenApi(all, 'get', '/orgs/{organizationId}/collections', 200);
    expect(ids(all)).toEqual([top.id, child.id, grandchild.id, top2.id]);
    expect(all.body.count).toBe(4);
    expect(ids(await admin.get(`${path}?nested=true`))).toEqual([top.id, child.id, grandchild.id, top2.id]);
    const topLevel = await admin.get(`${path}?nested=false`);
    expectOpenApi(topLevel, 'get', '/orgs/{organizationId}/collections', 200);
    expect(ids(topLevel)).toEqual([top.id, top2.id]);
    expect(topLevel.body.count).toBe(2);

    const page1 = await admin.get(`${path}?limit=3`);
    expect(ids(page1)).toEqual([top.id, child.id, grandchild.id]);
    expect(ids(await admin.get(`${path}?limit=3&page=${encodeURIComponent(page1.body.next.page)}`))).toEqual([top2.id]);

    expect400(await admin.get(`${path}?nested=maybe`), 'nested');
    expect400(await admin.get(`${path}?limit=0`), 'limit');
  });

  it('shows members what they may see: guests nothing, other organizations 404', async () => {
    const org = await createOrg(app);
    const open = await createCollection(app, org);
    const closed = await createCollection(app, org);
    await rest(app, org.admin.token).patch(`/v1/collections/${closed.id}`, { defaultLevel: null });
    const callers = await membersOfEveryRole(app, org.organizationId);
    const path = `/v1/orgs/${org.organizationId}/collections`;
    const read = await rest(app, callers.read.token).get(path);
    expectOpenApi(read, 'get', '/orgs/{organizationId}/collections', 200);
    expect(ids(read)).toEqual([open.id]);
    expect(read.body.count).toBe(1);
    expect(ids(await rest(app, org.admin.token).get(path))).toEqual([open.id, closed.id]);
    expect((await rest(app, callers.guest.token).get(path)).body).toEqual({ count: 0, items: [] });
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).get(path)).status).toBe(404);
  });
});

describe('POST /orgs/{organizationId}/collections', () => {
  let org: OrgFixture;
  beforeAll(async () => {
    org = await createOrg(app);
  });

  it('requires authentication', async () => {
    expect((await request(app, 'POST', `/v1/orgs/${org.organizationId}/collections`, { body: { title: 'x' } })).status).toBe(401);
  });

  it('creates a collection (201), at the top level or in a parent', async () => {
    const admin = rest(app, org.admin.token);
    const top = await admin.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'Product' });
    expectOpenApi(top, 'post', '/orgs/{organizationId}/collections', 201);
    expect(top.body).toMatchObject({
      object: 'collection',
      title: 'Product',
      organization: org.organizationId,
      defaultLevel: 'inherit',
      permissions: { admin: true },
    });
    expect(top.body.id).toMatch(/^col_/);
    const child = await admin.post(`/v1/orgs/${org.organizationId}/collections`, { title: 'API', parent: top.body.id });
    expectOpenApi(child, 'post', '/orgs/{organizationId}/collections', 201);
    expect(child.body.parent).toBe(top.body.id);
    expect((await admin.get(`/v1/collections/${child.body.id}`)).body.title).toBe('API');
  });

  it('rejects invalid fields with 400 and unknown parents with 404, creating nothing', async () => {
    const admin = rest(app, org.admin.token);
    const path = `/v1/orgs/${org.organizationId}/collections`;
    const before = await app.prisma.collection.count({ where: { organizationId: org.organizationId } });
    expect400(await admin.post(path, { title: 'x'.repeat(51) }), 'title');
    expect400(await admin.post(path, { title: null }), 'title');
    expect400(await admin.post(path, { title: 'ok', defaultLevel: 'read' }), 'defaultLevel');
    const other = await createOrg(app);
    const foreign = await createCollection(app, other);
    for (const parent of ['col_unknown', foreign.id]) {
      const res = await admin.post(path, { title: 'Lost', parent });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Collection not found');
    }
    expect(await app.prisma.collection.count({ where: { organizationId: org.organizationId } })).toBe(before);
  });

  it('is for the create role and up: 403 below, 404 for other organizations', async () => {
    const callers = await membersOfEveryRole(app, org.organizationId);
    const path = `/v1/orgs/${org.organizationId}/collections`;
    expectOpenApi(
      await rest(app, callers.create.token).post(path, { title: 'By creator' }),
      'post',
      '/orgs/{organizationId}/collections',
      201,
    );
    for (const role of ['review', 'edit', 'comment', 'read', 'guest'] as const) {
      expect((await rest(app, callers[role].token).post(path, { title: `By ${role}` })).status, role).toBe(403);
    }
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).post(path, { title: 'By stranger' })).status).toBe(404);
    expect(
      await app.prisma.collection.count({ where: { title: { in: ['By review', 'By edit', 'By read', 'By guest', 'By stranger'] } } }),
    ).toBe(0);
  });
});

describe('POST /collections/{collectionId}/move', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const target = await createCollection(app, org);
    expect((await request(app, 'POST', `/v1/collections/${collection.id}/move`, { body: { parent: target.id } })).status).toBe(401);
  });

  it('moves a collection into another, among siblings, and back to the top level; levels follow', async () => {
    const org = await createOrg(app);
    const strict = await createCollection(app, org);
    await rest(app, org.admin.token).patch(`/v1/collections/${strict.id}`, { defaultLevel: 'read' });
    const sibling = await createCollection(app, org, { parent: strict.id });
    const moving = await createCollection(app, org);
    const inner = await createCollection(app, org, { parent: moving.id });
    const space = await createSpace(app, org, { parent: inner.id });
    const admin = rest(app, org.admin.token);

    const into = await admin.post(`/v1/collections/${moving.id}/move`, {
      parent: strict.id,
      position: { before: { type: 'collection', collection: sibling.id } },
    });
    expectOpenApi(into, 'post', '/collections/{collectionId}/move', 200);
    expect(into.body.parent).toBe(strict.id);
    const [movingRow, siblingRow] = await Promise.all([
      app.prisma.collection.findUniqueOrThrow({ where: { id: moving.id } }),
      app.prisma.collection.findUniqueOrThrow({ where: { id: sibling.id } }),
    ]);
    expect(movingRow.sortKey).toBeLessThan(siblingRow.sortKey);
    // Everything inside now resolves to the strict collection's level.
    expect(await app.prisma.collection.findUniqueOrThrow({ where: { id: inner.id } })).toMatchObject({ memberLevel: 'read' });
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({ memberLevel: 'read' });

    const out = await admin.post(`/v1/collections/${moving.id}/move`, { parent: null });
    expectOpenApi(out, 'post', '/collections/{collectionId}/move', 200);
    expect(out.body.parent).toBeUndefined();
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({ memberLevel: 'inherit' });
  });

  it('rejects moving a collection into itself or its descendants, and invalid positions, with 400', async () => {
    const org = await createOrg(app);
    const top = await createCollection(app, org);
    const child = await createCollection(app, org, { parent: top.id });
    const grandchild = await createCollection(app, org, { parent: child.id });
    const elsewhere = await createSpace(app, org, { parent: child.id }); // not a sibling of `top`
    const admin = rest(app, org.admin.token);
    for (const body of [
      { parent: top.id },
      { parent: grandchild.id },
      {},
      { position: { after: { type: 'space', space: elsewhere.id } } },
      { position: { after: { type: 'collection' } } },
    ]) {
      const res = await admin.post(`/v1/collections/${top.id}/move`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectOpenApi(res, 'post', '/collections/{collectionId}/move', 400);
    }
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: top.id } })).parentId).toBeNull();
  });

  it('answers 404 for unknown targets and 409 when nothing would change', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const foreign = await createCollection(app, other);
    const parent = await createCollection(app, org);
    const collection = await createCollection(app, org, { parent: parent.id });
    const admin = rest(app, org.admin.token);
    for (const body of [{ parent: 'col_unknown' }, { parent: foreign.id }]) {
      expectOpenApi(await admin.post(`/v1/collections/${collection.id}/move`, body), 'post', '/collections/{collectionId}/move', 404);
    }
    expectOpenApi(await admin.post('/v1/collections/col_unknown/move', { parent: null }), 'post', '/collections/{collectionId}/move', 404);
    expectOpenApi(
      await admin.post(`/v1/collections/${collection.id}/move`, { parent: parent.id }),
      'post',
      '/collections/{collectionId}/move',
      409,
    );
    expectOpenApi(await admin.post(`/v1/collections/${parent.id}/move`, { parent: null }), 'post', '/collections/{collectionId}/move', 409);
  });

  it('is for admins: 403 for members, 404 for guests and other organizations', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const target = await createCollection(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).post(`/v1/collections/${collection.id}/move`, { parent: target.id })).status, role).toBe(
        403,
      );
    }
    expect((await rest(app, callers.guest.token).post(`/v1/collections/${collection.id}/move`, { parent: target.id })).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).post(`/v1/collections/${collection.id}/move`, { parent: target.id })).status).toBe(404);
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).parentId).toBeNull();
  });
});

describe('POST /collections/{collectionId}/transfer', () => {
  const twoOrganizations = () => adminOfTwoOrganizations(app);

  it('requires authentication', async () => {
    const { source, target } = await twoOrganizations();
    const collection = await createCollection(app, source);
    expect(
      (await request(app, 'POST', `/v1/collections/${collection.id}/transfer`, { body: { organization: target.organizationId } })).status,
    ).toBe(401);
  });

  it('transfers the collection with its nested collections, spaces and their content', async () => {
    const { source, target } = await twoOrganizations();
    const top = await createCollection(app, source);
    const nested = await createCollection(app, source, { parent: top.id });
    const a = await createSpace(app, source, { parent: top.id });
    const b = await createSpace(app, source, { parent: nested.id });
    await insertPages(app, b, [{ path: 'x' }]);
    const deleted = await createSpace(app, source, { parent: nested.id });
    await rest(app, source.admin.token).delete(`/v1/spaces/${deleted.id}`);

    const res = await rest(app, source.admin.token).post(`/v1/collections/${top.id}/transfer`, { organization: target.organizationId });
    expectOpenApi(res, 'post', '/collections/{collectionId}/transfer', 200);
    expect(res.body).toMatchObject({ id: top.id, organization: target.organizationId });
    expect(res.body.parent).toBeUndefined();
    const t = target.organizationId;
    expect(await app.prisma.collection.count({ where: { id: { in: [top.id, nested.id] }, organizationId: t } })).toBe(2);
    expect(await app.prisma.space.count({ where: { id: { in: [a.id, b.id, deleted.id] }, organizationId: t } })).toBe(3);
    expect(await app.prisma.pageVersion.count({ where: { spaceId: b.id, organizationId: { not: t } } })).toBe(0);
    expect(await app.prisma.revision.count({ where: { spaceId: { in: [a.id, b.id] }, organizationId: { not: t } } })).toBe(0);
    // The tree is intact, and listed in the target only.
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: nested.id } })).parentId).toBe(top.id);
    expect(ids(await rest(app, target.admin.token).get(`/v1/orgs/${t}/collections`))).toEqual([top.id, nested.id]);
    expect((await rest(app, source.admin.token).get(`/v1/orgs/${source.organizationId}/collections`)).body.count).toBe(0);
    // The deleted space went along, still restorable there.
    expect((await rest(app, target.admin.token).post(`/v1/spaces/${deleted.id}/restore`)).body.organization).toBe(t);
  });

  it('transfers into a collection of the target, taking its level', async () => {
    const { source, target } = await twoOrganizations();
    const there = await createCollection(app, target);
    await rest(app, target.admin.token).patch(`/v1/collections/${there.id}`, { defaultLevel: 'comment' });
    const collection = await createCollection(app, source);
    const space = await createSpace(app, source, { parent: collection.id });
    const res = await rest(app, source.admin.token).post(`/v1/collections/${collection.id}/transfer`, {
      organization: target.organizationId,
      collection: there.id,
    });
    expectOpenApi(res, 'post', '/collections/{collectionId}/transfer', 200);
    expect(res.body).toMatchObject({ organization: target.organizationId, parent: there.id });
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({
      memberLevel: 'comment',
      organizationId: target.organizationId,
    });
  });

  it('answers 404 for unknown targets, 409 when nothing would change, 400 into its own subtree', async () => {
    const { source, target } = await twoOrganizations();
    const stranger = await createOrg(app);
    const collection = await createCollection(app, source);
    const child = await createCollection(app, source, { parent: collection.id });
    const admin = rest(app, source.admin.token);
    for (const body of [
      { organization: 'org_unknown' },
      { organization: stranger.organizationId },
      { organization: target.organizationId, collection: 'col_unknown' },
      { organization: target.organizationId, collection: child.id },
    ]) {
      expectOpenApi(
        await admin.post(`/v1/collections/${collection.id}/transfer`, body),
        'post',
        '/collections/{collectionId}/transfer',
        404,
      );
    }
    expectOpenApi(
      await admin.post('/v1/collections/col_unknown/transfer', { organization: target.organizationId }),
      'post',
      '/collections/{collectionId}/transfer',
      404,
    );
    expectOpenApi(
      await admin.post(`/v1/collections/${collection.id}/transfer`, { organization: source.organizationId }),
      'post',
      '/collections/{collectionId}/transfer',
      409,
    );
    expectOpenApi(
      await admin.post(`/v1/collections/${child.id}/transfer`, { organization: source.organizationId, collection: collection.id }),
      'post',
      '/collections/{collectionId}/transfer',
      409,
    );
    expect400(
      await admin.post(`/v1/collections/${collection.id}/transfer`, { organization: source.organizationId, collection: child.id }),
      'collection',
    );
    expect400(await admin.post(`/v1/collections/${collection.id}/transfer`, {}), 'organization');
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).organizationId).toBe(source.organizationId);
  });

  it('answers 412 when a space inside is published on a site, and moves nothing', async () => {
    const { source, target } = await twoOrganizations();
    const collection = await createCollection(app, source);
    const nested = await createCollection(app, source, { parent: collection.id });
    const space = await createSpace(app, source, { parent: nested.id });
    await publishOnSite(app, space);
    const res = await rest(app, source.admin.token).post(`/v1/collections/${collection.id}/transfer`, {
      organization: target.organizationId,
    });
    expectOpenApi(res, 'post', '/collections/{collectionId}/transfer', 412);
    expect(
      await app.prisma.collection.count({ where: { id: { in: [collection.id, nested.id] }, organizationId: source.organizationId } }),
    ).toBe(2);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).organizationId).toBe(source.organizationId);
  });

  it('needs admin on the collection and the right to create in the target: 403 otherwise, 404 for other organizations', async () => {
    const { source, target } = await twoOrganizations();
    const collection = await createCollection(app, source);
    const admin2 = await addMember(app, source.organizationId, 'admin');
    await addMember(app, target.organizationId, 'review', { email: admin2.email });
    expect(
      (await rest(app, admin2.token).post(`/v1/collections/${collection.id}/transfer`, { organization: target.organizationId })).status,
    ).toBe(403);
    const creator = await addMember(app, source.organizationId, 'create');
    expect(
      (
        await rest(app, creator.token).post(`/v1/collections/${collection.id}/transfer`, {
          organization: source.organizationId,
          collection: null,
        })
      ).status,
    ).toBe(403);
    expect(
      (await rest(app, target.admin.token).post(`/v1/collections/${collection.id}/transfer`, { organization: target.organizationId }))
        .status,
    ).toBe(404);
    expect((await app.prisma.collection.findUniqueOrThrow({ where: { id: collection.id } })).organizationId).toBe(source.organizationId);
  });
});
