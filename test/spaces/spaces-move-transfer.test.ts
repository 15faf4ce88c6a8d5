// Moving spaces between collections and among their siblings, and transferring
// them to other organizations (spec 4.12, outcomes of section 7).
import { describe, expect, it } from 'vitest';
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
import { insertPages, pagesOf, publishOnSite } from '../support/content.js';
import { newId } from '../../src/ids.js';

const app = useTestApp();

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((i) => i.id);
const spacePointer = (space: string) => ({ type: 'space', space });

async function spacesIn(org: OrgFixture, collectionId: string) {
  return ids(await rest(app, org.admin.token).get(`/v1/collections/${collectionId}/spaces`));
}

describe('POST /spaces/{spaceId}/move', () => {
  it('requires authentication', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org);
    const res = await request(app, 'POST', `/v1/spaces/${space.id}/move`, { body: { parent: collection.id } });
    expect(res.status).toBe(401);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).parentId).toBeNull();
  });

  it('moves a space into a collection and back to the root of the organization', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org);
    const admin = rest(app, org.admin.token);

    const into = await admin.post(`/v1/spaces/${space.id}/move`, { parent: collection.id });
    expectOpenApi(into, 'post', '/spaces/{spaceId}/move', 200);
    expect(into.body).toMatchObject({ id: space.id, parent: collection.id, visibility: 'in-collection' });
    expect(await spacesIn(org, collection.id)).toEqual([space.id]);

    const out = await admin.post(`/v1/spaces/${space.id}/move`, { parent: null });
    expectOpenApi(out, 'post', '/spaces/{spaceId}/move', 200);
    expect(out.body.parent).toBeUndefined();
    expect(out.body.visibility).toBe('private');
    expect(await spacesIn(org, collection.id)).toEqual([]);
    expect(await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).toMatchObject({ parentId: null, memberLevel: 'inherit' });
  });

  it('places a space before or after a sibling, and at the end with a parent alone', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const [a, b, c] = [
      await createSpace(app, org, { parent: collection.id }),
      await createSpace(app, org, { parent: collection.id }),
      await createSpace(app, org, { parent: collection.id }),
    ];
    const outsider = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    expect(await spacesIn(org, collection.id)).toEqual([a.id, b.id, c.id]);

    expectOpenApi(
      await admin.post(`/v1/spaces/${c.id}/move`, { position: { before: spacePointer(a.id) } }),
      'post',
      '/spaces/{spaceId}/move',
      200,
    );
    expect(await spacesIn(org, collection.id)).toEqual([c.id, a.id, b.id]);
    expect((await admin.post(`/v1/spaces/${c.id}/move`, { position: { after: spacePointer(a.id) } })).status).toBe(200);
    expect(await spacesIn(org, collection.id)).toEqual([a.id, c.id, b.id]);
    // Same parent, no position: to the end.
    expect((await admin.post(`/v1/spaces/${a.id}/move`, { parent: collection.id })).status).toBe(200);
    expect(await spacesIn(org, collection.id)).toEqual([c.id, b.id, a.id]);
    // Another parent and a position at once.
    expect(
      (await admin.post(`/v1/spaces/${outsider.id}/move`, { parent: collection.id, position: { after: spacePointer(c.id) } })).status,
    ).toBe(200);
    expect(await spacesIn(org, collection.id)).toEqual([c.id, outsider.id, b.id, a.id]);
  });

  it('places a space relative to a sibling collection', async () => {
    const org = await createOrg(app);
    const parent = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: parent.id });
    const child = await createCollection(app, org, { parent: parent.id });
    const admin = rest(app, org.admin.token);
    const res = await admin.post(`/v1/spaces/${space.id}/move`, { position: { after: { type: 'collection', collection: child.id } } });
    expect(res.status).toBe(200);
    const [spaceRow, childRow] = await Promise.all([
      app.prisma.space.findUniqueOrThrow({ where: { id: space.id } }),
      app.prisma.collection.findUniqueOrThrow({ where: { id: child.id } }),
    ]);
    expect(spaceRow.sortKey).toBeGreaterThan(childRow.sortKey);
    // Already right after it now: nothing to do.
    expect(
      (await admin.post(`/v1/spaces/${space.id}/move`, { position: { after: { type: 'collection', collection: child.id } } })).status,
    ).toBe(409);
  });

  it('keeps the order right after many moves between the same neighbours', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const first = await createSpace(app, org, { parent: collection.id });
    const y = await createSpace(app, org, { parent: collection.id });
    const z = await createSpace(app, org, { parent: collection.id });
    const admin = rest(app, org.admin.token);
    // Each move lands between `first` and the space just moved: the gap halves every time.
    let order = [first.id, y.id, z.id];
    for (let i = 0; i < 70; i++) {
      const last = order[2];
      const res = await admin.post(`/v1/spaces/${last}/move`, { position: { after: spacePointer(first.id) } });
      expect(res.status, `move ${i}`).toBe(200);
      order = [first.id, last, order[1]];
    }
    expect(await spacesIn(org, collection.id)).toEqual(order);
  });

  it('rejects an invalid position with 400', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const elsewhere = await createCollection(app, org);
    const space = await createSpace(app, org, { parent: collection.id });
    const sibling = await createSpace(app, org, { parent: collection.id });
    const stranger = await createSpace(app, org, { parent: elsewhere.id });
    const admin = rest(app, org.admin.token);
    const bodies: Record<string, unknown>[] = [
      {},
      { position: { before: spacePointer(stranger.id) } }, // not a sibling there
      { position: { before: spacePointer('spc_unknown') } },
      { position: { before: { type: 'collection', collection: sibling.id } } }, // a space named as a collection
      { position: { before: spacePointer(space.id) } }, // itself
      { position: { before: spacePointer(sibling.id), after: spacePointer(sibling.id) } },
      { position: { before: { type: 'space' } } },
      { position: { before: { type: 'page', page: 'x' } } },
      { parent: collection.id, sortKey: 3 },
    ];
    for (const body of bodies) {
      const res = await admin.post(`/v1/spaces/${space.id}/move`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectOpenApi(res, 'post', '/spaces/{spaceId}/move', 400);
    }
    expect(await spacesIn(org, collection.id)).toEqual([space.id, sibling.id]);
  });

  it('answers 404 for an unknown parent, a parent of another organization or an unknown space', async () => {
    const org = await createOrg(app);
    const other = await createOrg(app);
    const foreign = await createCollection(app, other);
    const space = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    for (const parent of ['col_unknown', foreign.id]) {
      const res = await admin.post(`/v1/spaces/${space.id}/move`, { parent });
      expectOpenApi(res, 'post', '/spaces/{spaceId}/move', 404);
    }
    expectOpenApi(await admin.post('/v1/spaces/spc_unknown/move', { parent: null }), 'post', '/spaces/{spaceId}/move', 404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).parentId).toBeNull();
  });

  it('answers 409 when the move would change nothing', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const a = await createSpace(app, org, { parent: collection.id });
    const b = await createSpace(app, org, { parent: collection.id });
    const root = await createSpace(app, org);
    const admin = rest(app, org.admin.token);
    const nothing: [string, Record<string, unknown>][] = [
      [b.id, { parent: collection.id }], // already last
      [a.id, { position: { before: spacePointer(b.id) } }],
      [b.id, { position: { after: spacePointer(a.id) } }],
      [b.id, { parent: collection.id, position: { after: spacePointer(a.id) } }],
      [root.id, { parent: null }],
    ];
    for (const [id, body] of nothing) {
      const res = await admin.post(`/v1/spaces/${id}/move`, body);
      expectOpenApi(res, 'post', '/spaces/{spaceId}/move', 409);
    }
    expect(await spacesIn(org, collection.id)).toEqual([a.id, b.id]);
  });

  it('is for admins: 403 for members, 404 for guests and other organizations', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const space = await createSpace(app, org);
    const callers = await membersOfEveryRole(app, org.organizationId);
    for (const role of ['create', 'review', 'edit', 'comment', 'read'] as const) {
      expect((await rest(app, callers[role].token).post(`/v1/spaces/${space.id}/move`, { parent: collection.id })).status, role).toBe(403);
    }
    expect((await rest(app, callers.guest.token).post(`/v1/spaces/${space.id}/move`, { parent: collection.id })).status).toBe(404);
    const other = await createOrg(app);
    expect((await rest(app, other.admin.token).post(`/v1/spaces/${space.id}/move`, { parent: collection.id })).status).toBe(404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).parentId).toBeNull();
  });
});

describe('POST /spaces/{spaceId}/transfer', () => {
  const twoOrganizations = () => adminOfTwoOrganizations(app);

  it('requires authentication', async () => {
    const { source, target } = await twoOrganizations();
    const space = await createSpace(app, source);
    const res = await request(app, 'POST', `/v1/spaces/${space.id}/transfer`, { body: { organization: target.organizationId } });
    expect(res.status).toBe(401);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).organizationId).toBe(source.organizationId);
  });

  it('transfers a space with all its content to the root of another organization', async () => {
    const { source, target } = await twoOrganizations();
    const collection = await createCollection(app, source);
    const space = await createSpace(app, source, { parent: collection.id });
    await insertPages(app, space, [{ path: 'a' }, { path: 'b' }]);
    const crId = newId('ChangeRequest');
    const { revisionId } = await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } });
    await app.prisma.changeRequest.create({
      data: {
        id: crId,
        organizationId: source.organizationId,
        spaceId: space.id,
        number: 1,
        createdById: source.admin.userId,
        revisionId,
        revisionInitialId: revisionId,
      },
    });
    await app.prisma.comment.create({
      data: {
        id: newId('Comment'),
        organizationId: source.organizationId,
        spaceId: space.id,
        postedById: source.admin.userId,
        markdown: 'hi',
      },
    });

    const res = await rest(app, source.admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId });
    expect(res.status).toBe(200);
    expectSchema(res.body, 'Space');
    expect(res.body).toMatchObject({
      id: space.id,
      organization: target.organizationId,
      visibility: 'private',
      changeRequests: 1,
      comments: 1,
    });
    expect(res.body.parent).toBeUndefined();

    // Every row of the space now belongs to the target organization.
    const t = target.organizationId;
    expect(await app.prisma.revision.count({ where: { spaceId: space.id, organizationId: { not: t } } })).toBe(0);
    expect(await pagesOf(app, res.body.revision)).toHaveLength(3);
    expect(await app.prisma.pageVersion.count({ where: { spaceId: space.id, organizationId: { not: t } } })).toBe(0);
    expect(await app.prisma.changeRequest.findUniqueOrThrow({ where: { id: crId } })).toMatchObject({ organizationId: t });
    expect(await app.prisma.comment.count({ where: { spaceId: space.id, organizationId: t } })).toBe(1);
    expect(ids(await rest(app, target.admin.token).get(`/v1/orgs/${t}/spaces`))).toEqual([space.id]);
    expect(ids(await rest(app, source.admin.token).get(`/v1/orgs/${source.organizationId}/spaces`))).toEqual([]);
  });

  it('transfers into a collection of the other organization, or to another collection of its own', async () => {
    const { source, target } = await twoOrganizations();
    const there = await createCollection(app, target);
    const here = await createCollection(app, source);
    const space = await createSpace(app, source);
    const admin = rest(app, source.admin.token);
    const moved = await admin.post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId, collection: there.id });
    expect(moved.status).toBe(200);
    expectSchema(moved.body, 'Space');
    expect(moved.body).toMatchObject({ organization: target.organizationId, parent: there.id, visibility: 'in-collection' });

    const local = await createSpace(app, source);
    const within = await admin.post(`/v1/spaces/${local.id}/transfer`, { organization: source.organizationId, collection: here.id });
    expect(within.status).toBe(200);
    expect(within.body).toMatchObject({ organization: source.organizationId, parent: here.id });
  });

  it('answers 404 for an unknown target organization or collection, or one the caller does not belong to', async () => {
    const { source, target } = await twoOrganizations();
    const stranger = await createOrg(app);
    const strangersCollection = await createCollection(app, stranger);
    const space = await createSpace(app, source);
    const admin = rest(app, source.admin.token);
    const bodies = [
      { organization: 'org_unknown' },
      { organization: stranger.organizationId },
      { organization: target.organizationId, collection: 'col_unknown' },
      { organization: target.organizationId, collection: strangersCollection.id },
    ];
    for (const body of bodies) {
      const res = await admin.post(`/v1/spaces/${space.id}/transfer`, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expectSchema(res.body, 'Error');
    }
    expect((await admin.post('/v1/spaces/spc_unknown/transfer', { organization: target.organizationId })).status).toBe(404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).organizationId).toBe(source.organizationId);
  });

  it('answers 409 when nothing would change', async () => {
    const org = await createOrg(app);
    const collection = await createCollection(app, org);
    const atRoot = await createSpace(app, org);
    const inside = await createSpace(app, org, { parent: collection.id });
    const admin = rest(app, org.admin.token);
    expect((await admin.post(`/v1/spaces/${atRoot.id}/transfer`, { organization: org.organizationId })).status).toBe(409);
    const res = await admin.post(`/v1/spaces/${inside.id}/transfer`, { organization: org.organizationId, collection: collection.id });
    expect(res.status).toBe(409);
    expectSchema(res.body, 'Error');
  });

  it('answers 412 for a space published on a site, which stays where it is', async () => {
    const { source, target } = await twoOrganizations();
    const collection = await createCollection(app, source);
    const space = await createSpace(app, source);
    await publishOnSite(app, space);
    const admin = rest(app, source.admin.token);
    const res = await admin.post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId });
    expect(res.status).toBe(412);
    expectSchema(res.body, 'Error');
    expect(res.body.error.message).toMatch(/published/);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).organizationId).toBe(source.organizationId);
    // Within its own organization, the site keeps it: allowed.
    expect(
      (await admin.post(`/v1/spaces/${space.id}/transfer`, { organization: source.organizationId, collection: collection.id })).status,
    ).toBe(200);
  });

  it('rejects a body without a target organization with 400', async () => {
    const { source } = await twoOrganizations();
    const space = await createSpace(app, source);
    const admin = rest(app, source.admin.token);
    for (const body of [{}, { collection: 'col_x' }, { organization: source.organizationId, site: 'x' }]) {
      const res = await admin.post(`/v1/spaces/${space.id}/transfer`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectSchema(res.body, 'Error');
    }
  });

  it('needs admin on the space and the right to create in the target: 403 otherwise, 404 for other organizations', async () => {
    const { source, target } = await twoOrganizations();
    const space = await createSpace(app, source);
    // Admin here, only an editor there.
    const admin2 = await addMember(app, source.organizationId, 'admin');
    await addMember(app, target.organizationId, 'edit', { email: admin2.email });
    expect((await rest(app, admin2.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId })).status).toBe(
      403,
    );
    // Creator there, editor here.
    const editor = await addMember(app, source.organizationId, 'edit');
    await addMember(app, target.organizationId, 'create', { email: editor.email });
    expect((await rest(app, editor.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId })).status).toBe(
      403,
    );
    // Admin of the target only: cannot see the space.
    expect(
      (await rest(app, target.admin.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId })).status,
    ).toBe(404);
    expect((await app.prisma.space.findUniqueOrThrow({ where: { id: space.id } })).organizationId).toBe(source.organizationId);
    // A creator of the target who administers the source: allowed.
    await addMember(app, target.organizationId, 'create', { email: admin2.email });
    expect((await rest(app, admin2.token).post(`/v1/spaces/${space.id}/transfer`, { organization: target.organizationId })).status).toBe(
      200,
    );
  });
});
